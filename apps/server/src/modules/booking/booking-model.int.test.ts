/**
 * A model test of booking, cancelling and rescheduling (design clinic-operations.md section 7,
 * issue 2, point 4): random rounds of concurrent requests by three patients, for a 30-minute and
 * a 60-minute treatment that share two doctors (one with shorter hours than the clinic's), the
 * requests of a round started in an order fast-check's scheduler picks. After each run the
 * database is asked, by SQL, whether any lane holds two overlapping confirmed bookings, whether
 * any confirmed booking lies outside its doctor's hours, and whether every booking the patients
 * were told they have is there, as often moved as they were told.
 */
import fc from 'fast-check';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, slotLabel } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { bookings, images } from '../../db/schema.ts';
import { bearer, buildTestApp, createSignedInPatients, signIn, testDb, type TestApp } from '../../test/helper.ts';
import { makeImage } from '../../test/images.ts';

const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };
/** Doctor A works 08.00-11.00 and 14.00-17.00 every day; doctor B the clinic's 08.00-12.00 and 13.00-17.00. */
const HOURS_A = [{ start: 480, end: 660 }, { start: 840, end: 1020 }];
// 100 runs with the shortcuts on (the default), on each database; with FAST_PATHS=off the same
// model checks the plain writer in a quarter of the runs (the CI run's time is budgeted).
const RUNS = process.env.FAST_PATHS === 'off' ? 25 : 100;

type Doctor = 'any' | 0 | 1;
type Op =
  | { kind: 'book'; patient: number; treatment: 0 | 1; doctor: Doctor; start: number }
  | { kind: 'cancel'; target: number }
  | { kind: 'reschedule'; target: number; doctor: Doctor; start: number };

/** Starts on the half hour from 08.00 to 16.30, the lunch hour and too-late ends included (the server refuses those with 400). */
const startArb = fc.integer({ min: 0, max: 17 }).map((i) => 480 + 30 * i);
const doctorArb = fc.constantFrom<Doctor>('any', 0, 1);
const bookArb: fc.Arbitrary<Op> = fc.record({ kind: fc.constant('book' as const), patient: fc.integer({ min: 0, max: 2 }), treatment: fc.constantFrom<0 | 1>(0, 1), doctor: doctorArb, start: startArb });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: bookArb },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), target: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reschedule' as const), target: fc.nat(20), doctor: doctorArb, start: startArb }) },
);
/**
 * An opening round of one to three bookings, then one to three rounds of one to four requests
 * of any kind; the requests of a round run at once.
 */
const roundsArb = fc
  .tuple(fc.array(bookArb, { minLength: 1, maxLength: 3 }), fc.array(fc.array(opArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 }))
  .map(([opening, rest]) => [opening, ...rest]);

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Pairs of confirmed bookings of one lane on `day` whose times overlap (the model's first oracle). */
const overlapsOn = (db: Db, day: string) => rows<{ id: string; other: string }>(db, sql`
  SELECT a.id, b.id AS other FROM bookings a JOIN bookings b
    ON a.lane_id = b.lane_id AND a.date = b.date AND a.id < b.id
   AND a.start_min < b.end_min AND b.start_min < a.end_min
 WHERE a.date = ${day} AND a.status = 'confirmed' AND b.status = 'confirmed'`);

/**
 * Confirmed bookings on `day` without a doctor, of the wrong length, or outside one stretch of
 * their doctor's hours (their own, or the clinic's when they have none): the second oracle.
 */
const outsideHoursOn = (db: Db, day: string) => rows<{ id: string }>(db, sql`
  SELECT b.id, b.doctor_id, b.start_min, b.end_min FROM bookings b JOIN treatments tr ON tr.id = b.treatment_id
   WHERE b.date = ${day} AND b.status = 'confirmed' AND (
     b.doctor_id IS NULL OR b.end_min - b.start_min <> tr.duration_min OR NOT EXISTS (
       SELECT 1 FROM working_hours w
        WHERE w.weekday = extract(isodow FROM b.date) AND w.start_min <= b.start_min AND b.end_min <= w.end_min
          AND (w.doctor_id = b.doctor_id
               OR (w.doctor_id IS NULL AND NOT EXISTS (SELECT 1 FROM working_hours d WHERE d.doctor_id = b.doctor_id)))))`);

/** Rolls a canary's transaction back once it has looked. */
class RolledBack extends Error {}

describe('booking model (fast-check)', () => {
  let t: TestApp;
  let now = new Date('2030-06-05T10:15:00Z');
  let doctors: string[];
  let treatments: { id: string; durationMin: number }[];
  let runIndex = 0;
  const figures = { runs: 0, requests: 0, booked: 0, cancelled: 0, moved: 0, refused: 0, skipped: 0 };

  beforeAll(async () => {
    t = await buildTestApp(ADMIN, { now: () => now });
    const { token } = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const admin = async (options: InjectOptions, expected: number) => {
      const res = await t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== expected) throw new Error(`${options.method} ${options.url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const [image] = await t.db.insert(images).values({ contentType: 'image/webp', content: await makeImage('webp', 8, 8), width: 8, height: 8 }).returning();
    doctors = [];
    for (const name of ['Dr Model A', 'Dr Model B']) {
      const created = await admin({ method: 'POST', url: '/api/doctor', payload: { name, email: `${name.toLowerCase().replaceAll(' ', '.')}@clinic.test`, img: `/api/image/${image!.id}`, specialty: '' } }, 201);
      doctors.push(created.insertedId);
    }
    const weekdays = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [d, HOURS_A]));
    await admin({ method: 'PUT', url: `/api/admin/working-hours?doctorId=${doctors[0]}`, payload: { weekdays } }, 200);
    treatments = [];
    for (const durationMin of [30, 60]) {
      const created = await admin({ method: 'POST', url: '/api/admin/treatments', payload: { name: `Model ${durationMin}`, price: durationMin, durationMin, requiresDoctor: true, doctorIds: doctors } }, 201);
      treatments.push({ id: created.insertedId, durationMin });
    }
  });
  afterAll(async () => {
    console.info(`[booking model ${testDb}]`, JSON.stringify(figures));
    await t.close();
  });

  it(`keeps every lane free of overlaps, every booking inside its doctor's hours, and no booking lost (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(roundsArb, fc.scheduler(), async (rounds, s) => {
        // A fresh day per run (shrinking too), three days ahead of the clock: outside the notice windows.
        const day = addDays('2030-07-01', runIndex++);
        now = new Date(`${addDays(day, -3)}T10:15:00Z`);
        const patients = await createSignedInPatients(t, 3, 'model');
        /** What the patients were told: their bookings, which they cancelled, how often each moved. */
        const held: { id: string; patient: number; treatment: number }[] = [];
        const cancelled = new Set<string>();
        const moves = new Map<string, number>();
        const unexpected: string[] = [];
        const slotOf = (treatment: number, start: number) => slotLabel(start, start + treatments[treatment]!.durationMin);
        const doctorOf = (d: Doctor) => (d === 'any' ? {} : { doctorId: doctors[d] });

        async function run(op: Op): Promise<void> {
          figures.requests++;
          if (op.kind === 'book') {
            const res = await t.app.inject({
              method: 'POST', url: '/api/booking', headers: bearer(patients[op.patient]!),
              payload: { treatmentId: treatments[op.treatment]!.id, date: day, slot: slotOf(op.treatment, op.start), ...doctorOf(op.doctor) },
            });
            if (res.statusCode === 201) {
              held.push({ id: res.json().booking._id, patient: op.patient, treatment: op.treatment });
              figures.booked++;
            } else if (res.statusCode === 400 || res.statusCode === 409) figures.refused++;
            else unexpected.push(`book ${JSON.stringify(op)}: ${res.statusCode} ${res.body}`);
            return;
          }
          // Cancels and moves go to a booking the patients hold (or held), chosen when the request starts.
          const target = held.length > 0 ? held[op.target % held.length]! : undefined;
          if (!target) {
            figures.skipped++;
            return;
          }
          const owner = patients[target.patient]!;
          if (op.kind === 'cancel') {
            const res = await t.app.inject({ method: 'POST', url: `/api/booking/${target.id}/cancel`, headers: bearer(owner), payload: {} });
            if (res.statusCode === 200) {
              if (cancelled.has(target.id)) unexpected.push(`cancel ${target.id}: cancelled twice`);
              cancelled.add(target.id);
              figures.cancelled++;
            } else if (res.statusCode === 409 || res.statusCode === 429) figures.refused++;
            else unexpected.push(`cancel ${target.id}: ${res.statusCode} ${res.body}`);
            return;
          }
          const res = await t.app.inject({
            method: 'POST', url: `/api/booking/${target.id}/reschedule`, headers: bearer(owner),
            payload: { date: day, slot: slotOf(target.treatment, op.start), ...doctorOf(op.doctor) },
          });
          if (res.statusCode === 200) {
            moves.set(target.id, (moves.get(target.id) ?? 0) + 1);
            figures.moved++;
          } else if (res.statusCode === 400 || res.statusCode === 409 || res.statusCode === 429) figures.refused++;
          else unexpected.push(`reschedule ${target.id} ${JSON.stringify(op)}: ${res.statusCode} ${res.body}`);
        }

        for (const round of rounds) {
          const started = round.map((op, i) => s.schedule(Promise.resolve(i), `${op.kind} ${i}`).then(() => run(op)));
          await s.waitIdle();
          await Promise.all(started);
        }
        figures.runs++;
        expect(unexpected).toEqual([]);

        // No two confirmed bookings of a lane overlap (the doctors are shared by both treatments).
        expect(await overlapsOn(t.db, day)).toEqual([]);
        // Every confirmed booking has a doctor, its treatment's length, and lies within its doctor's hours.
        expect(await outsideHoursOn(t.db, day)).toEqual([]);

        // No booking lost or duplicated: the confirmed ones are exactly those booked and not
        // cancelled, each moved as often as its patient was told (version = 1 + moves).
        const ids = held.map((h) => h.id);
        const stored = ids.length === 0 ? [] : await t.db.select().from(bookings).where(inArray(bookings.id, ids));
        expect(stored).toHaveLength(held.length);
        const confirmedOfRun = await t.db.select({ id: bookings.id }).from(bookings)
          .where(sql`${bookings.patientEmail} IN ${patients.map((p) => p.email)} AND ${bookings.status} = 'confirmed'`);
        expect(confirmedOfRun.length).toBe(held.length - cancelled.size);
        expect(confirmedOfRun.map((r) => r.id).sort()).toEqual(ids.filter((id) => !cancelled.has(id)).sort());
        for (const row of stored) {
          expect(row.status, row.id).toBe(cancelled.has(row.id) ? 'cancelled' : 'confirmed');
          expect(row.version, row.id).toBe(1 + (moves.get(row.id) ?? 0));
          expect(row.date).toBe(day);
        }
      }),
      { numRuns: RUNS },
    );
    // Liveness: a server that refused everything (409 to every request) would keep every oracle
    // above happy. Over the runs, patients must have booked, cancelled and moved, and most
    // opening bookings (a free day, any doctor) must have gone through.
    expect(figures.booked).toBeGreaterThan(RUNS / 2);
    expect(figures.cancelled).toBeGreaterThan(0);
    expect(figures.moved).toBeGreaterThan(0);
  }, 120_000);

  /** A booking row written directly (bypassing the service), for the canaries. */
  const planted = (day: string, doctor: number, startMin: number) => ({
    treatmentId: treatments[0]!.id, treatmentName: 'Model 30', date: day, slot: slotLabel(startMin, startMin + 30), doctorId: doctors[doctor],
    laneId: doctors[doctor], startMin, endMin: startMin + 30,
    startsAt: new Date(Date.parse(`${day}T00:00:00Z`) + startMin * 60_000), endsAt: new Date(Date.parse(`${day}T00:00:00Z`) + (startMin + 30) * 60_000),
    patientEmail: 'planted@example.com', patientName: 'Planted', priceCents: 100,
  });

  it('sees, with the hours oracle, a booking placed outside its doctor’s hours (so the model test can fail)', async () => {
    // One at 11.00 on doctor A, who stops at 11.00.
    const day = addDays('2030-07-01', runIndex++);
    const [row] = await t.db.insert(bookings).values(planted(day, 0, 660)).returning();
    try {
      expect((await outsideHoursOn(t.db, day)).map((r) => r.id)).toEqual([row!.id]);
    } finally {
      await t.db.delete(bookings).where(eq(bookings.id, row!.id));
    }
  });

  it('sees, with the overlap oracle, two overlapping bookings of one lane once the exclusion constraint is gone (so the model test can fail)', async () => {
    // The constraint refuses such rows, so the oracle looks inside a transaction that drops it and is rolled back.
    const day = addDays('2030-07-01', runIndex++);
    let seen: { id: string; other: string }[] = [];
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE bookings DROP CONSTRAINT bookings_one_per_lane_time`);
        await tx.insert(bookings).values([planted(day, 1, 540), planted(day, 1, 555)]);
        seen = await overlapsOn(tx, day);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(seen).toHaveLength(1);
    // The constraint is back: the same rows are refused.
    await expect(t.db.insert(bookings).values([planted(day, 1, 540), planted(day, 1, 555)])).rejects.toMatchObject({ cause: { code: '23P01' } });
  });
});
