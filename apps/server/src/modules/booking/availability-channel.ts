/**
 * The booking module's topic on the change channel (lib/change-channel.ts): a date whose
 * bookings changed, announced inside the changing transaction; each instance's listener drops
 * that date from its availability cache.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changeNotice, notifyChange } from '../../lib/change-channel.ts';
import type { AvailabilityCache } from './availability-cache.ts';

/** Tells every instance, this one included, that these dates' availability changed. */
export async function notifyAvailabilityChanged(tx: Db, dates: Iterable<string>): Promise<void> {
  await notifyChange(tx, dates);
}

/** `notifyAvailabilityChanged`'s statement, for a caller that sends it with others; null for no dates. */
export function availabilityChangedNotice(dates: Iterable<string>): SQL | null {
  return changeNotice(dates);
}

/** Whether a payload is this topic's (an ISO date), and so a date to drop. */
export const isAvailabilityPayload = (payload: string) => /^\d{4}-\d{2}-\d{2}$/.test(payload);

/** The listener's part for this topic: the date's entry goes. */
export function forgetDate(cache: AvailabilityCache, payload: string): void {
  cache.invalidate(payload);
}
