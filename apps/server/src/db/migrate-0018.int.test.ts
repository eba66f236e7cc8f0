/**
 * Migration 0018 (one job engine) on a database that holds mail and refunds queued before it:
 * each one still waiting gets its job, due when it was and with the attempts it had made; what
 * was sent, failed, withdrawn or settled gets none.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../server-root.ts';
import { createTestStorage, testDb } from '../test/helper.ts';
import { openDatabase, type Database } from './client.ts';

type Rows<T> = { rows: T[] };
const rowsOf = async <T,>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as Rows<T>).rows;

describe('migration 0018: one job engine', () => {
  it('queues a job for each mail and refund still waiting, and none for the others', async () => {
    const storage = await createTestStorage();
    const database = await openDatabase(
      testDb === 'postgres' ? { kind: 'postgres', url: storage.databaseUrl! } : { kind: 'pglite', dir: path.join(storage.dataDir, 'pglite') },
    );
    try {
      const all = readMigrationFiles({ migrationsFolder: path.join(SERVER_ROOT, 'drizzle') });
      const at0018 = all.findIndex((m) => m.sql.some((s) => s.includes("'refund.issue'")));
      expect(at0018).toBeGreaterThan(0);
      const { dialect, session } = database.db as unknown as { dialect: { migrate(m: unknown, s: unknown, c: unknown): Promise<void> }; session: unknown };
      await database.db.execute(sql`SELECT set_config('clinic.timezone', 'UTC', false)`);
      await dialect.migrate(all.slice(0, at0018), session, { migrationsFolder: '' });

      const mail = async (status: string, attempts: number, due: string) => {
        const [row] = await rowsOf<{ id: string }>(database, sql`INSERT INTO outbox (kind, to_address, subject, text_body, status, attempts, next_attempt_at)
          VALUES ('contact', 'desk@clinic.test', 'Subject', 'Body', ${status}, ${attempts}, ${due}) RETURNING id`);
        return row!.id;
      };
      const waiting = await mail('pending', 0, '2030-03-01T09:00:00Z');
      const retrying = await mail('pending', 2, '2030-03-01T09:05:00Z');
      const held = await mail('sending', 1, '2030-03-01T08:00:00Z');
      for (const status of ['sent', 'failed', 'cancelled', 'expired']) await mail(status, 1, '2030-03-01T08:00:00Z');

      const [treatment] = await rowsOf<{ id: string }>(database, sql`SELECT id FROM treatments ORDER BY name LIMIT 1`);
      const [booking] = await rowsOf<{ id: string }>(database, sql`INSERT INTO bookings
        (treatment_id, treatment_name, date, slot, start_min, end_min, starts_at, ends_at, patient_email, patient_name, price_cents, status)
        VALUES (${treatment!.id}, 'Cleaning', '2030-03-01', '09.00 AM - 09.30 AM', 540, 570, '2030-03-01T09:00:00Z', '2030-03-01T09:30:00Z',
          'ann@example.com', 'Ann', 1700, 'cancelled') RETURNING id`);
      const refund = async (status: string, attempts: number) => {
        const [row] = await rowsOf<{ id: string }>(database, sql`INSERT INTO refunds (booking_id, provider, amount_cents, reason, status, attempts, next_attempt_at)
          VALUES (${booking!.id}, 'test', 1700, 'cancelled', ${status}, ${attempts}, '2030-03-02T10:00:00Z') RETURNING id`);
        return row!.id;
      };
      const owed = await refund('pending', 3);
      await refund('succeeded', 1);
      await refund('failed', 8);

      await dialect.migrate(all.slice(at0018), session, { migrationsFolder: '' });
      const queued = await rowsOf<{ kind: string; ref: string; run_at: Date | string; attempts: number; status: string }>(database, sql`
        SELECT kind, coalesce(payload->>'outboxId', payload->>'refundId') AS ref, run_at, attempts, status FROM jobs ORDER BY kind, run_at`);
      expect(queued.map((j) => [j.kind, j.ref, new Date(j.run_at).toISOString(), j.attempts, j.status])).toEqual([
        ['mail.send', held, '2030-03-01T08:00:00.000Z', 1, 'pending'],
        ['mail.send', waiting, '2030-03-01T09:00:00.000Z', 0, 'pending'],
        ['mail.send', retrying, '2030-03-01T09:05:00.000Z', 2, 'pending'],
        ['refund.issue', owed, '2030-03-02T10:00:00.000Z', 3, 'pending'],
      ]);
    } finally {
      await database.close();
      storage.remove();
    }
  });
});
