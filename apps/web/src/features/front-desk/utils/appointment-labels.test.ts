import { describe, expect, it } from 'vitest';
import { adminBookingFactory } from './appointments-test-factories.ts';
import { paymentAmountText, paymentBadge, refundableDollars } from './appointment-labels.ts';

describe('paymentBadge', () => {
  it.each([
    [{ paid: false, refunded: 0 }, null, 'Unpaid'],
    [{ paid: true, refunded: 0 }, 'stripe', 'Paid'],
    [{ paid: true, refunded: 0 }, 'test', 'Test payment'],
    [{ paid: true, refunded: 12.5 }, 'stripe', 'Refunded $12.50'],
    [{ paid: true, refunded: 17 }, 'test', 'Refunded $17 (test)'],
    [{ paid: true, refunded: 0 }, 'desk', 'Paid at desk'],
    [{ paid: true, refunded: 17 }, 'desk', 'Refunded $17 at desk'],
  ] as const)('%o paid by %s reads %s', (payment, paymentMode, label) => {
    expect(paymentBadge(adminBookingFactory({ payment, paymentMode })).label).toBe(label);
  });
});

describe('refundableDollars', () => {
  it('is what is left of the payment, to the cent, and nothing for an unpaid booking', () => {
    const paid = { paid: true, refunded: 10.1 };
    expect(refundableDollars(adminBookingFactory({ price: 40.3, payment: paid }))).toBe(30.2);
    expect(
      refundableDollars(adminBookingFactory({ price: 40, payment: { paid: false, refunded: 0 } })),
    ).toBe(0);
  });
});

describe('paymentAmountText', () => {
  it.each([
    [{ paid: true, refunded: 0 }, 17, 'confirmed', '$17 paid'],
    [{ paid: true, refunded: 10 }, 40.5, 'cancelled', '$40.50 paid'],
    [{ paid: false, refunded: 0 }, 17, 'confirmed', '$17 due'],
    [{ paid: false, refunded: 0 }, 17, 'cancelled', null],
    [{ paid: false, refunded: 0 }, 0, 'confirmed', null],
  ] as const)('%o at $%d, %s: %s', (payment, price, status, text) => {
    expect(paymentAmountText(adminBookingFactory({ payment, price, status }))).toBe(text);
  });
});
