import { describe, expect, it } from 'vitest';
import { paymentModeOf } from './payment.ts';

describe('paymentModeOf', () => {
  it('names the built-in test mode, Stripe, or nothing for an unpaid booking', () => {
    expect(paymentModeOf({ paid: true, transactionId: 'test_0123abcd' })).toBe('test');
    expect(paymentModeOf({ paid: true, transactionId: 'pi_3PqExample' })).toBe('stripe');
    expect(paymentModeOf({ paid: false, transactionId: null })).toBeNull();
    expect(paymentModeOf({ paid: true, transactionId: null })).toBeNull();
  });
});
