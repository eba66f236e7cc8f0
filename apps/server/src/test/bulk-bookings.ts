/**
 * Many bookings written straight with SQL, for benchmarks and backup tests that need a database
 * of some size quickly (no vitest here, so the bench can use it too). Each booking is one of the
 * seeded treatments' sixteen daily slots on consecutive days from 2020-01-01, by one of
 * `patients` accounts made here, with its `created` event, as a booking through the API writes.
 */
import { sql } from 'drizzle-orm';
import { slotLabel } from '@clinic/shared';
import type { Db } from '../db/client.ts';

const STARTS = [480, 510, 540, 570, 600, 630, 660, 690, 780, 810, 840, 870, 900, 930, 960, 990];

export async function insertBulkBookings(db: Db, count: number, { patients = 1000, prefix = 'bulk' } = {}): Promise<void> {
  await db.execute(sql`
    INSERT INTO users (id, email, name)
    SELECT ${prefix} || '-' || i, ${prefix} || i || '@example.com', 'Bulk Patient ' || i FROM generate_series(0, ${patients - 1}) AS i`);
  const slots = sql.join(
    STARTS.map((start, k) => sql`(${k}::int, ${start}::int, ${slotLabel(start, start + 30)}::text)`),
    sql`, `,
  );
  const treatments = (await db.execute(sql`SELECT count(*)::int AS n FROM treatments WHERE active`)) as unknown as { rows?: { n: number }[] } & { n: number }[];
  const treatmentCount = (treatments.rows ?? treatments)[0]!.n;
  const perDay = treatmentCount * STARTS.length;
  const daysPerChunk = Math.max(1, Math.floor(10_000 / perDay));
  for (let firstDay = 0, written = 0; written < count; firstDay += daysPerChunk) {
    const rows = Math.min(count - written, daysPerChunk * perDay);
    await db.execute(sql`
      WITH slots (k, start_min, label) AS (VALUES ${slots}),
        t AS (SELECT id, name, price_cents, row_number() OVER (ORDER BY position, name) - 1 AS ti FROM treatments WHERE active),
        days AS (SELECT d, DATE '2020-01-01' + d AS day FROM generate_series(${firstDay}::int, ${firstDay + daysPerChunk - 1}::int) AS d),
        inserted AS (
          INSERT INTO bookings (treatment_id, treatment_name, date, slot, start_min, end_min, starts_at, ends_at,
            patient_id, patient_email, patient_name, price_cents)
          SELECT t.id, t.name, days.day, slots.label, slots.start_min, slots.start_min + 30,
            days.day::timestamp AT TIME ZONE 'UTC' + slots.start_min * interval '1 minute',
            days.day::timestamp AT TIME ZONE 'UTC' + (slots.start_min + 30) * interval '1 minute',
            ${prefix} || '-' || ((days.d * 16 + slots.k) % ${patients}),
            ${prefix} || ((days.d * 16 + slots.k) % ${patients}) || '@example.com',
            'Bulk Patient ' || ((days.d * 16 + slots.k) % ${patients}),
            t.price_cents
          FROM days CROSS JOIN t CROSS JOIN slots
          ORDER BY days.d, t.ti, slots.k
          LIMIT ${rows}
          RETURNING id, patient_id, date, slot
        )
      INSERT INTO booking_events (booking_id, actor_kind, actor_id, type, data)
      SELECT id, 'patient', patient_id, 'created', jsonb_build_object('date', date, 'slot', slot, 'via', 'online') FROM inserted`);
    written += rows;
  }
}
