import { describe, expect, it } from 'vitest';
import { addMonths, stageDates, stageToSend } from './recall-rules.ts';

const settings = { leadDays: 14, followupDays: [14, 45] };

describe('recall rules', () => {
  it('adds months to a date, keeping the day or taking the month’s last', () => {
    expect(addMonths('2030-06-05', 6)).toBe('2030-12-05');
    expect(addMonths('2030-08-31', 6)).toBe('2031-02-28');
    expect(addMonths('2031-08-31', 6)).toBe('2032-02-29');
    expect(addMonths('2030-11-15', 1)).toBe('2030-12-15');
    expect(addMonths('2030-12-15', 1)).toBe('2031-01-15');
    expect(addMonths('2030-01-31', 24)).toBe('2032-01-31');
  });

  it('sends before the due date, then each follow-up, once each', () => {
    expect(stageDates('2030-12-05', settings)).toEqual(['2030-11-21', '2030-12-19', '2031-01-19']);
    const recall = { dueDate: '2030-12-05', attempts: 0, snoozedUntil: null };
    expect(stageToSend(recall, '2030-11-20', settings)).toBeNull();
    expect(stageToSend(recall, '2030-11-21', settings)).toBe(0);
    expect(stageToSend({ ...recall, attempts: 1 }, '2030-12-18', settings)).toBeNull();
    expect(stageToSend({ ...recall, attempts: 1 }, '2030-12-19', settings)).toBe(1);
    expect(stageToSend({ ...recall, attempts: 3 }, '2031-06-01', settings)).toBeNull();
  });

  it('skips the messages missed while down (only the latest goes), and none while snoozed', () => {
    expect(stageToSend({ dueDate: '2030-12-05', attempts: 0, snoozedUntil: null }, '2031-01-01', settings)).toBe(1);
    expect(stageToSend({ dueDate: '2030-12-05', attempts: 1, snoozedUntil: '2030-12-25' }, '2030-12-20', settings)).toBeNull();
    expect(stageToSend({ dueDate: '2030-12-05', attempts: 1, snoozedUntil: '2030-12-25' }, '2030-12-25', settings)).toBe(1);
  });
});
