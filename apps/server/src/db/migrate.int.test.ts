import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildTestApp, freshPostgresDatabase, testDb, type TestApp } from '../test/helper.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { SERVER_ROOT } from '../server-root.ts';
import { bookings, treatments } from './schema.ts';

describe('migrations and seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('seeds the six treatments with sixteen 30-minute slots each and their prices', async () => {
    const rows = await t.db.select().from(treatments).orderBy(asc(treatments.position));
    expect(rows.map((r) => [r.name, r.priceCents])).toEqual([
      ['Teeth Orthodontics', 2000],
      ['Cosmetic Dentistry', 1500],
      ['Teeth Cleaning', 1700],
      ['Cavity Protection', 1900],
      ['Pediatric Dental', 2500],
      ['Oral Surgery', 3500],
    ]);
    for (const row of rows) {
      expect(row.slots).toHaveLength(16);
      expect(row.slots[0]).toBe('08.00 AM - 08.30 AM');
      expect(row.slots[7]).toBe('11.30 AM - 12.00 PM');
      expect(row.slots[8]).toBe('01.00 PM - 01.30 PM');
      expect(row.slots[15]).toBe('04.30 PM - 05.00 PM');
    }
  });

  it('applies nothing twice: migrating again does not duplicate the seed', async () => {
    await migrateDatabase(t.app.database, t.config.clinicTimeZone);
    await migrateDatabase(t.app.database, t.config.clinicTimeZone);
    expect(await t.db.$count(treatments)).toBe(6);
  });

  it('migrates a fresh database from several starters at once, exactly once', async () => {
    if (testDb === 'postgres') {
      // Three instances starting together on one empty PostgreSQL database.
      const config = { ...t.config, database: { kind: 'postgres' as const, url: await freshPostgresDatabase() } };
      const apps = await Promise.all([0, 1, 2].map(() => buildApp(config, { logger: false })));
      try {
        expect(await apps[0]!.database.db.$count(treatments)).toBe(6);
        for (const app of apps) expect((await app.inject('/api/health')).statusCode).toBe(200);
      } finally {
        await Promise.all(apps.map((app) => app.close()));
      }
    } else {
      // PGlite is one connection: three concurrent migrations must still serialise cleanly.
      const database = await openDatabase({ kind: 'pglite', dir: 'memory://' });
      try {
        await Promise.all([0, 1, 2].map(() => migrateDatabase(database, 'UTC')));
        expect(await database.db.$count(treatments)).toBe(6);
      } finally {
        await database.close();
      }
    }
  });
});

describe('migration 0007: bookings belong to an account', () => {
  it('keeps every booking, detaches those of removed accounts, and detaches on every later removal', async () => {
    const database = testDb === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: await freshPostgresDatabase() })
      : await openDatabase({ kind: 'pglite', dir: 'memory://' });
    try {
      const { db } = database;
      // The schema as it was before 0007, with the rows today's installations hold.
      const all = readMigrationFiles({ migrationsFolder: path.join(SERVER_ROOT, 'drizzle') });
      const before = all.slice(0, all.findIndex((m) => m.sql.some((s) => s.includes('bookings_detach_patient'))));
      const { dialect, session } = db as unknown as { dialect: { migrate(m: unknown, s: unknown, c: unknown): Promise<void> }; session: unknown };
      await dialect.migrate(before, session, { migrationsFolder: '' });
      await db.execute(sql`INSERT INTO users (id, name, email) VALUES ('u-kim', 'Kim', 'kim@example.com'), ('u-new', 'Someone', 'gone@example.com')`);
      // The columns of that time only: the schema in code is the latest one.
      const [treatment] = await db.select({ id: treatments.id, name: treatments.name }).from(treatments).limit(1);
      // Later migrations read the labels (0011 turns them into minutes): real ones, in label order.
      const labels: Record<string, string> = { a: '08.00 AM - 08.30 AM', b: '08.30 AM - 09.00 AM', c: '09.00 AM - 09.30 AM' };
      const row = (patientId: string | null, email: string, slot: string) =>
        sql`(${treatment!.id}, ${treatment!.name}, ${`2030-05-0${slot.charCodeAt(0) - 96}`}::date, ${labels[slot]}, ${patientId}, ${email}, 'Name', '555', 100)`;
      await db.execute(sql`INSERT INTO bookings (treatment_id, treatment_name, date, slot, patient_id, patient_email, patient_name, phone, price_cents) VALUES
        ${row('u-kim', 'kim@example.com', 'a')}, ${row(null, 'gone@example.com', 'b')}, ${row('u-kim', 'kim@example.com', 'c')}`);

      await migrateDatabase(database, 'UTC');

      const rows = await db.select().from(bookings).orderBy(asc(bookings.slot));
      expect(rows.map((r) => [r.slot, r.patientId, r.patientEmail, r.patientName, r.phone])).toEqual([
        ['08.00 AM - 08.30 AM', 'u-kim', 'kim@example.com', 'Name', '555'],
        // Removed before the migration; its address now belongs to someone else.
        ['08.30 AM - 09.00 AM', null, '', '', ''],
        ['09.00 AM - 09.30 AM', 'u-kim', 'kim@example.com', 'Name', '555'],
      ]);
      // Removing the account later (any path: here plain SQL) detaches its bookings too.
      await db.execute(sql`DELETE FROM users WHERE id = 'u-kim'`);
      const after = await db.select().from(bookings).orderBy(asc(bookings.slot));
      expect(after.map((r) => [r.slot, r.patientId, r.patientEmail, r.patientName, r.phone, r.priceCents])).toEqual([
        ['08.00 AM - 08.30 AM', null, '', '', '', 100],
        ['08.30 AM - 09.00 AM', null, '', '', '', 100],
        ['09.00 AM - 09.30 AM', null, '', '', '', 100],
      ]);
    } finally {
      await database.close();
    }
  });
});
