/**
 * Migration 0011 (lanes and schedules) on a database that holds today's data (design
 * clinic-operations.md section 2.3, issue 1's first "done when"): every row and id kept, every
 * booking's date, slot, price and payment untouched, `active` -> `confirmed`, times and instants
 * right on a daylight-saving day in the clinic's zone, doctors linked by specialty, and
 * `GET /api/available` byte-identical to what the old code answered.
 */
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { addDays, slotStartMinutes, type TreatmentAvailability } from '@clinic/shared';
import { SERVER_ROOT } from '../server-root.ts';
import {
  bearer, buildTestApp, createSignedInPatients, createTestStorage, freshPostgresDatabase, signIn, slotTimes, testDb, type TestApp, type TestStorage,
} from '../test/helper.ts';
import { bookingClock, isStartOpen, type BookingClock } from '../modules/booking/slots.ts';
import { instantOf } from '../lib/clinic-time.ts';
import { openDatabase, type Database } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { auditLog, bookings, clinicState, doctorTreatments, treatments, workingHours } from './schema.ts';

const ZONE = 'Europe/Berlin';
/** Berlin springs forward on this Sunday, and falls back on the other. */
const SPRING = '2030-03-31';
const FALL = '2030-10-27';
const PAST = '2030-02-01';
const BEFORE_SPRING = new Date('2030-03-01T12:00:00Z');
const BEFORE_FALL = new Date('2030-10-01T12:00:00Z');
const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };

type Rows<T> = { rows: T[] };
const rowsOf = async <T,>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as Rows<T>).rows;

interface OldTreatment { id: string; name: string; slots: string[]; price_cents: number }
interface OldBooking {
  id: string; treatment_id: string; treatment_name: string; date: string; slot: string; patient_id: string | null;
  patient_email: string; price_cents: number; status: string; paid: boolean; transaction_id: string | null;
}

/** The code before 0011 (kept here as the oracle, no longer in the app): a treatment's stored slots less the taken ones, still open, in time order. */
function freeSlots(slots: readonly string[], taken: ReadonlySet<string>, date: string, clock: BookingClock): string[] {
  return slots
    .filter((slot) => !taken.has(slot) && slotStartMinutes(slot) !== null && isStartOpen(date, slotStartMinutes(slot)!, clock))
    .sort((a, b) => slotStartMinutes(a)! - slotStartMinutes(b)!);
}

/** What `GET /api/available` answered before 0011: each treatment's stored slots less its active bookings (the old code's `freeSlots`). */
async function oldAvailable(database: Database, date: string, now: Date): Promise<TreatmentAvailability[]> {
  const list = await rowsOf<OldTreatment>(database, sql`SELECT id, name, slots, price_cents FROM treatments ORDER BY position, name`);
  const taken = await rowsOf<{ treatment_id: string; slot: string }>(
    database, sql`SELECT treatment_id, slot FROM bookings WHERE date = ${date} AND status = 'active'`,
  );
  const clock = bookingClock(now, ZONE, 90);
  return list.map((t) => ({
    _id: t.id,
    name: t.name,
    slots: freeSlots(t.slots, new Set(taken.filter((b) => b.treatment_id === t.id).map((b) => b.slot)), date, clock),
    price: t.price_cents / 100,
  }));
}

const BOOKING_COLUMNS = sql`id, treatment_id, treatment_name, date::text AS date, slot, patient_id, patient_email, price_cents, status, paid, transaction_id`;

describe('migration 0011: lanes and schedules', () => {
  let storage: TestStorage | undefined;
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
    storage?.remove();
  });

  it('keeps every row, id, price and payment, confirms active bookings, and answers /api/available byte for byte as before', async () => {
    storage = await createTestStorage();
    const database = await openDatabase(
      testDb === 'postgres' ? { kind: 'postgres', url: storage.databaseUrl! } : { kind: 'pglite', dir: path.join(storage.dataDir, 'pglite') },
    );
    let migrated = false;
    let oldSpring: TreatmentAvailability[] = [];
    let oldFall: TreatmentAvailability[] = [];
    let oldQuiet: TreatmentAvailability[] = [];
    try {
      // The schema as it was before 0011.
      const all = readMigrationFiles({ migrationsFolder: path.join(SERVER_ROOT, 'drizzle') });
      const at0011 = all.findIndex((m) => m.sql.some((s) => s.includes('bookings_one_per_lane_time')));
      expect(at0011).toBeGreaterThan(0);
      const { dialect, session } = database.db as unknown as { dialect: { migrate(m: unknown, s: unknown, c: unknown): Promise<void> }; session: unknown };
      await dialect.migrate(all.slice(0, at0011), session, { migrationsFolder: '' });

      // Today's data: two accounts, bookings across treatments, both halves of the day and both
      // daylight-saving Sundays, a cancelled one under an active one, paid ones with payments,
      // one detached from a removed account, one in the past; a doctor per specialty.
      const { db } = database;
      await db.execute(sql`INSERT INTO users (id, name, email) VALUES ('u-ann', 'Ann', 'ann@example.com'), ('u-bob', 'Bob', 'bob@example.com')`);
      const ids = Object.fromEntries(
        (await rowsOf<{ id: string; name: string }>(database, sql`SELECT id, name FROM treatments`)).map((r) => [r.name, r.id]),
      ) as Record<string, string>;
      const fixture = [
        { key: 'ortho', treatment: 'Teeth Orthodontics', date: SPRING, slot: '08.00 AM - 08.30 AM', patient: 'u-ann', price: 1999 },
        { key: 'cosmetic', treatment: 'Cosmetic Dentistry', date: SPRING, slot: '11.30 AM - 12.00 PM', patient: 'u-ann', price: 1500 },
        { key: 'paid', treatment: 'Teeth Cleaning', date: SPRING, slot: '04.30 PM - 05.00 PM', patient: 'u-ann', price: 1700, paid: 'pi_fixture_1' },
        { key: 'cleaning', treatment: 'Teeth Cleaning', date: SPRING, slot: '01.00 PM - 01.30 PM', patient: 'u-bob', price: 1700 },
        { key: 'cancelled', treatment: 'Cavity Protection', date: SPRING, slot: '09.00 AM - 09.30 AM', patient: 'u-bob', price: 1900, status: 'cancelled' },
        { key: 'rebooked', treatment: 'Cavity Protection', date: SPRING, slot: '09.00 AM - 09.30 AM', patient: 'u-ann', price: 1900 },
        { key: 'pediatric', treatment: 'Pediatric Dental', date: SPRING, slot: '04.00 PM - 04.30 PM', patient: 'u-bob', price: 2500, paid: 'test_fixture_2' },
        { key: 'fall', treatment: 'Oral Surgery', date: FALL, slot: '11.30 AM - 12.00 PM', patient: 'u-bob', price: 3500 },
        { key: 'detached', treatment: 'Oral Surgery', date: FALL, slot: '02.30 PM - 03.00 PM', patient: null, price: 3500 },
        { key: 'past', treatment: 'Teeth Orthodontics', date: PAST, slot: '08.30 AM - 09.00 AM', patient: 'u-ann', price: 2000 },
      ];
      const bookingIds: Record<string, string> = {};
      for (const b of fixture) {
        const email = b.patient === null ? '' : b.patient === 'u-ann' ? 'ann@example.com' : 'bob@example.com';
        const [row] = await rowsOf<{ id: string }>(database, sql`INSERT INTO bookings
          (treatment_id, treatment_name, date, slot, patient_id, patient_email, patient_name, phone, price_cents, status, paid, transaction_id)
          VALUES (${ids[b.treatment]}, ${b.treatment}, ${b.date}, ${b.slot}, ${b.patient}, ${email}, ${b.patient === null ? '' : 'Name'},
            ${b.patient === null ? '' : '555-0100'}, ${b.price}, ${b.status ?? 'active'}, ${b.paid !== undefined}, ${b.paid ?? null})
          RETURNING id`);
        bookingIds[b.key] = row!.id;
      }
      await db.execute(sql`INSERT INTO payments (booking_id, provider, provider_ref, amount_cents, status) VALUES
        (${bookingIds.paid}, 'stripe', 'pi_fixture_1', 1700, 'succeeded'),
        (${bookingIds.pediatric}, 'test', 'test_fixture_2', 2500, 'succeeded'),
        (${bookingIds.cleaning}, 'stripe', 'pi_fixture_3', 1700, 'failed')`);
      await db.execute(sql`INSERT INTO doctors (name, email, specialty, img) VALUES
        ('Dr Cut', 'cut@clinic.test', 'Oral Surgery', '/api/image/00000000-0000-4000-8000-000000000001'),
        ('Dr Elsewhere', 'elsewhere@clinic.test', 'Orthodontics Plus', '/api/image/00000000-0000-4000-8000-000000000002')`);

      const snapshot = async () => ({
        bookings: await rowsOf<OldBooking>(database, sql`SELECT ${BOOKING_COLUMNS} FROM bookings ORDER BY id`),
        payments: await rowsOf(database, sql`SELECT id, booking_id, provider, provider_ref, amount_cents, status FROM payments ORDER BY id`),
        users: await rowsOf(database, sql`SELECT id, name, email FROM users ORDER BY id`),
        doctors: await rowsOf(database, sql`SELECT id, name, email, specialty, img FROM doctors ORDER BY id`),
        treatments: await rowsOf(database, sql`SELECT id, name, price_cents, position FROM treatments ORDER BY id`),
      });
      const before = await snapshot();
      expect(before.bookings).toHaveLength(fixture.length);
      oldSpring = await oldAvailable(database, SPRING, BEFORE_SPRING);
      oldFall = await oldAvailable(database, FALL, BEFORE_FALL);
      oldQuiet = await oldAvailable(database, '2030-04-01', BEFORE_SPRING);
      // The fixture does take slots away.
      expect(oldSpring.find((x) => x.name === 'Teeth Cleaning')!.slots).toHaveLength(14);
      expect(oldFall.find((x) => x.name === 'Oral Surgery')!.slots).not.toContain('11.30 AM - 12.00 PM');

      await migrateDatabase(database, ZONE);
      migrated = true;

      // Every row and id kept; bookings' date, slot, price and payment untouched.
      const after = await snapshot();
      expect(after.payments).toEqual(before.payments);
      expect(after.users).toEqual(before.users);
      expect(after.doctors).toEqual(before.doctors);
      expect(after.treatments).toEqual(before.treatments);
      expect(after.bookings).toEqual(before.bookings.map((b) => ({ ...b, status: b.status === 'active' ? 'confirmed' : b.status })));
      expect(after.bookings.find((b) => b.id === bookingIds.cancelled)!.status).toBe('cancelled');

      // Their times: the label's minutes, 30 of them, and the instants in the clinic's zone.
      const rows = await db.select().from(bookings).orderBy(asc(bookings.id));
      for (const row of rows) {
        const start = slotStartMinutes(row.slot)!;
        expect(row, row.slot).toMatchObject({ startMin: start, endMin: start + 30, doctorId: null, laneId: row.treatmentId, version: 1 });
        expect(row.startsAt.toISOString(), `${row.date} ${row.slot}`).toBe(instantOf(row.date, start, ZONE).toISOString());
        expect(row.endsAt.toISOString(), `${row.date} ${row.slot}`).toBe(instantOf(row.date, start + 30, ZONE).toISOString());
      }
      const startOf = (key: string) => rows.find((r) => r.id === bookingIds[key])!.startsAt.toISOString();
      expect(startOf('ortho')).toBe('2030-03-31T06:00:00.000Z');
      expect(startOf('cosmetic')).toBe('2030-03-31T09:30:00.000Z');
      expect(startOf('paid')).toBe('2030-03-31T14:30:00.000Z');
      expect(startOf('fall')).toBe('2030-10-27T10:30:00.000Z');
      expect(startOf('past')).toBe('2030-02-01T07:30:00.000Z');

      // The migration's SQL and the app's instantOf agree on every start of the clinic's day on
      // both changing Sundays (the app writes new bookings' instants, the SQL wrote these).
      const computed = await rowsOf<{ date: string; minutes: number; at: string }>(database, sql`
        SELECT d::date::text AS date, m AS minutes,
          to_char((d::date + make_interval(mins => m)) AT TIME ZONE ${ZONE} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS at
        FROM unnest(ARRAY[${SPRING}, ${FALL}]::date[]) AS d, generate_series(480, 1020, 30) AS m`);
      expect(computed).toHaveLength(38);
      for (const c of computed) expect(c.at, `${c.date} ${c.minutes}`).toBe(instantOf(c.date, c.minutes, ZONE).toISOString());

      // Nothing a patient sees changes: no treatment needs a doctor, today's grid every day.
      const catalogue = await db.select().from(treatments).orderBy(asc(treatments.position));
      expect(catalogue.map((x) => [x.durationMin, x.requiresDoctor, x.active])).toEqual(Array(6).fill([30, false, true]));
      const hours = await db.select().from(workingHours).orderBy(asc(workingHours.weekday), asc(workingHours.startMin));
      expect(hours.map((h) => [h.doctorId, h.weekday, h.startMin, h.endMin])).toEqual(
        [1, 2, 3, 4, 5, 6, 7].flatMap((d) => [[null, d, 480, 720], [null, d, 780, 1020]]),
      );
      // The doctor whose specialty names a treatment performs it; the other none.
      const cut = (before.doctors as { id: string; email: string }[]).find((d) => d.email === 'cut@clinic.test')!;
      expect(await db.select().from(doctorTreatments)).toEqual([{ doctorId: cut.id, treatmentId: ids['Oral Surgery'] }]);
      expect(await db.select({ timezone: clinicState.timezone }).from(clinicState)).toEqual([{ timezone: ZONE }]);
      const constraints = await rowsOf<{ conname: string; contype: string }>(
        database, sql`SELECT conname, contype::text AS contype FROM pg_constraint WHERE conname IN ('bookings_one_per_lane_time', 'bookings_status')`,
      );
      expect(constraints.map((c) => [c.conname, c.contype]).sort()).toEqual([['bookings_one_per_lane_time', 'x'], ['bookings_status', 'c']]);
      expect(await rowsOf(database, sql`SELECT indexname FROM pg_indexes WHERE indexname = 'bookings_one_per_slot'`)).toEqual([]);
    } finally {
      await database.close();
    }
    expect(migrated).toBe(true);

    // The app on the migrated database, in the clinic's zone, with the clock where it was.
    let now = BEFORE_SPRING;
    t = await buildTestApp({ ...ADMIN, CLINIC_TIMEZONE: ZONE }, { storage, now: () => now });
    const available = (date: string) => t!.app.inject(`/api/available?date=${encodeURIComponent(date)}`);
    const spring = await available(SPRING);
    expect(spring.statusCode).toBe(200);
    expect(spring.body).toBe(JSON.stringify(oldSpring));
    expect((await available('Mar 31, 2030')).body).toBe(JSON.stringify(oldSpring));
    expect((await available('2030-04-01')).body).toBe(JSON.stringify(oldQuiet));
    now = BEFORE_FALL;
    expect((await available(FALL)).body).toBe(JSON.stringify(oldFall));
    now = BEFORE_SPRING;

    // The patients' lists (an admin looking them up) show their bookings as before, without a doctor.
    const admin = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const ann = (await t.app.inject({ url: '/api/booking?patient=ann@example.com', headers: bearer(admin) })).json<Record<string, unknown>[]>();
    expect(ann.map((b) => [b.treatment, b.date, b.slot, b.price, b.paid, b.transactionId, b.doctor])).toEqual([
      ['Teeth Orthodontics', PAST, '08.30 AM - 09.00 AM', 20, false, null, null],
      ['Teeth Orthodontics', SPRING, '08.00 AM - 08.30 AM', 19.99, false, null, null],
      ['Cavity Protection', SPRING, '09.00 AM - 09.30 AM', 19, false, null, null],
      ['Cosmetic Dentistry', SPRING, '11.30 AM - 12.00 PM', 15, false, null, null],
      ['Teeth Cleaning', SPRING, '04.30 PM - 05.00 PM', 17, true, 'pi_fixture_1', null],
    ]);

    // Every booking made before still holds its slot; the cancelled one holds nothing.
    const [newcomer, other] = await createSignedInPatients(t, 2, 'after0011');
    const { _id: ortho } = oldSpring.find((x) => x.name === 'Teeth Orthodontics')!;
    const { _id: cavity } = oldSpring.find((x) => x.name === 'Cavity Protection')!;
    const { _id: pediatric } = oldSpring.find((x) => x.name === 'Pediatric Dental')!;
    const book = (user: { token: string }, treatmentId: string, slot: string) =>
      t!.app.inject({ method: 'POST', url: '/api/booking', headers: bearer(user), payload: { treatmentId, date: SPRING, slot } });
    expect((await book(newcomer!, ortho, '08.00 AM - 08.30 AM')).statusCode).toBe(409);
    expect((await book(newcomer!, cavity, '09.00 AM - 09.30 AM')).statusCode).toBe(409);
    expect((await book(other!, pediatric, '04.00 PM - 04.30 PM')).statusCode).toBe(409);
    const fresh = await book(newcomer!, pediatric, '08.00 AM - 08.30 AM');
    expect(fresh.statusCode).toBe(201);
    const [row] = await t.db.select().from(bookings).where(sql`${bookings.id} = ${fresh.json().booking._id}`);
    expect(row!.startsAt.toISOString()).toBe('2030-03-31T06:00:00.000Z');

    // The doctor linked by specialty is offered for that treatment.
    const doctorsOffered = (await t.app.inject(`/api/doctors/public?treatmentId=${oldSpring.find((x) => x.name === 'Oral Surgery')!._id}`)).json<{ name: string }[]>();
    expect(doctorsOffered.map((d) => d.name)).toEqual(['Dr Cut']);
  });

  // Hosted PostgreSQL gives the application a database it owns, not a superuser: btree_gist is a
  // trusted extension (PostgreSQL 13 and later), so such an owner can still run 0011.
  it.skipIf(testDb !== 'postgres')('runs as a database owner without superuser rights', async () => {
    const adminUrl = inject('postgresUrl');
    const suffix = `${process.pid}_${Date.now()}`;
    const [role, name] = [`owner_${suffix}`, `t_owner_${suffix}`];
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`CREATE ROLE "${role}" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE`);
      await client.query(`CREATE DATABASE "${name}" OWNER "${role}"`);
    } finally {
      await client.end();
    }
    const url = adminUrl.replace(/^postgres(ql)?:\/\/[^@/]*@/, `postgres://${role}@`).replace(/\/postgres(\?|$)/, `/${name}$1`);
    const database = await openDatabase({ kind: 'postgres', url });
    try {
      expect(await rowsOf(database, sql`SELECT current_user::text AS who, rolsuper FROM pg_roles WHERE rolname = current_user`)).toEqual([{ who: role, rolsuper: false }]);
      await migrateDatabase(database, ZONE);
      expect(await rowsOf(database, sql`SELECT contype::text AS contype FROM pg_constraint WHERE conname = 'bookings_one_per_lane_time'`)).toEqual([{ contype: 'x' }]);
      expect(await database.db.$count(treatments)).toBe(6);
    } finally {
      await database.close();
    }
  });

  // Design section 2.3, "Time zone drift": when CLINIC_TIMEZONE differs from the zone recorded in
  // clinic_state, start-up recomputes the instants of confirmed future bookings (their wall-clock
  // times never move) and records the new zone.
  it('recomputes the instants of future bookings when the clinic moves to another zone', async () => {
    const drift = await createTestStorage();
    const now = new Date('2030-06-05T10:15:00Z');
    let app: TestApp | undefined = await buildTestApp({ CLINIC_TIMEZONE: 'UTC' }, { storage: drift, now: () => now });
    try {
      const list = (await app.app.inject('/api/available?date=2030-06-06')).json<TreatmentAvailability[]>();
      const [patient] = await createSignedInPatients(app, 1, 'drift');
      const res = await app.app.inject({
        method: 'POST', url: '/api/booking', headers: bearer(patient!),
        payload: { treatmentId: list[0]!._id, date: '2030-06-06', slot: '08.00 AM - 08.30 AM' },
      });
      expect(res.statusCode).toBe(201);
      // A visit long past keeps the instant it happened at.
      const patientId = (await app.db.select({ patientId: bookings.patientId }).from(bookings).where(sql`${bookings.id} = ${res.json().booking._id}`))[0]!.patientId;
      const [visit] = await app.db.insert(bookings).values({
        treatmentId: list[1]!._id, treatmentName: list[1]!.name, date: '2020-06-04', slot: '09.00 AM - 09.30 AM',
        ...slotTimes('2020-06-04', '09.00 AM - 09.30 AM'), patientId, patientEmail: patient!.email, patientName: patient!.name, priceCents: 100,
      }).returning();
      await app.close();
      app = undefined;
      app = await buildTestApp({ CLINIC_TIMEZONE: ZONE }, { storage: drift, now: () => now });
      expect(await app.db.select({ timezone: clinicState.timezone }).from(clinicState)).toEqual([{ timezone: ZONE }]);
      const [row] = await app.db.select().from(bookings).where(sql`${bookings.id} = ${res.json().booking._id}`);
      expect(row).toMatchObject({ date: '2030-06-06', slot: '08.00 AM - 08.30 AM', startMin: 480, endMin: 510 });
      // 08.00 in Berlin in June is 06:00Z.
      expect(row!.startsAt.toISOString()).toBe('2030-06-06T06:00:00.000Z');
      expect(row!.endsAt.toISOString()).toBe('2030-06-06T06:30:00.000Z');
      const [past] = await app.db.select().from(bookings).where(sql`${bookings.id} = ${visit!.id}`);
      expect(past!.startsAt.toISOString()).toBe('2020-06-04T09:00:00.000Z');
      // Recorded for the clinic's staff.
      const audit = await app.db.select().from(auditLog).where(sql`${auditLog.action} = 'clinic.timezone'`);
      expect(audit.map((e) => e.target)).toEqual([ZONE]);
    } finally {
      await app?.close();
      drift.remove();
    }
  });

  // Instants are computed in two places: by the app (slots.ts instantOf, for every booking it
  // writes) and in SQL with AT TIME ZONE (0011 for existing bookings, and start-up when the
  // clinic's zone changes). instantOf says it does what PostgreSQL does; for a time the
  // fall-back repeats, PostgreSQL takes the later occurrence and instantOf the first.
  it('computes the same instant as the database for every half hour of the changing days and the days around them', async () => {
    const database = testDb === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: await freshPostgresDatabase() })
      : await openDatabase({ kind: 'pglite', dir: 'memory://' });
    try {
      const changes: [string, string][] = [[SPRING, ZONE], [FALL, ZONE], ['2030-03-10', 'America/New_York'], ['2030-11-03', 'America/New_York'], ['2030-04-07', 'Australia/Lord_Howe'], ['2030-06-15', 'Asia/Kathmandu']];
      // The days around a change too: read once per date when the offset holds (clinic-time.ts).
      const days = changes.flatMap(([date, zone]) => [-3, -2, -1, 0, 1, 2, 3].map((shift): [string, string] => [addDays(date, shift), zone]));
      const differing: string[] = [];
      for (const [date, zone] of days) {
        const computed = await rowsOf<{ minutes: number; at: string }>(database, sql`
          SELECT m AS minutes,
            to_char((${date}::date + make_interval(mins => m)) AT TIME ZONE ${zone} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS at
          FROM generate_series(0, 1410, 30) AS m`);
        expect(computed).toHaveLength(48);
        for (const c of computed) {
          const app = instantOf(date, c.minutes, zone).toISOString();
          if (app !== c.at) differing.push(`${zone} ${date} minute ${c.minutes}: app ${app}, database ${c.at}`);
        }
      }
      expect(differing).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
