import { describe, expect, it } from 'vitest';
import type { AdminBooking } from '@clinic/shared';
import { rowActions } from './row-actions.ts';

const START = '2030-06-12T08:30:00.000Z';
const at = (iso: string) => Date.parse(iso);
const UNPAID = { price: 17, payment: { paid: false, refunded: 0 } };
const PAID = { price: 17, payment: { paid: true, refunded: 0 } };
const booking = (
  status: AdminBooking['status'],
  money: Pick<AdminBooking, 'price' | 'payment'> = PAID,
) => ({ status, startsAt: START, ...money });

describe('rowActions', () => {
  it.each([
    ['a minute before the start', '2030-06-12T08:29:00.000Z', false, false, true],
    ['at the start', '2030-06-12T08:30:00.000Z', true, false, false],
    ['14 minutes 59 after the start', '2030-06-12T08:44:59.000Z', true, false, false],
    ['15 minutes after the start', '2030-06-12T08:45:00.000Z', true, true, false],
  ])(
    'a confirmed booking %s: complete %s, no-show %s, cancel %s',
    (_, now, complete, noShow, cancel) => {
      expect(rowActions(booking('confirmed'), at(now))).toEqual({
        canComplete: complete,
        canMarkNoShow: noShow,
        canReschedule: true,
        canCancel: cancel,
        canRecordPayment: false,
      });
    },
  );

  it('lets an outcome be corrected to the other within 14 days of the start, not after', () => {
    const within = at('2030-06-26T08:30:00.000Z');
    const after = at('2030-06-26T08:30:01.000Z');
    expect(rowActions(booking('completed'), within)).toMatchObject({
      canComplete: false,
      canMarkNoShow: true,
    });
    expect(rowActions(booking('no_show'), within)).toMatchObject({
      canComplete: true,
      canMarkNoShow: false,
    });
    expect(rowActions(booking('completed'), after).canMarkNoShow).toBe(false);
    expect(rowActions(booking('no_show'), after).canComplete).toBe(false);
  });

  it('offers nothing for a cancelled booking', () => {
    expect(Object.values(rowActions(booking('cancelled', UNPAID), at(START)))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it.each([
    ['an upcoming', 'confirmed', '2030-06-12T08:00:00.000Z'],
    ['a started', 'confirmed', '2030-06-12T09:00:00.000Z'],
    ['a completed', 'completed', '2030-06-12T09:00:00.000Z'],
    ['a no-show', 'no_show', '2030-06-12T09:00:00.000Z'],
    ['a month-old completed', 'completed', '2030-07-12T09:00:00.000Z'],
  ] as const)('offers to record a payment for %s unpaid visit with a price', (_, status, now) => {
    expect(rowActions(booking(status, UNPAID), at(now)).canRecordPayment).toBe(true);
  });

  it('offers no payment for a paid, a free or a cancelled booking', () => {
    const now = at('2030-06-12T08:00:00.000Z');
    expect(rowActions(booking('confirmed', PAID), now).canRecordPayment).toBe(false);
    expect(rowActions(booking('confirmed', { ...UNPAID, price: 0 }), now).canRecordPayment).toBe(
      false,
    );
    expect(rowActions(booking('cancelled', UNPAID), now).canRecordPayment).toBe(false);
    // Paid, then refunded in full: it was paid once, and the server says so.
    expect(
      rowActions(booking('completed', { price: 17, payment: { paid: true, refunded: 17 } }), now)
        .canRecordPayment,
    ).toBe(false);
  });
});
