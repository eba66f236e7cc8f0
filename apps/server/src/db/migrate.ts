/**
 * Applies the committed drizzle-kit migrations at start-up. Several instances may start at once:
 * they queue on one advisory lock, and the later ones find nothing left to apply.
 */
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { SERVER_ROOT } from '../server-root.ts';
import type { Database, Db } from './client.ts';
import { clinicProfile, clinicState } from './schema.ts';

const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');
/** Arbitrary but fixed: "clinic" in ASCII, the key every instance locks on. */
const MIGRATION_LOCK_KEY = 0x636c696e;

/**
 * `timeZone` is the clinic's (CLINIC_TIMEZONE): migrations that turn wall-clock times into
 * instants read it as `current_setting('clinic.timezone')` (0011 does, for existing bookings).
 */
export async function migrateDatabase(database: Database, timeZone: string): Promise<ZoneChange | null> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  return database.withAdvisoryLock(MIGRATION_LOCK_KEY, async (db) => {
    await db.execute(sql`SELECT set_config('clinic.timezone', ${timeZone}, false)`);
    // The dialect's migrator is what drizzle's pglite and node-postgres migrate() call; using it
    // directly lets both databases share this one locked code path.
    const { dialect, session } = db as unknown as {
      dialect: { migrate(m: unknown, s: unknown, c: unknown): Promise<void> };
      session: unknown;
    };
    await dialect.migrate(migrations, session, { migrationsFolder: MIGRATIONS_FOLDER });
    // The zone the clinic chose in its profile, once it did, is the clinic's (CLINIC_TIMEZONE
    // is its default: design practice-loop.md section 10).
    return followClinicTimeZone(db, (await chosenTimeZone(db)) ?? timeZone);
  });
}

/** The newest committed migration's timestamp, read once (the files do not change while running). */
let newestCommitted: number | undefined;

/**
 * Whether the database has every committed migration (readiness: an instance that started on a
 * database an older version migrated, or whose migrations failed, must not take traffic). The
 * migrator records each applied migration with its folder's timestamp; a missing table means
 * none was applied.
 */
export async function hasAllMigrations(db: Db): Promise<boolean> {
  newestCommitted ??= Math.max(0, ...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis));
  try {
    const result = await db.execute<{ newest: string | number | null }>(sql`SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations`);
    const rows = Array.isArray(result) ? result : (result as { rows: { newest: string | number | null }[] }).rows;
    return Number(rows[0]?.newest ?? 0) >= newestCommitted;
  } catch (error) {
    // 42P01 undefined_table, 3F000 invalid_schema_name: never migrated.
    const code = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
    if (code === '42P01' || code === '3F000') return false;
    throw error;
  }
}

/** The clinic's zone changed since the last start: from what, to what, and how many bookings moved. */
export interface ZoneChange {
  from: string;
  to: string;
  bookings: number;
}

/**
 * Bookings keep wall-clock times in the clinic's zone and, beside them, the instants those
 * times were in the zone recorded in `clinic_state`. When CLINIC_TIMEZONE differs from it, the
 * instants of confirmed bookings from today on are computed again (their wall-clock times never
 * move) and the new zone is recorded; past bookings keep the instants they happened at. Runs
 * under the migration lock, so one starting instance does it once.
 */
/** The zone of the clinic's profile, if it set one. */
export async function chosenTimeZone(db: Db): Promise<string | null> {
  const [profile] = await db.select({ timezone: clinicProfile.timezone }).from(clinicProfile).where(eq(clinicProfile.id, 1));
  return profile?.timezone ?? null;
}

async function followClinicTimeZone(db: Db, timeZone: string): Promise<ZoneChange | null> {
  const [state] = await db.select({ timezone: clinicState.timezone }).from(clinicState).where(eq(clinicState.id, 1));
  if (!state || state.timezone === timeZone) return null;
  const moved = await db.execute<{ id: string }>(sql`
    UPDATE bookings SET
      starts_at = (date + make_interval(mins => start_min)) AT TIME ZONE ${timeZone},
      ends_at = (date + make_interval(mins => end_min)) AT TIME ZONE ${timeZone}
    WHERE status = 'confirmed' AND date >= (now() AT TIME ZONE ${timeZone})::date
    RETURNING id`);
  await db.update(clinicState).set({ timezone: timeZone, updatedAt: new Date() }).where(eq(clinicState.id, 1));
  const count = Array.isArray(moved) ? moved.length : (moved as { rows?: unknown[] }).rows?.length ?? 0;
  return { from: state.timezone, to: timeZone, bookings: count };
}
