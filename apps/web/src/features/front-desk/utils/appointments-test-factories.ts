/** Factories for the All Appointments tests: the front desk's bookings and pages of them. */
import type { AdminBooking, AdminBookingsPage } from '@clinic/shared';
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
