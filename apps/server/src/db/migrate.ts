/**
 * Applies the committed drizzle-kit migrations at start-up. Several instances may start at once:
 * they queue on one advisory lock, and the later ones find nothing left to apply.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { SERVER_ROOT } from '../server-root.ts';
import type { Database } from './client.ts';

const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');
/** Arbitrary but fixed: "clinic" in ASCII, the key every instance locks on. */
const MIGRATION_LOCK_KEY = 0x636c696e;

/**
 * `timeZone` is the clinic's (CLINIC_TIMEZONE): migrations that turn wall-clock times into
 * instants read it as `current_setting('clinic.timezone')` (0011 does, for existing bookings).
 */
export async function migrateDatabase(database: Database, timeZone: string): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async (db) => {
    await db.execute(sql`SELECT set_config('clinic.timezone', ${timeZone}, false)`);
    // The dialect's migrator is what drizzle's pglite and node-postgres migrate() call; using it
    // directly lets both databases share this one locked code path.
    const { dialect, session } = db as unknown as {
      dialect: { migrate(m: unknown, s: unknown, c: unknown): Promise<void> };
      session: unknown;
    };
    await dialect.migrate(migrations, session, { migrationsFolder: MIGRATIONS_FOLDER });
  });
}
