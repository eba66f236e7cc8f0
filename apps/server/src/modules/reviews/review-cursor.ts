/**
 * The reviews lists' page cursors: a keyset position (a time and a review id) signed with the
 * app's secret, so that only positions this server handed out are read back. The public list
 * caches pages per cursor; an unsigned position would let any client fill that cache with
 * pages nobody was given.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../lib/ids.ts';
import type { ReviewCursor } from './reviews.repository.ts';

/** 128 bits of HMAC-SHA-256: unforgeable, and the cursor stays under the query's 200 characters. */
const SIGNATURE_BYTES = 16;

export interface ReviewCursorCodec {
  encode(at: Date, id: string): string;
  /** The position, or null when the cursor is not one `encode` made with this secret. */
  decode(cursor: string): ReviewCursor | null;
}

export function createReviewCursorCodec(secret: string): ReviewCursorCodec {
  // A key of its own: a signature made here is no use anywhere else the secret signs.
  const key = createHmac('sha256', secret).update('review-cursor').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, SIGNATURE_BYTES);

  return {
    encode(at, id) {
      const payload = Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },

    decode(cursor) {
      const [payload, signature, ...rest] = cursor.split('.');
      if (!payload || !signature || rest.length > 0) return null;
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== SIGNATURE_BYTES || !timingSafeEqual(given, sign(payload))) return null;
      const [at, id] = Buffer.from(payload, 'base64url').toString().split('|');
      const when = new Date(at ?? '');
      if (!id || !isUuid(id) || Number.isNaN(when.getTime())) return null;
      return { at: when, id };
    },
  };
}
