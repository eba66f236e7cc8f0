/**
 * The booking module's read port: what other modules may read of bookings, so that no module
 * queries the bookings table itself (its tables are the booking repository's).
 */
export { findOwnBooking, findVisit } from './booking-visits.repository.ts';
