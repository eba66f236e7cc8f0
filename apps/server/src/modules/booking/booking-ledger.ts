/**
 * The booking side of payments' `BookingLedger` port (payments/booking-ledger.ts): how a
 * payment locks, reads and marks a booking and writes its history, over this module's tables.
 */
import { isUuid } from '../../lib/ids.ts';
import type { BookingLedger } from '../payments/booking-ledger.ts';
import { findBooking, insertBookingEvents, listBookingIdsOf, lockBookingRow, markPaid } from './booking.repository.ts';

export const bookingLedger = {
  lock: async (tx, id) => (isUuid(id) ? lockBookingRow(tx, id) : null),
  find: async (db, id) => (isUuid(id) ? findBooking(db, id) : null),
  markPaid,
  record: (tx, bookingId, event) => insertBookingEvents(tx, [{ bookingId, ...event }]),
  bookingIdsOf: listBookingIdsOf,
} satisfies BookingLedger;
