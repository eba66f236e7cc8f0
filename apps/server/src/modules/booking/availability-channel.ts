/**
 * How every instance learns that a date's bookings changed: PostgreSQL NOTIFY on one channel,
 * sent inside the changing transaction (delivered only if and when it commits) and heard by
 * each instance's listener, which drops the date from its availability cache. The instance that
 * made the change also drops it itself after the commit (`afterCommit`), without waiting for
 * its own notification to come back.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import type { AvailabilityCache } from './availability-cache.ts';

export const AVAILABILITY_CHANNEL = 'clinic_availability';
/** The payload that says the schedule changed (hours, closures, treatments, doctors): every date may differ. */
export const SCHEDULE_CHANGED = 'schedule';
/**
 * The payload that says a published review changed (the public list, its average, the doctors'
 * ratings): one channel, so each instance keeps one listening connection.
 */
export const REVIEWS_CHANGED = 'reviews';

/** Tells every instance, this one included, that published reviews changed. */
export async function notifyReviewsChanged(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${AVAILABILITY_CHANNEL}, ${REVIEWS_CHANGED})`);
}

/** Tells every instance, this one included, that these dates' availability changed. */
export async function notifyAvailabilityChanged(tx: Db, dates: Iterable<string>): Promise<void> {
  const notice = availabilityChangedNotice(dates);
  if (notice) await tx.execute(notice);
}

/** `notifyAvailabilityChanged`'s statement, for a caller that sends it with others; null for no dates. */
export function availabilityChangedNotice(dates: Iterable<string>): SQL | null {
  const unique = [...new Set(dates)];
  if (unique.length === 0) return null;
  return sql`SELECT ${sql.join(unique.map((date) => sql`pg_notify(${AVAILABILITY_CHANNEL}, ${date})`), sql`, `)}`;
}

/** Tells every instance, this one included, that the schedule changed. */
export async function notifyScheduleChanged(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${AVAILABILITY_CHANNEL}, ${SCHEDULE_CHANGED})`);
}

/**
 * Keeps `cache` (and, through `onScheduleChanged`, the schedule snapshot; through
 * `onReviewsChanged`, the public reviews) in step with every instance's changes: a notified date
 * is dropped; a schedule change, or a lost listening connection (notifications may have been
 * missed), drops everything.
 */
export function listenForAvailabilityChanges(
  database: Pick<Database, 'listen'>,
  cache: AvailabilityCache,
  onScheduleChanged: () => void = () => {},
  onReviewsChanged: () => void = () => {},
): Promise<void> {
  const forgetAll = () => {
    onScheduleChanged();
    onReviewsChanged();
    cache.reset();
  };
  return database.listen(
    AVAILABILITY_CHANNEL,
    (payload) => {
      if (payload === SCHEDULE_CHANGED) forgetAll();
      else if (payload === REVIEWS_CHANGED) onReviewsChanged();
      else cache.invalidate(payload);
    },
    forgetAll,
  );
}
