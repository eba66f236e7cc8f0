/**
 * Query keys that more than one feature uses: one owns the query, others invalidate it after a
 * change of theirs. Features do not import each other, so the key lives here. A key only one
 * feature uses stays beside its query.
 */

/**
 * The patient's bookings list (the dashboard's My Appointments), as a prefix: the query adds the
 * patient's email. A new booking and a payment both change it.
 */
export const bookingsQueryKey = ['bookings'] as const;

/**
 * The booking page's free slots (`GET /api/available`), as a prefix: the query adds the date. A
 * booking changes them, and so does an admin's change to treatments, weekly hours or closures.
 */
export const availableQueryKey = ['available'] as const;

/**
 * The booking page's calendar of open days (`GET /api/calendar`), as a prefix: the query adds
 * the month's first and last day. An admin's change to weekly hours or closures changes it.
 */
export const calendarQueryKey = ['calendar'] as const;

/**
 * One treatment's free starts per doctor (`GET /api/availability`, the booking dialog's), as a
 * prefix: the query adds the date and the treatment. Bookings and schedule changes change it.
 */
export const availabilityQueryKey = ['availability'] as const;

/**
 * One booking (`GET /api/booking/:id`), as a prefix: the payment page's query and the
 * appointment page's sit under it, so a payment, a cancellation or a move refreshes both.
 */
export const bookingKeyOf = (id: string) => ['booking', id] as const;

/**
 * The signed-in account's dependents (`GET /api/me/dependents`, My Family's): the booking page
 * asks it for "Who is this for?", and an accepted guardian invitation adds one.
 */
export const dependentsQueryKey = ['me', 'dependents'] as const;

// The landing page's first-load JavaScript asks for the newest reviews: their key sits in a
// module of its own, so that the entry does not take in every key of this file.
export { publishedReviewsQueryKey } from './published-reviews-query-key.ts';

/**
 * The doctors patients may choose, with their ratings (`GET /api/doctors/public`). A moderation
 * decision or a withdrawal changes a doctor's rating.
 */
export const publicDoctorsQueryKey = ['public-doctors'] as const;

/**
 * The treatments' names (`GET /api/service`), the choices of a doctor's specialty. A change to
 * the treatments changes them.
 */
export const servicesQueryKey = ['services'] as const;
