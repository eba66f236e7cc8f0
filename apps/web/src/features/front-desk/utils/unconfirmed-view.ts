/**
 * The Unconfirmed view of All Appointments (design practice-loop.md section 5): today's and
 * tomorrow's confirmed appointments that the patient has not confirmed, for the desk to phone.
 * It is a set of filters, shown in the filters, so the desk can still narrow it by doctor.
 */
import { addDays, type IsoDate } from '@clinic/shared';
import type { AdminBookingsFilters } from '../api/get-admin-bookings.ts';

/** What the list shows first: the one day, every appointment. */
export function dayFilters(day: IsoDate): AdminBookingsFilters {
  return {
    from: day,
    to: day,
    status: '',
    confirmation: '',
    doctorId: '',
    treatmentId: '',
    q: '',
  };
}

/** Today and tomorrow, still booked, not confirmed by the patient; nothing else narrowed. */
export function unconfirmedViewFilters(today: IsoDate): AdminBookingsFilters {
  return {
    ...dayFilters(today),
    to: addDays(today, 1),
    status: 'confirmed',
    confirmation: 'unconfirmed',
  };
}

/** The filters are the view's (a doctor or a search on top still counts). */
export function isUnconfirmedView(filters: AdminBookingsFilters, today: IsoDate): boolean {
  const view = unconfirmedViewFilters(today);
  return (
    filters.from === view.from &&
    filters.to === view.to &&
    filters.status === view.status &&
    filters.confirmation === view.confirmation
  );
}
