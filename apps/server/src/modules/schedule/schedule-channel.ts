/**
 * The schedule module's topic on the change channel (lib/change-channel.ts): the schedule changed
 * (hours, closures, treatments, doctors), so every instance drops its snapshot, and every date's
 * availability may differ.
 */
import type { Db } from '../../db/client.ts';
import { notifyChange } from '../../lib/change-channel.ts';

/** The payload that says the schedule changed. */
export const SCHEDULE_CHANGED = 'schedule';

/** Tells every instance, this one included, that the schedule changed. */
export async function notifyScheduleChanged(tx: Db): Promise<void> {
  await notifyChange(tx, [SCHEDULE_CHANGED]);
}
