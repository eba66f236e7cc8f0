/**
 * Advisory lock keys shared by modules. Booking transactions hold the schedule lock shared, and
 * schedule changes hold it exclusively: a change that checks which bookings it would strand
 * cannot miss one committed while it looks, and a booking decided on an old schedule finds the
 * new version number once it has its locks (booking.service.ts).
 */
export const SCHEDULE_LOCK_KEY = 0x7363_6864; // "schd"

/** The waitlist's matcher runs one at a time across instances (its offers count each time's open ones). */
export const WAITLIST_LOCK_KEY = 0x7761_6974; // "wait"

/**
 * Role changes and account removals run one at a time: two owners demoting (or removing) each
 * other at once cannot both see another admin left, and two accounts cannot be linked to one
 * doctor past the check.
 */
export const ROLES_LOCK_KEY = 0x726f_6c65; // "role"
