/** Bookings as reviews read them (through booking-reads.ts): the reviewer's visit, and what the admin's view shows of it. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import type { BookingRow } from './booking.repository.ts';

/** The booking if it is the patient's own, or one of theirs (a household's: a review's visit). */
export async function findOwnBooking(db: Db, id: string, patientIds: string | readonly string[]): Promise<BookingRow | undefined> {
  const whose = typeof patientIds === 'string' ? eq(bookings.patientId, patientIds) : inArray(bookings.patientId, [...patientIds]);
  const [row] = await db.select().from(bookings).where(and(eq(bookings.id, id), whose));
  return row;
}

/** What a review's admin view shows of its visit: the author's name and address, the treatment, when, with whom. */
export async function findVisit(db: Db, bookingId: string, patientId: string) {
  const [visit] = await db
    .select({ name: sql<string>`u.name`, email: sql<string>`u.email`, treatment: bookings.treatmentName, date: bookings.date, slot: bookings.slot, doctorName: sql<string | null>`d.name` })
    .from(bookings)
    .innerJoin(sql`users u`, sql`u.id = ${patientId}`)
    .leftJoin(sql`doctors d`, sql`d.id = ${bookings.doctorId}`)
    .where(eq(bookings.id, bookingId));
  return visit;
}
