import { describe, expect, it } from 'vitest';
import { bookingFactory } from '../../../test/factories.ts';
import {
  historyPaymentLabel,
  historyStatusLabel,
  pastAppointments,
  refundNote,
} from './history.ts';

describe('pastAppointments', () => {
  const now = Date.parse('2030-06-12T12:00:00.000Z');

  it('keeps what started before now or is settled, newest first', () => {
    const started = bookingFactory({ _id: 'started', startsAt: '2030-06-12T11:30:00.000Z' });
    const upcoming = bookingFactory({ _id: 'upcoming', startsAt: '2030-06-12T12:00:00.000Z' });
    const cancelledAhead = bookingFactory({
      _id: 'cancelled',
      status: 'cancelled',
      startsAt: '2030-06-30T09:00:00.000Z',
    });
    const older = bookingFactory({
      _id: 'older',
      status: 'completed',
      startsAt: '2030-01-02T09:00:00.000Z',
    });
    expect(
      pastAppointments([older, upcoming, started, cancelledAhead], now).map((b) => b._id),
    ).toEqual(['cancelled', 'started', 'older']);
  });
});

describe('history labels', () => {
  it('words every status', () => {
    expect(
      (['completed', 'no_show', 'cancelled', 'confirmed'] as const).map(historyStatusLabel),
    ).toEqual(['Completed', 'Did not attend', 'Cancelled', 'Awaiting outcome']);
  });

  it('says paid, refunded with the amount, not paid, or nothing for a free visit', () => {
    expect(historyPaymentLabel({ paid: true, price: 17, refund: null })).toBe('Paid');
    expect(
      historyPaymentLabel({ paid: true, price: 17, refund: { status: 'succeeded', amount: 8.5 } }),
    ).toBe('Refunded $8.50');
    expect(historyPaymentLabel({ paid: false, price: 17, refund: null })).toBe('Not paid');
    expect(historyPaymentLabel({ paid: false, price: 0, refund: null })).toBeNull();
    expect(
      historyPaymentLabel({ paid: true, price: 17, refund: { status: 'pending', amount: 17 } }),
    ).toBe('Paid');
    expect(refundNote({ refund: { status: 'pending', amount: 17 } })).toBe('Refund of $17 pending');
    expect(refundNote({ refund: { status: 'failed', amount: 17 } })).toMatch(/^Refund failed/);
    expect(refundNote({ refund: null })).toBeNull();
  });
});
