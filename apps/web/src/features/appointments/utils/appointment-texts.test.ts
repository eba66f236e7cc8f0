import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { bookingEventFactory, bookingFactory } from '../../../test/factories.ts';
import {
  closedWindowMessage,
  dollars,
  eventText,
  noticeHours,
  refundText,
  windowClosedText,
} from './appointment-texts.ts';

const booking = bookingFactory({
  startsAt: '2030-06-12T08:30:00.000Z',
  cancelDeadline: '2030-06-11T08:30:00.000Z',
});

function windowClosed(code: string, extra: Record<string, unknown>, detail?: string) {
  const body = { title: 'Conflict', status: 409, code, ...(detail && { detail }), ...extra };
  return new ApiError(body, body);
}

describe('appointment texts', () => {
  it('shows dollars as the spec shows prices, with cents only when there are some', () => {
    expect(dollars(17)).toBe('$17');
    expect(dollars(17.5)).toBe('$17.50');
  });

  it('words each refund state', () => {
    expect(refundText({ status: 'pending', amount: 17 })).toBe('Refund pending');
    expect(refundText({ status: 'succeeded', amount: 17 })).toBe('Refunded $17');
    expect(refundText({ status: 'failed', amount: 17 })).toBe(
      'The refund could not be completed; the clinic will contact you.',
    );
  });

  it("reads the clinic's notice off the deadline, 24 hours when it cannot", () => {
    expect(noticeHours(booking, '2030-06-11T08:30:00.000Z')).toBe(24);
    expect(noticeHours(booking, '2030-06-10T08:30:00.000Z')).toBe(48);
    expect(noticeHours(booking, null)).toBe(24);
    expect(noticeHours(booking, booking.startsAt)).toBe(24);
    expect(windowClosedText(booking, '2030-06-12T07:30:00.000Z')).toBe(
      'Changes close 1 hour before your appointment. Please call the clinic.',
    );
    expect(windowClosedText(booking, null)).toBe(
      'This appointment cannot be changed online. Please call the clinic.',
    );
  });

  it("words a closed window: the server's detail, else ours with its phone; null for other errors", () => {
    const phone = { deadline: '2030-06-11T08:30:00.000Z', clinicPhone: '+1 555 0100' };
    expect(
      closedWindowMessage(windowClosed('cancel_window_closed', phone, 'Call us.'), booking),
    ).toBe('Call us.');
    expect(
      closedWindowMessage(windowClosed('reschedule_window_closed', phone, 'Conflict'), booking),
    ).toBe('Changes close 24 hours before your appointment. Please call +1 555 0100.');
    expect(closedWindowMessage(windowClosed('cancel_window_closed', {}), booking)).toBe(
      'Changes close 24 hours before your appointment. Please call the clinic.',
    );
    expect(
      closedWindowMessage(windowClosed('booking_not_modifiable', phone, 'x'), booking),
    ).toBeNull();
    expect(closedWindowMessage(new Error('offline'), booking)).toBeNull();
  });

  it('words each kind of history entry, and one whose data is missing', () => {
    const line = (overrides: Parameters<typeof bookingEventFactory>[0]) =>
      eventText(bookingEventFactory(overrides));
    expect(line({ type: 'created', actor: 'admin' })).toBe('Booked by the clinic');
    expect(line({ type: 'rescheduled', data: {} })).toBe('Moved by you');
    expect(line({ type: 'cancelled', actor: 'patient', data: { reason: 'Ill' } })).toBe(
      'Cancelled online: Ill',
    );
    expect(line({ type: 'cancelled', actor: 'system' })).toBe('Cancelled by the clinic');
    expect(line({ type: 'status', actor: 'admin', data: { status: 'no_show' } })).toBe(
      'Marked as a no-show by the clinic',
    );
    expect(line({ type: 'status', actor: 'admin', data: {} })).toBe('Status changed by the clinic');
    expect(line({ type: 'paid', data: {} })).toBe('Paid');
    expect(line({ type: 'refund', data: { status: 'succeeded', amount: 17 } })).toBe(
      'Refunded $17',
    );
    expect(line({ type: 'refund', data: { status: 'failed' } })).toBe('Refund failed');
    expect(line({ type: 'refund', data: { status: 'pending', amount: 17 } })).toBe(
      'Refund of $17 started',
    );
  });
});
