/**
 * Reviews (issue 18; design section 3.6). Only the patient of a completed visit reviews it, once;
 * nothing is public before an admin publishes it, and every decision is audited. The public
 * list, its average and the doctors' ratings are cached per instance and dropped on every change
 * that touches a published review, here at once and on the other instances through NOTIFY. Page
 * cursors are signed, so the cache holds only pages this server handed out, and only so many.
 */
import {
  ErrorCode,
  reviewAuthorName,
  type AdminReview,
  type AdminReviewsPage,
  type MyReviews,
  type OwnReview,
  type PublicReviewsPage,
  type ReviewCreate,
  type ReviewStatus,
  type ReviewUpdate,
} from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { findOwnBooking, findVisit } from '../booking/booking-reads.ts';
import { dependentIdsOf } from '../families/family-reads.ts';
import { isSameOriginPath } from '../../lib/same-origin-path.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { notifyReviewsChanged } from './reviews-channel.ts';
import type { Caller } from '../identity/caller.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.service.ts';
import {
  insertReview,
  listForAdmin,
  listPublished,
  listReviewableVisits,
  listReviewsOf,
  lockReview,
  publishedByDoctor,
  publishedSummary,
  updateReview,
  type ReviewCursor,
  type ReviewRow,
} from './reviews.repository.ts';
import { createReviewCursorCodec } from './review-cursor.ts';

export interface ReviewsDeps {
  db: Db;
  now: () => Date;
  rateLimiter: RateLimiter;
  /** Signs the lists' page cursors (the app's secret: every instance reads the others' cursors). */
  cursorSecret: string;
  /** Writes (create, edit, withdraw) per account and hour. */
  writesPerHour?: number;
  /** Public pages kept at once; the least recently read goes first. */
  maxCachedPages?: number;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'There is no such review.');
/** Only our own images load under the Content-Security-Policy; others show initials. */
const sameOriginImage = (img: string | null) => (img && isSameOriginPath(img) ? img : null);

function ownDto(row: ReviewRow): OwnReview {
  return {
    _id: row.id,
    bookingId: row.bookingId,
    rating: row.rating,
    text: row.text,
    location: row.location,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A visit as its reviewer sees it; `ownerId`: the reviewer, whose own visits say no name. */
const visitDto = (v: { bookingId: string; treatment: string; date: string; slot: string; doctorName: string | null; patientId: string | null; patientName: string }, ownerId: string) => ({
  _id: v.bookingId,
  treatment: v.treatment,
  date: v.date,
  slot: v.slot,
  doctor: v.doctorName,
  for: v.patientId && v.patientId !== ownerId ? v.patientName : null,
});

export function createReviewsService(deps: ReviewsDeps) {
  const { db, now, rateLimiter } = deps;
  const writesPerHour = deps.writesPerHour ?? 10;
  const maxCachedPages = deps.maxCachedPages ?? 64;
  const cursors = createReviewCursorCodec(deps.cursorSecret);
  const encodeCursor = cursors.encode;
  function decodeCursor(cursor: string): ReviewCursor {
    const position = cursors.decode(cursor);
    if (!position) {
      throw new AppError(ErrorCode.VALIDATION, 'That page cursor is not one this list gave.', { errors: { cursor: ['Not a valid cursor'] } });
    }
    return position;
  }
  // The cached public answers, least recently read first; a change drops them all (they are few
  // and cheap to rebuild). Only pages of cursors we signed get here, and at most maxCachedPages.
  let pages = new Map<string, Promise<PublicReviewsPage>>();
  let doctorRatings: Promise<Map<string, { average: number; count: number }>> | null = null;
  const forget = () => {
    pages = new Map();
    doctorRatings = null;
  };

  async function limitWrites(caller: Caller) {
    await rateLimiter.consume([{ key: `review:account:${caller.userId}`, max: writesPerHour, windowSeconds: 3600 }]);
  }

  /** Every instance drops its cached public answers once `tx` commits (this one after it, too). */
  async function announceChange(tx: Db, afterCommit: (fn: () => void) => void) {
    await notifyReviewsChanged(tx);
    afterCommit(forget);
  }

  /** The author's own review, locked; anyone else's is a 404. */
  async function ownLocked(tx: Db, caller: Caller, id: string): Promise<ReviewRow> {
    const row = isUuid(id) ? await lockReview(tx, id) : undefined;
    if (!row || row.patientId !== caller.userId) throw notFound();
    return row;
  }

  async function loadPage(limit: number, after: ReviewCursor | undefined): Promise<PublicReviewsPage> {
    const [rows, summary] = await Promise.all([listPublished(db, limit + 1, after), publishedSummary(db)]);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map((r) => ({
        _id: r.review.id,
        rating: r.review.rating,
        text: r.review.text,
        author: reviewAuthorName(r.authorName),
        location: r.review.location,
        img: sameOriginImage(r.authorImage),
        treatment: r.treatment,
        doctor: r.doctorName,
        publishedAt: r.review.publishedAt!.toISOString(),
      })),
      average: summary.average === null ? null : oneDecimal(summary.average),
      count: summary.count,
      nextCursor: rows.length > limit && last ? encodeCursor(last.review.publishedAt!, last.review.id) : null,
    };
  }

  return {
    /** Drops the cached public answers (another instance's change, heard through NOTIFY). */
    forget,

    async create(caller: Caller, bookingId: string, input: ReviewCreate): Promise<OwnReview> {
      await limitWrites(caller);
      // The caller's own visit, or a dependent's they manage (practice-loop.md section 7).
      const booking = isUuid(bookingId) ? await findOwnBooking(db, bookingId, [caller.userId, ...(await dependentIdsOf(db, caller.userId))]) : undefined;
      if (!booking) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
      if (booking.status !== 'completed') {
        throw new AppError(ErrorCode.CONFLICT, 'You can review a visit once it has taken place.', { extra: { bookingStatus: booking.status } });
      }
      const at = now();
      const row = await insertReview(db, {
        bookingId: booking.id,
        patientId: caller.userId,
        doctorId: booking.doctorId,
        rating: input.rating,
        text: input.text,
        location: input.location ? input.location : null,
        createdAt: at,
        updatedAt: at,
      }).catch((error: unknown) => {
        if ((error as { cause?: { code?: string } }).cause?.code === '23505') {
          throw new AppError(ErrorCode.CONFLICT, 'You have already reviewed this visit.');
        }
        throw error;
      });
      return ownDto(row);
    },

    async mine(caller: Caller): Promise<MyReviews> {
      const household = [caller.userId, ...(await dependentIdsOf(db, caller.userId))];
      const [own, reviewable] = await Promise.all([listReviewsOf(db, caller.userId), listReviewableVisits(db, household)]);
      return {
        reviews: own.map((r) => ({ review: ownDto(r.review), booking: visitDto(r, caller.userId) })),
        reviewable: reviewable.map((v) => v.bookingId),
        reviewableVisits: reviewable.map((v) => visitDto(v, caller.userId)),
      };
    },

    /** The author edits: the review goes back to the clinic (an edited published review is checked again). */
    async update(caller: Caller, id: string, input: ReviewUpdate): Promise<OwnReview> {
      await limitWrites(caller);
      return inTransaction(db, async ({ tx, afterCommit }) => {
        const row = await ownLocked(tx, caller, id);
        if (row.status === 'withdrawn') throw new AppError(ErrorCode.CONFLICT, 'This review was withdrawn; it cannot be edited.');
        const updated = await updateReview(tx, row.id, {
          ...(input.rating !== undefined ? { rating: input.rating } : {}),
          ...(input.text !== undefined ? { text: input.text } : {}),
          ...(input.location !== undefined ? { location: input.location || null } : {}),
          status: 'pending',
          publishedAt: null,
          updatedAt: now(),
        });
        if (row.status === 'published') await announceChange(tx, afterCommit);
        return ownDto(updated);
      });
    },

    /** The author withdraws: no longer public; the visit stays reviewed. */
    async withdraw(caller: Caller, id: string): Promise<void> {
      await limitWrites(caller);
      await inTransaction(db, async ({ tx, afterCommit }) => {
        const row = await ownLocked(tx, caller, id);
        if (row.status === 'withdrawn') return;
        await updateReview(tx, row.id, { status: 'withdrawn', publishedAt: null, updatedAt: now() });
        if (row.status === 'published') await announceChange(tx, afterCommit);
      });
    },

    /**
     * `GET /api/reviews`: cached per (cursor, limit) until a published review changes. A cursor
     * this server did not sign is a 400 before anything is read or kept.
     */
    async publicPage(limit: number, cursor?: string): Promise<PublicReviewsPage> {
      const after = cursor ? decodeCursor(cursor) : undefined;
      const key = `${limit}|${cursor ?? ''}`;
      const cached = pages.get(key);
      if (cached) {
        // Read again: it moves to the back of the eviction order.
        pages.delete(key);
        pages.set(key, cached);
        return cached;
      }
      const page = loadPage(limit, after);
      const into = pages;
      into.set(key, page);
      if (into.size > maxCachedPages) into.delete(into.keys().next().value!);
      // A failed read is not kept.
      page.catch(() => {
        if (into.get(key) === page) into.delete(key);
      });
      return page;
    },

    /** How many public pages this instance holds (tests: the cache stays bounded). */
    cachedPageCount(): number {
      return pages.size;
    },

    /** Each doctor's published average and count (where patients choose a doctor). */
    doctorRatings(): Promise<Map<string, { average: number; count: number }>> {
      if (!doctorRatings) {
        const loading = publishedByDoctor(db).then(
          (rows) => new Map(rows.map((r) => [r.doctorId!, { average: oneDecimal(Number(r.average)), count: r.count }])),
        );
        doctorRatings = loading;
        loading.catch(() => {
          if (doctorRatings === loading) doctorRatings = null;
        });
      }
      return doctorRatings;
    },

    async adminList(caller: Caller, status: ReviewStatus, limit: number, cursor?: string): Promise<AdminReviewsPage> {
      const after = cursor ? decodeCursor(cursor) : undefined;
      const rows = await listForAdmin(db, status, limit + 1, after);
      const page = rows.slice(0, limit);
      await recordAudit(db, {
        actorId: caller.userId,
        actorEmail: caller.email,
        action: 'review.read-admin-list',
        target: 'reviews',
        detail: { status, count: page.length },
      });
      const last = page[page.length - 1];
      return {
        items: page.map((r) => adminDto(r.review, r.authorName, r.authorEmail, visitDto(r, r.review.patientId ?? ''))),
        nextCursor: rows.length > limit && last ? encodeCursor(last.review.createdAt, last.review.id) : null,
      };
    },

    /** An admin publishes or hides a review, audited; a withdrawn one is the author's to keep private. */
    async moderate(caller: Caller, id: string, decision: { status: 'published' | 'hidden'; note?: string }): Promise<AdminReview> {
      return inTransaction(db, async ({ tx, afterCommit }) => {
        const row = isUuid(id) ? await lockReview(tx, id) : undefined;
        if (!row) throw notFound();
        if (row.status === 'withdrawn') throw new AppError(ErrorCode.CONFLICT, 'Its author withdrew this review; it cannot be published or hidden.');
        const at = now();
        const updated = await updateReview(tx, row.id, {
          status: decision.status,
          moderationNote: decision.note || null,
          moderatedBy: caller.userId,
          moderatedAt: at,
          publishedAt: decision.status === 'published' ? (row.status === 'published' ? row.publishedAt : at) : null,
        });
        await recordAudit(tx, {
          actorId: caller.userId,
          actorEmail: caller.email,
          action: decision.status === 'published' ? 'review.publish' : 'review.hide',
          target: row.id,
          detail: { from: row.status, to: decision.status, bookingId: row.bookingId, ...(decision.note ? { note: decision.note } : {}) },
        });
        if (row.status === 'published' || decision.status === 'published') await announceChange(tx, afterCommit);
        const full = await findVisit(tx, row.bookingId, row.patientId);
        return adminDto(updated, full!.name, full!.email, visitDto({ bookingId: row.bookingId, ...full!, patientId: null, patientName: '' }, ''));
      });
    },
  };
}

function adminDto(row: ReviewRow, authorName: string, authorEmail: string, booking: AdminReview['booking']): AdminReview {
  return {
    ...ownDto(row),
    author: reviewAuthorName(authorName),
    patientName: authorName,
    patientEmail: authorEmail,
    booking,
    moderationNote: row.moderationNote,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
