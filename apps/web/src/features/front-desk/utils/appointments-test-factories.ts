/**
 * Factories for the All Appointments tests: the front desk's bookings and pages of them, and the
 * patients who asked to be called.
 */
import type { AdminBooking, AdminBookingsPage, Callback } from '@clinic/shared';
import { bookingFactory } from '../../../test/factories.ts';

export function adminBookingFactory(overrides: Partial<AdminBooking> = {}): AdminBooking {
  return {
    ...bookingFactory(),
    patientAccount: { name: 'Pat Patient', email: 'pat@example.com', phone: '+1 555 0100' },
    outsideHours: false,
    payment: { paid: false, refunded: 0 },
    patientConfirmedAt: null,
    arrivedAt: null,
    callbackOpen: false,
    ...overrides,
  };
}

export function adminBookingsPageFactory(
  items: AdminBooking[],
  nextCursor: string | null = null,
): AdminBookingsPage {
  return { items, nextCursor };
}

/** An open callback: Pat Patient asked, the evening before, to be phoned about tomorrow's cleaning. */
export function callbackFactory(overrides: Partial<Callback> = {}): Callback {
  return {
    _id: 'cb1',
    bookingId: 'b1',
    patient: { name: 'Pat Patient', email: 'pat@example.com', phone: '+1 555 0100' },
    booking: {
      treatment: 'Teeth Cleaning',
      date: '2030-06-13',
      slot: '08.30 AM - 09.00 AM',
      status: 'confirmed',
    },
    note: 'Can we make it later in the day?',
    createdAt: '2030-06-11T18:45:00.000Z',
    resolvedAt: null,
    resolvedBy: null,
    ...overrides,
  };
}
