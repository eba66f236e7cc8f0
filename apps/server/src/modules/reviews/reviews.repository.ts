import { and, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, doctors, reviews, users } from '../../db/schema.ts';

export type ReviewRow = typeof reviews.$inferSelect;

const visitColumns = {
  bookingId: bookings.id,
  patientId: bookings.patientId,
  patientName: bookings.patientName,
  treatment: bookings.treatmentName,
  date: bookings.date,
  slot: bookings.slot,
  doctorName: doctors.name,
};

export async function insertReview(db: Db, row: typeof reviews.$inferInsert): Promise<ReviewRow> {
  const [inserted] = await db.insert(reviews).values(row).returning();
  return inserted!;
}

/** The patient's reviews with their visits, newest first. */
export function listReviewsOf(db: Db, patientId: string) {
  return db
    .select({ review: reviews, ...visitColumns })
    .from(reviews)
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .leftJoin(doctors, eq(doctors.id, bookings.doctorId))
    .where(eq(reviews.patientId, patientId))
    .orderBy(desc(reviews.createdAt));
}

/** The completed visits of these patients (an account and its dependents) without a review, newest first. */
export function listReviewableVisits(db: Db, patientIds: readonly string[]) {
  return db
    .select(visitColumns)
    .from(bookings)
    .leftJoin(doctors, eq(doctors.id, bookings.doctorId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(and(inArray(bookings.patientId, [...patientIds]), eq(bookings.status, 'completed'), sql`${reviews.id} IS NULL`))
    .orderBy(desc(bookings.startsAt));
}

export async function findReview(db: Db, id: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row;
}

export async function lockReview(db: Db, id: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).for('update');
  return row;
}

export async function updateReview(db: Db, id: string, set: Partial<typeof reviews.$inferInsert>): Promise<ReviewRow> {
  const [row] = await db.update(reviews).set(set).where(eq(reviews.id, id)).returning();
  return row!;
}

/** A keyset position: (published_at, id) for the public list, (created_at, id) for the admin's. */
export interface ReviewCursor {
  at: Date;
  id: string;
}

/** Published reviews, newest published first, with the author's name and photo. */
export function listPublished(db: Db, limit: number, after?: ReviewCursor) {
  return db
    .select({ review: reviews, authorName: users.name, authorImage: users.image, treatment: bookings.treatmentName, doctorName: doctors.name })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.patientId))
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .leftJoin(doctors, eq(doctors.id, reviews.doctorId))
    .where(
      and(
        eq(reviews.status, 'published'),
        isNotNull(reviews.publishedAt),
        after ? or(lt(reviews.publishedAt, after.at), and(eq(reviews.publishedAt, after.at), lt(reviews.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(limit);
}

/** The average rating and count of every published review. */
export async function publishedSummary(db: Db): Promise<{ average: number | null; count: number }> {
  const [row] = await db
    .select({ average: sql<string | null>`avg(${reviews.rating})`, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(eq(reviews.status, 'published'));
  return { average: row?.average == null ? null : Number(row.average), count: row?.count ?? 0 };
}

/** Per doctor, the average rating and count of their published reviews. */
export function publishedByDoctor(db: Db) {
  return db
    .select({ doctorId: reviews.doctorId, average: sql<string>`avg(${reviews.rating})`, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.status, 'published'), isNotNull(reviews.doctorId)))
    .groupBy(reviews.doctorId);
}

/** Reviews in one status for admins, newest first, with the patient and the visit. */
export function listForAdmin(db: Db, status: ReviewRow['status'], limit: number, after?: ReviewCursor) {
  return db
    .select({ review: reviews, authorName: users.name, authorEmail: users.email, ...visitColumns })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.patientId))
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .leftJoin(doctors, eq(doctors.id, bookings.doctorId))
    .where(
      and(
        eq(reviews.status, status),
        after ? or(lt(reviews.createdAt, after.at), and(eq(reviews.createdAt, after.at), lt(reviews.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}
