/**
 * How every instance learns that something it caches changed: PostgreSQL NOTIFY on one channel,
 * sent inside the changing transaction (delivered only if and when it commits) and heard by each
 * instance's listener. Each module owns its topics (booking: a date's availability; schedule: the
 * whole schedule; reviews: the published reviews) and what its listener drops; one channel, so
 * each instance keeps one listening connection. The instance that made a change also drops what
 * it caches itself after the commit (`afterCommit`), without waiting for its own notification.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';

/** The channel's name, kept from when it carried only availability (instances of both versions hear each other). */
export const CHANGE_CHANNEL = 'clinic_availability';

/** The statement that announces these payloads (each once), for a caller that sends it with others; null for none. */
export function changeNotice(payloads: Iterable<string>): SQL | null {
  const unique = [...new Set(payloads)];
  if (unique.length === 0) return null;
  return sql`SELECT ${sql.join(unique.map((payload) => sql`pg_notify(${CHANGE_CHANNEL}, ${payload})`), sql`, `)}`;
}

/** Tells every instance, this one included, these payloads in `tx` (delivered at its commit). */
export async function notifyChange(tx: Db, payloads: Iterable<string>): Promise<void> {
  const notice = changeNotice(payloads);
  if (notice) await tx.execute(notice);
}

/**
 * Listens on the channel: `onPayload` for each notification; `onReconnect` when the listening
 * connection was lost and made again (notifications may have been missed: drop everything).
 */
export function listenForChanges(database: Pick<Database, 'listen'>, onPayload: (payload: string) => void, onReconnect: () => void): Promise<void> {
  return database.listen(CHANGE_CHANNEL, onPayload, onReconnect);
}
