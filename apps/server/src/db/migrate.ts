/**
 * Applies the committed drizzle-kit migrations at start-up. Several instances may start at once:
 * they queue on one advisory lock, and the later ones find nothing left to apply.
 */
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { SERVER_ROOT } from '../server-root.ts';
import type { Database } from './client.ts';

const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');
/** Arbitrary but fixed: "clinic" in ASCII, the key every instance locks on. */
const MIGRATION_LOCK_KEY = 0x636c696e;

export async function migrateDatabase(database: Database): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async (db) => {
    // The dialect's migrator is what drizzle's pglite and node-postgres migrate() call; using it
    // directly lets both databases share this one locked code path.
    const { dialect, session } = db as unknown as {
      dialect: { migrate(m: unknown, s: unknown, c: unknown): Promise<void> };
      session: unknown;
    };
    await dialect.migrate(migrations, session, { migrationsFolder: MIGRATIONS_FOLDER });
  });
}
