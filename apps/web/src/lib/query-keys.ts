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
