import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildTestApp, freshPostgresDatabase, testDb, type TestApp } from '../test/helper.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { treatments } from './schema.ts';

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
    await migrateDatabase(t.app.database);
    await migrateDatabase(t.app.database);
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
        await Promise.all([0, 1, 2].map(() => migrateDatabase(database)));
        expect(await database.db.$count(treatments)).toBe(6);
      } finally {
        await database.close();
      }
    }
  });
});
