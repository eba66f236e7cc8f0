/**
 * Years of a busy clinic's history written straight with SQL, for the reports' benchmark (no
 * vitest here, so `npm run bench` can use it): `count` bookings over the `days` before `until`
 * and the two weeks after it, on `doctors` doctors' lanes, with what a clinic's rows look like:
 * most past visits completed, some no-shows and cancellations at every notice, some still
 * unmarked; bookings made from hours to two months ahead, through every path; half of them paid,
 * most paid cancellations refunded; waitlist offers on cancelled times, and recalls.
 *
 * Deterministic (each row's facts are arithmetic on its number), so two runs write the same
 * clinic. Each (doctor, day, start) holds one booking, and each patient at most one a day, so
 * the database's own rules (one booking per lane and time, one per patient, treatment and day)
 * hold without a check.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export interface ReportHistory {
  count: number;
  /** Days of history before `until` (three years: 1,095). */
  days: number;
  /** The clinic's today: bookings before it are history, after it the book of the next two weeks. */
  until: string;
  doctors?: number;
  patients?: number;
  /** Rows per statement: PGlite holds a statement's rows in its one process's memory. */
  chunk?: number;
}

const FUTURE_DAYS = 14;

export async function insertReportHistory(db: Db, h: ReportHistory): Promise<{ doctorIds: string[]; treatmentId: string }> {
  const doctorCount = h.doctors ?? 60;
  const patients = h.patients ?? 100_000;
  const chunk = h.chunk ?? 50_000;
  const totalDays = h.days + FUTURE_DAYS;
  const perDay = Math.ceil(h.count / totalDays);
  // 18 half hours from 08.00 (08.00-17.00) per doctor a day.
  if (perDay > doctorCount * 18) throw new RangeError(`${perDay} bookings a day do not fit ${doctorCount} doctors' days`);

  const [treatment] = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO treatments (name, price_cents, duration_min, requires_doctor, position, recall_months)
      VALUES ('Report Check-up', 6000, 30, true, 100, 6) RETURNING id`),
  );
  const doctorIds = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO doctors (name, email, img)
      SELECT 'Dr Report ' || lpad(i::text, 2, '0'), 'dr-report-' || i || '@example.com', '/x.png' FROM generate_series(1, ${doctorCount}) AS i
      RETURNING id`),
  ).map((r) => r.id);
  await db.execute(sql`INSERT INTO doctor_treatments (doctor_id, treatment_id) SELECT id, ${treatment!.id}::uuid FROM doctors WHERE email LIKE 'dr-report-%'`);
  await db.execute(sql`UPDATE clinic_state SET schedule_version = schedule_version + 1`);
  for (let first = 0; first < patients; first += chunk) {
    await db.execute(sql`
      INSERT INTO users (id, email, name)
      SELECT 'report-' || i, 'report' || i || '@example.com', 'Report Patient ' || i
      FROM generate_series(${first}::int, ${Math.min(patients, first + chunk) - 1}::int) AS i`);
  }

  for (let first = 0; first < h.count; first += chunk) {
    const last = Math.min(h.count, first + chunk) - 1;
    // Row i: day i / perDay from the first day; within it, doctor j % doctors at half hour j / doctors.
    await db.execute(sql`
      WITH d AS (SELECT id, row_number() OVER (ORDER BY email) - 1 AS k FROM doctors WHERE email LIKE 'dr-report-%'),
      n AS (
        SELECT i, (${h.until}::date - ${h.days}::int + i / ${perDay}::int) AS day,
          (i % ${perDay}::int) % ${doctorCount}::int AS dk,
          480 + 30 * ((i % ${perDay}::int) / ${doctorCount}::int) AS start_min,
          ((i::bigint * 7919) % 1000)::int AS r
        FROM generate_series(${first}::int, ${last}::int) AS i
      ),
      t AS (
        SELECT n.*, d.id AS doctor_id,
          n.day::timestamp AT TIME ZONE 'UTC' + n.start_min * interval '1 minute' AS starts_at,
          CASE
            WHEN n.day >= ${h.until}::date THEN (CASE WHEN n.r < 100 THEN 'cancelled' ELSE 'confirmed' END)
            WHEN n.r < 120 THEN 'cancelled' WHEN n.r < 180 THEN 'no_show' WHEN n.r < 200 THEN 'confirmed' ELSE 'completed'
          END AS status
        FROM n JOIN d ON d.k = n.dk
      )
      INSERT INTO bookings (treatment_id, treatment_name, date, slot, doctor_id, start_min, end_min, starts_at, ends_at,
        status, cancelled_at, cancelled_by, created_via, patient_id, patient_email, patient_name, price_cents, paid,
        patient_confirmed_at, arrived_at, created_at)
      SELECT ${treatment!.id}::uuid, 'Report Check-up', t.day, 'slot', t.doctor_id, t.start_min, t.start_min + 30,
        t.starts_at, t.starts_at + interval '30 minutes', t.status,
        CASE WHEN t.status = 'cancelled' THEN t.starts_at - (t.r % 97) * interval '1 hour' END,
        CASE WHEN t.status = 'cancelled' THEN 'patient' END,
        (ARRAY['online', 'online', 'online', 'online', 'online', 'admin', 'admin', 'waitlist', 'recall', 'online'])[1 + t.r % 10],
        'report-' || ((t.i::bigint * 31) % ${patients}::int), 'report' || ((t.i::bigint * 31) % ${patients}::int) || '@example.com', 'Report Patient',
        6000, t.r % 2 = 0,
        CASE WHEN t.status <> 'cancelled' AND t.r % 3 = 0 THEN t.starts_at - interval '20 hours' END,
        CASE WHEN t.status = 'completed' AND t.r % 4 = 0 THEN t.starts_at - interval '10 minutes' END,
        t.starts_at - (97 + (t.r * 13) % 1400) * interval '1 hour'
      FROM t`);
  }
  // Payments of the paid ones an hour after booking; refunds of the paid cancellations but one in ten.
  await db.execute(sql`
    INSERT INTO payments (booking_id, provider, provider_ref, amount_cents, status, created_at, updated_at)
    SELECT id, 'test', 'report-' || id, price_cents, 'succeeded', created_at + interval '1 hour', created_at + interval '1 hour'
    FROM bookings WHERE paid AND patient_id LIKE 'report-%'`);
  await db.execute(sql`
    INSERT INTO refunds (booking_id, payment_id, provider, provider_ref, amount_cents, status, created_at, updated_at)
    SELECT p.booking_id, p.id, 'test', 'refund-' || p.booking_id, p.amount_cents, 'succeeded', b.cancelled_at, b.cancelled_at + interval '1 minute'
    FROM payments p JOIN bookings b ON b.id = p.booking_id
    WHERE b.status = 'cancelled' AND p.provider_ref LIKE 'report-%' AND extract(minute FROM b.created_at)::int % 10 <> 0`);
  // Fresh statistics, so that the joins below are planned for a million rows, not for none.
  await db.execute(sql`ANALYZE bookings, payments`);
  // The waitlist: one entry per cancelled time in five, each offered once; half of them claimed.
  await db.execute(sql`
    WITH c AS (
      SELECT b.id, b.patient_id, b.treatment_id, b.doctor_id, b.date, b.start_min, b.end_min, b.starts_at, b.cancelled_at, row_number() OVER (ORDER BY b.id) AS k
      FROM bookings b WHERE b.status = 'cancelled' AND b.patient_id LIKE 'report-%' AND b.start_min % 150 = 0
    ), e AS (
      INSERT INTO waitlist_entries (patient_id, treatment_id, date_from, date_to, status, created_at)
      SELECT 'report-' || ((k * 37 + 11) % ${patients}::int), treatment_id, date, date, 'booked', cancelled_at - interval '2 days' FROM c
      ON CONFLICT DO NOTHING
      RETURNING id, patient_id, date_from
    )
    INSERT INTO waitlist_offers (entry_id, lane_id, doctor_id, date, start_min, end_min, starts_at, expires_at, status, created_at)
    SELECT e.id, c.doctor_id, c.doctor_id, c.date, c.start_min, c.end_min, c.starts_at, c.cancelled_at + interval '2 hours',
      CASE WHEN c.k % 2 = 0 THEN 'claimed' ELSE 'expired' END, c.cancelled_at + interval '5 minutes'
    FROM e JOIN c ON 'report-' || ((c.k * 37 + 11) % ${patients}::int) = e.patient_id AND c.date = e.date_from
    ON CONFLICT DO NOTHING`);
  // Recalls: each patient due six months after their last completed visit; a third of them booked.
  await db.execute(sql`
    INSERT INTO recalls (patient_id, treatment_id, due_date, status)
    SELECT patient_id, ${treatment!.id}::uuid, (max(date) + interval '6 months')::date,
      CASE WHEN hashtext(patient_id) % 3 = 0 THEN 'booked' ELSE 'due' END
    FROM bookings WHERE status = 'completed' AND patient_id LIKE 'report-%' GROUP BY patient_id`);
  await db.execute(sql`ANALYZE`);
  return { doctorIds, treatmentId: treatment!.id };
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);
