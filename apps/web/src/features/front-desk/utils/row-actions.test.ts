import { describe, expect, it } from 'vitest';
import { rowActions } from './row-actions.ts';

const START = '2030-06-12T08:30:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('rowActions', () => {
  it.each([
    ['a minute before the start', '2030-06-12T08:29:00.000Z', false, false, true],
    ['at the start', '2030-06-12T08:30:00.000Z', true, false, false],
    ['14 minutes 59 after the start', '2030-06-12T08:44:59.000Z', true, false, false],
    ['15 minutes after the start', '2030-06-12T08:45:00.000Z', true, true, false],
  ])(
    'a confirmed booking %s: complete %s, no-show %s, cancel %s',
    (_, now, complete, noShow, cancel) => {
      expect(rowActions({ status: 'confirmed', startsAt: START }, at(now))).toEqual({
        canComplete: complete,
        canMarkNoShow: noShow,
        canReschedule: true,
        canCancel: cancel,
      });
    },
  );

  it('lets an outcome be corrected to the other within 14 days of the start, not after', () => {
    const within = at('2030-06-26T08:30:00.000Z');
    const after = at('2030-06-26T08:30:01.000Z');
    expect(rowActions({ status: 'completed', startsAt: START }, within)).toMatchObject({
      canComplete: false,
      canMarkNoShow: true,
    });
    expect(rowActions({ status: 'no_show', startsAt: START }, within)).toMatchObject({
      canComplete: true,
      canMarkNoShow: false,
    });
    expect(rowActions({ status: 'completed', startsAt: START }, after).canMarkNoShow).toBe(false);
    expect(rowActions({ status: 'no_show', startsAt: START }, after).canComplete).toBe(false);
  });

  it('offers nothing for a cancelled booking', () => {
    expect(Object.values(rowActions({ status: 'cancelled', startsAt: START }, at(START)))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
