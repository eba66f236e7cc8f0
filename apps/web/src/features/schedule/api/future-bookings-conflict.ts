/**
 * What a 409 `has_future_bookings` names: the confirmed bookings a schedule change would strand.
 * Deleting a treatment, changing a doctor's treatments and adding a closure or block answer it;
 * the body carries `bookings` (and, from some calls, only a `count`).
 */
import { z } from 'zod';
import { affectedBookingSchema, ErrorCode, type AffectedBooking } from '@clinic/shared';
import { isApiError } from '../../../lib/api-client.ts';

export type FutureBookingsConflict = {
  bookings: AffectedBooking[];
  /** How many bookings are in the way: the list's length, or the server's count without one. */
  count: number;
  /** The server's own words, when it gave any. */
  detail: string | undefined;
};

const conflictBodySchema = z.object({
  bookings: z.array(affectedBookingSchema).optional(),
  count: z.number().int().nonnegative().optional(),
});

/** The bookings a 409 `has_future_bookings` lists, or null for any other failure. */
export function futureBookingsConflict(error: unknown): FutureBookingsConflict | null {
  if (!isApiError(error) || error.code !== ErrorCode.HAS_FUTURE_BOOKINGS) return null;
  const parsed = conflictBodySchema.safeParse(error.body);
  const bookings = parsed.success ? (parsed.data.bookings ?? []) : [];
  const count = Math.max(bookings.length, parsed.success ? (parsed.data.count ?? 0) : 0);
  return { bookings, count, detail: error.detail };
}
