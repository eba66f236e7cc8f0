/**
 * The reviews module's topic on the change channel (lib/change-channel.ts): a published review
 * changed (the public list, its average, the doctors' ratings), so every instance drops them.
 */
import type { Db } from '../../db/client.ts';
import { notifyChange } from '../../lib/change-channel.ts';

/** The payload that says published reviews changed. */
export const REVIEWS_CHANGED = 'reviews';

/** Tells every instance, this one included, that published reviews changed. */
export async function notifyReviewsChanged(tx: Db): Promise<void> {
  await notifyChange(tx, [REVIEWS_CHANGED]);
}
