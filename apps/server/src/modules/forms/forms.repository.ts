import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { DEFAULT_MEDICAL_HISTORY, type FormQuestion } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { bookingConsents, bookings, intakeSettings, medicalHistoryForms, medicalHistorySubmissions, treatmentConsents } from '../../db/schema.ts';

export type FormRow = typeof medicalHistoryForms.$inferSelect;
export type SubmissionRow = typeof medicalHistorySubmissions.$inferSelect;
export type BookingConsentRow = typeof bookingConsents.$inferSelect;

/** The form a fresh install ships, as version 1 (every instance may try; one row results). */
export async function ensureDefaultForm(db: Db): Promise<void> {
  await db.insert(medicalHistoryForms).values({ version: 1, ...DEFAULT_MEDICAL_HISTORY }).onConflictDoNothing();
}

export async function currentForm(db: Db): Promise<FormRow | undefined> {
  const [row] = await db.select().from(medicalHistoryForms).orderBy(desc(medicalHistoryForms.version)).limit(1);
  return row;
}

export function formsByVersions(db: Db, versions: readonly number[]): Promise<FormRow[]> {
  if (versions.length === 0) return Promise.resolve([]);
  return db.select().from(medicalHistoryForms).where(inArray(medicalHistoryForms.version, [...versions]));
}

/**
 * Version N+1 of the form. Two saves at once race for the same number: the loser fails on the
 * primary key (23505), which the service answers as "changed meanwhile".
 */
export async function insertFormVersion(db: Db, form: { title: string; questions: FormQuestion[]; createdBy: string }): Promise<FormRow> {
  const [row] = await db
    .insert(medicalHistoryForms)
    .values({ ...form, version: sql`(SELECT coalesce(max(version), 0) + 1 FROM medical_history_forms)` })
    .returning();
  return row!;
}

export async function historyRequiredByClinic(db: Db): Promise<boolean> {
  const [row] = await db.select({ required: intakeSettings.medicalHistoryRequired }).from(intakeSettings).where(eq(intakeSettings.id, 1));
  return row?.required ?? false;
}

export async function setHistoryRequired(db: Db, required: boolean, at: Date): Promise<void> {
  await db
    .insert(intakeSettings)
    .values({ id: 1, medicalHistoryRequired: required, updatedAt: at })
    .onConflictDoUpdate({ target: intakeSettings.id, set: { medicalHistoryRequired: required, updatedAt: at } });
}

/** Each patient's latest submission. */
export async function latestSubmissionsOf(db: Db, patientIds: readonly string[]): Promise<SubmissionRow[]> {
  if (patientIds.length === 0) return [];
  return db
    .selectDistinctOn([medicalHistorySubmissions.patientId])
    .from(medicalHistorySubmissions)
    .where(inArray(medicalHistorySubmissions.patientId, [...patientIds]))
    .orderBy(medicalHistorySubmissions.patientId, desc(medicalHistorySubmissions.submittedAt), desc(medicalHistorySubmissions.version), desc(medicalHistorySubmissions.id));
}

export function submissionsOf(db: Db, patientId: string): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(medicalHistorySubmissions)
    .where(eq(medicalHistorySubmissions.patientId, patientId))
    .orderBy(desc(medicalHistorySubmissions.submittedAt), desc(medicalHistorySubmissions.version), desc(medicalHistorySubmissions.id));
}

export async function insertSubmission(db: Db, row: typeof medicalHistorySubmissions.$inferInsert): Promise<SubmissionRow> {
  const [stored] = await db.insert(medicalHistorySubmissions).values(row).returning();
  return stored!;
}

/** The current consent version of each treatment that has ever had one (its text null: none now). */
export async function currentConsents(db: Db, treatmentIds: readonly string[]) {
  if (treatmentIds.length === 0) return [];
  return db
    .selectDistinctOn([treatmentConsents.treatmentId])
    .from(treatmentConsents)
    .where(inArray(treatmentConsents.treatmentId, [...treatmentIds]))
    .orderBy(treatmentConsents.treatmentId, desc(treatmentConsents.version));
}

export async function insertTreatmentConsent(db: Db, consent: { treatmentId: string; text: string | null; createdBy: string }) {
  const [row] = await db
    .insert(treatmentConsents)
    .values({
      ...consent,
      version: sql`(SELECT coalesce(max(version), 0) + 1 FROM treatment_consents WHERE treatment_id = ${consent.treatmentId})`,
    })
    .returning();
  return row!;
}

export function signedConsentsOf(db: Db, bookingIds: readonly string[]): Promise<BookingConsentRow[]> {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db.select().from(bookingConsents).where(inArray(bookingConsents.bookingId, [...bookingIds]));
}

/** A signature, once per booking and version: signing again answers the first. */
export async function insertBookingConsent(db: Db, row: typeof bookingConsents.$inferInsert): Promise<BookingConsentRow> {
  const [stored] = await db.insert(bookingConsents).values(row).onConflictDoNothing().returning();
  if (stored) return stored;
  const [first] = await db
    .select()
    .from(bookingConsents)
    .where(and(eq(bookingConsents.bookingId, row.bookingId), eq(bookingConsents.version, row.version)));
  return first!;
}

export function consentsOf(db: Db, patientId: string) {
  return db
    .select({ consent: bookingConsents, treatment: bookings.treatmentName, date: bookings.date })
    .from(bookingConsents)
    .innerJoin(bookings, eq(bookings.id, bookingConsents.bookingId))
    .where(eq(bookingConsents.patientId, patientId))
    .orderBy(desc(bookingConsents.signedAt));
}

/**
 * An erased patient's forms (section 6.5), in the erasure's transaction and before its bookings
 * are detached: the consents of attended (completed) visits, and the histories submitted up to
 * the start of the last of them (those the dentist relied on), are kept under the pseudonym
 * until `retainUntil`; the rest are deleted. Answers how many were kept.
 */
export async function eraseFormsOf(tx: Db, patientId: string, subjectRef: string, retainUntil: Date): Promise<number> {
  const attended = sql`SELECT b.id FROM bookings b WHERE b.patient_id = ${patientId} AND b.status = 'completed'`;
  const keptConsents = await tx
    .update(bookingConsents)
    .set({ patientId: null, subjectRef, retainUntil })
    .where(and(eq(bookingConsents.patientId, patientId), sql`${bookingConsents.bookingId} IN (${attended})`))
    .returning({ id: bookingConsents.id });
  await tx.delete(bookingConsents).where(eq(bookingConsents.patientId, patientId));
  const lastVisit = sql`(SELECT max(b.starts_at) FROM bookings b WHERE b.patient_id = ${patientId} AND b.status = 'completed')`;
  const keptHistories = await tx
    .update(medicalHistorySubmissions)
    .set({ patientId: null, subjectRef, retainUntil })
    .where(and(eq(medicalHistorySubmissions.patientId, patientId), sql`${medicalHistorySubmissions.submittedAt} <= ${lastVisit}`))
    .returning({ id: medicalHistorySubmissions.id });
  await tx.delete(medicalHistorySubmissions).where(eq(medicalHistorySubmissions.patientId, patientId));
  return keptConsents.length + keptHistories.length;
}

/** Kept forms past their time (CLINICAL_RECORD_RETENTION_DAYS), deleted; answers how many. */
export async function purgeRetainedForms(db: Db, now: Date): Promise<number> {
  const consents = await db.delete(bookingConsents).where(and(isNotNull(bookingConsents.retainUntil), lt(bookingConsents.retainUntil, now))).returning({ id: bookingConsents.id });
  const histories = await db
    .delete(medicalHistorySubmissions)
    .where(and(isNotNull(medicalHistorySubmissions.retainUntil), lt(medicalHistorySubmissions.retainUntil, now)))
    .returning({ id: medicalHistorySubmissions.id });
  return consents.length + histories.length;
}
