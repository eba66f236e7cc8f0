/**
 * The booking write's state read (`readWriteState`, one fixed statement with its lists as JSON
 * parameters) answers what Drizzle's selects answer for the same question: the confirmed holders
 * of each scope's day (its treatment's own bookings and its lanes'), each once however many scopes
 * it falls in, and the active bookings of each patient and of each guardian's dependents.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, doctors, treatments } from '../../db/schema.ts';
import { buildTestApp, insertSignedInPatients, type TestApp } from '../../test/helper.ts';
import { listHoldersOn, readWriteState, type HolderScope } from './booking.repository.ts';

const DAY = '2031-03-10';
const NEXT = '2031-03-11';
const EARLIER = '2031-03-09';

describe('the booking write state, read in one statement', () => {
  let t: TestApp;
  let a: string;
  let b: string;
  let doctor: string;
  let patients: string[];

  beforeAll(async () => {
    t = await buildTestApp();
    const [first, second] = await t.db.select({ id: treatments.id }).from(treatments).orderBy(treatments.position).limit(2);
    a = first!.id;
    b = second!.id;
    const [dr] = await t.db.insert(doctors).values({ name: 'Dr State', email: 'dr-state@example.com', img: '/x.png' }).returning();
    doctor = dr!.id;
    patients = (await insertSignedInPatients(t.db, 'state-read-secret-state-read-secret-0', 4, 'state')).map((p) => p.id);
    const [p0, p1, p2, p3] = patients as [string, string, string, string];
    const booking = (treatmentId: string, date: string, hour: number, patientId: string, extra: Partial<typeof bookings.$inferInsert> = {}) => ({
      treatmentId,
      treatmentName: 'x',
      date,
      slot: `${hour}`,
      startMin: hour * 60,
      endMin: hour * 60 + 30,
      startsAt: new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`),
      endsAt: new Date(`${date}T${String(hour).padStart(2, '0')}:30:00Z`),
      patientId,
      patientEmail: `${patientId}@example.com`,
      patientName: patientId,
      priceCents: 100,
      ...extra,
    });
    await t.db.insert(bookings).values([
      booking(a, DAY, 9, p0), // a's own lane
      booking(b, DAY, 10, p1, { doctorId: doctor }), // the doctor's lane, through b
      booking(a, DAY, 11, p2, { doctorId: doctor, bookedBy: p3 }), // a, on the doctor's lane: in both scopes below
      booking(a, DAY, 12, p0, { status: 'cancelled' }), // not a holder, not counted
      booking(b, NEXT, 9, p0), // another day
      booking(a, EARLIER, 9, p1, { bookedBy: p3 }), // before `fromDate`: held that day, not counted
    ]);
  });
  afterAll(() => t.close());

  const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

  /** Drizzle's answers to the same question, as the write read them before (the reference). */
  async function reference(scopes: HolderScope[], patientIds: string[], fromDate: string, households: string[]) {
    const counts = async (column: typeof bookings.patientId | typeof bookings.bookedBy, of: string[]) =>
      of.length === 0
        ? new Map<string, number>()
        : new Map(
            (
              await t.db
                .select({ key: column, n: sql<number>`count(*)::int` })
                .from(bookings)
                .where(and(eq(bookings.status, 'confirmed'), inArray(column, of), gte(bookings.date, fromDate)))
                .groupBy(column)
            ).map((r) => [r.key!, r.n]),
          );
    return { holders: await listHoldersOn(t.db, scopes), activeCounts: await counts(bookings.patientId, patientIds), bookedForCounts: await counts(bookings.bookedBy, households) };
  }

  const cases: [string, () => { scopes: HolderScope[]; patientIds: string[]; fromDate: string; households: string[] }][] = [
    ['one treatment on its own lane', () => ({ scopes: [{ treatmentId: a, date: DAY, lanes: [a] }], patientIds: [patients[0]!], fromDate: DAY, households: [] })],
    [
      'two treatments sharing a doctor, the shared booking once',
      () => ({ scopes: [{ treatmentId: a, date: DAY, lanes: [a, doctor] }, { treatmentId: b, date: DAY, lanes: [doctor] }], patientIds: patients, fromDate: DAY, households: [patients[3]!] }),
    ],
    [
      'scopes on three days, counts from an earlier day',
      () => ({
        scopes: [{ treatmentId: b, date: NEXT, lanes: [] }, { treatmentId: a, date: EARLIER, lanes: [a] }, { treatmentId: b, date: DAY, lanes: [b] }],
        patientIds: patients,
        fromDate: EARLIER,
        households: [patients[3]!, patients[0]!],
      }),
    ],
    ['nothing to read', () => ({ scopes: [], patientIds: [], fromDate: DAY, households: [] })],
  ];

  it.each(cases)('%s', async (_name, make) => {
    const { scopes, patientIds, fromDate, households } = make();
    const read = await t.db.transaction((tx) => readWriteState(tx, scopes, patientIds, fromDate, households));
    const expected = await reference(scopes, patientIds, fromDate, households);
    expect(ids(read.holders)).toEqual(ids(expected.holders));
    expect(read.holders.length).toBe(new Set(ids(read.holders)).size);
    expect([...read.holders].sort((x, y) => (x.id < y.id ? -1 : 1))).toEqual([...expected.holders].sort((x, y) => (x.id < y.id ? -1 : 1)));
    expect(read.activeCounts).toEqual(expected.activeCounts);
    expect(read.bookedForCounts).toEqual(expected.bookedForCounts);
    expect(read.version).toBe((await t.db.execute(sql`SELECT schedule_version AS v FROM clinic_state WHERE id = 1`).then((r) => (r as unknown as { rows: { v: number }[] }).rows[0]!.v)));
  });

  it('finds what the cases are about (so that equal answers are not two empty ones)', async () => {
    const read = await t.db.transaction((tx) => readWriteState(tx, cases[1]![1]().scopes, patients, DAY, [patients[3]!]));
    expect(read.holders).toHaveLength(3);
    expect(read.activeCounts.get(patients[0]!)).toBe(2); // this day and the next; the cancelled one not
    expect(read.bookedForCounts.get(patients[3]!)).toBe(1);
  });
});
