import { describe, expect, it } from 'vitest';
import { deskPaymentMethodOf, paidAtClinicText } from './desk-payment.ts';

describe('deskPaymentMethodOf', () => {
  it.each([
    ['desk_cash_0123abcd', 'cash'],
    ['desk_card-terminal_0123abcd', 'card-terminal'],
    ['desk_cheque_0123abcd', null],
    ['test_0123abcd', null],
    ['pi_3PqExample', null],
    [null, null],
  ] as const)('%s is %s', (transactionId, method) => {
    expect(deskPaymentMethodOf(transactionId)).toBe(method);
  });
});

describe('paidAtClinicText', () => {
  it('names the method when the id carries one', () => {
    expect(paidAtClinicText('desk_cash_0123abcd')).toBe('Paid at the clinic in cash.');
    expect(paidAtClinicText('desk_card-terminal_0123abcd')).toBe('Paid at the clinic by card.');
    expect(paidAtClinicText(null)).toBe('Paid at the clinic.');
  });
});
