import { describe, expect, it } from 'vitest';
import type { FormQuestion } from '@clinic/shared';
import { answerText, isAlertAnswer, NOT_ANSWERED } from './answer-text.ts';

const yesno: FormQuestion = { id: 'heart', kind: 'yesno', label: 'Heart condition?', required: true, alert: { when: 'yes' } };
const multi: FormQuestion = { id: 'conditions', kind: 'multi', label: 'Any of these?', required: false, options: ['Asthma', 'HIV'], alert: { when: 'HIV' } };
const date: FormQuestion = { id: 'last-visit', kind: 'date', label: 'Last visit?', required: false };

describe('answerText', () => {
  it('reads each kind as words, and a blank answer as not answered', () => {
    expect(answerText(yesno, { heart: 'yes' })).toBe('Yes');
    expect(answerText(yesno, { heart: 'no' })).toBe('No');
    expect(answerText(multi, { conditions: ['Asthma', 'HIV'] })).toBe('Asthma, HIV');
    expect(answerText(date, { 'last-visit': '2029-03-05' })).toBe('Mar 5, 2029');
    expect(answerText(date, {})).toBe(NOT_ANSWERED);
    expect(answerText(multi, { conditions: [] })).toBe(NOT_ANSWERED);
  });
});

describe('isAlertAnswer', () => {
  it('flags the answer the alert names, also among several options', () => {
    expect(isAlertAnswer(yesno, { heart: 'yes' })).toBe(true);
    expect(isAlertAnswer(yesno, { heart: 'no' })).toBe(false);
    expect(isAlertAnswer(multi, { conditions: ['Asthma', 'HIV'] })).toBe(true);
    expect(isAlertAnswer(multi, { conditions: ['Asthma'] })).toBe(false);
    expect(isAlertAnswer(date, { 'last-visit': '2029-03-05' })).toBe(false);
  });
});
