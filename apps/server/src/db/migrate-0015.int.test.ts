/**
 * Migration 0015 (personal data by account id) on a database that holds today's rows: a mail is
 * backfilled to an account only where something other than its address ties it to one (its
 * booking, its waitlist offer); a contact message, a link mail and a mail about a removed
 * account's booking stay unattributed, even when an account now holds the address.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../server-root.ts';
import { createTestStorage, testDb } from '../test/helper.ts';
import { openDatabase, type Database } from './client.ts';
import { migrateDatabase } from './migrate.ts';

type Rows<T> = { rows: T[] };
const rowsOf = async <T,>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as Rows<T>).rows;

const ics = (bookingId: string) => `BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:${bookingId}@doctors-portal\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;

describe('migration 0015: personal data by account id', () => {
  it('ties mails to accounts through their booking or offer, never through an address', async () => {
    const storage = await createTestStorage();
    const database = await openDatabase(
      testDb === 'postgres' ? { kind: 'postgres', url: storage.databaseUrl! } : { kind: 'pglite', dir: path.join(storage.dataDir, 'pglite') },
    );
    try {
      const all = readMigrationFiles({ migrationsFolder: path.join(SERVER_ROOT, 'drizzle') });
      const at0015 = all.findIndex((m) => m.sql.some((s) => s.includes('outbox_user_idx')));
      expect(at0015).toBeGreaterThan(0);
      const { dialect, session } = database.db as unknown as { dialect: { migrate(m: unknown, s: unknown, c: unknown): Promise<void> }; session: unknown };
      // 0011 reads the clinic's zone, as migrateDatabase sets it.
      await database.db.execute(sql`SELECT set_config('clinic.timezone', 'UTC', false)`);
      await dialect.migrate(all.slice(0, at0015), session, { migrationsFolder: '' });

      const { db } = database;
      // Carol's account holds carol@example.com now; an earlier patient at that address was removed
      // (their booking detached), and someone wrote to the clinic as Carol before she signed up.
      await db.execute(sql`INSERT INTO users (id, name, email, email_verified) VALUES ('u-carol', 'Carol', 'carol@example.com', true), ('u-dan', 'Dan', 'dan@example.com', true)`);
      const [treatment] = await rowsOf<{ id: string }>(database, sql`SELECT id FROM treatments ORDER BY name LIMIT 1`);
      const book = async (patient: string | null, email: string, status = 'confirmed') => {
        const [row] = await rowsOf<{ id: string }>(database, sql`INSERT INTO bookings
          (treatment_id, treatment_name, date, slot, start_min, end_min, starts_at, ends_at, patient_id, patient_email, patient_name, price_cents, status)
          VALUES (${treatment!.id}, 'Cleaning', '2030-03-01', '09.00 AM - 09.30 AM', 540, 570, '2030-03-01T09:00:00Z', '2030-03-01T09:30:00Z',
            ${patient}, ${email}, ${patient === null ? '' : 'Name'}, 1700, ${status})
          RETURNING id`);
        return row!.id;
      };
      const carols = await book('u-carol', 'carol@example.com');
      const detached = await book(null, '', 'cancelled');
      const [entry] = await rowsOf<{ id: string }>(database, sql`INSERT INTO waitlist_entries (patient_id, treatment_id, date_from, date_to)
        VALUES ('u-dan', ${treatment!.id}, '2030-03-01', '2030-03-05') RETURNING id`);
      await db.execute(sql`INSERT INTO waitlist_offers (entry_id, lane_id, date, start_min, end_min, starts_at, expires_at)
        VALUES (${entry!.id}, ${treatment!.id}, '2030-03-02', 540, 570, '2030-03-02T09:00:00Z', '2030-03-01T10:30:00Z')`);
      const mail = async (kind: string, to: string, extra: { ics?: string; bookingId?: string; expiresAt?: string; replyTo?: string } = {}) => {
        const [row] = await rowsOf<{ id: string }>(database, sql`INSERT INTO outbox (kind, to_address, subject, text_body, ics, booking_id, expires_at, reply_to)
          VALUES (${kind}, ${to}, 'Subject', 'Body', ${extra.ics ?? null}, ${extra.bookingId ?? null}, ${extra.expiresAt ?? null}, ${extra.replyTo ?? null})
          RETURNING id`);
        return row!.id;
      };
      const ids = {
        confirmation: await mail('booking-confirmation', 'carol@example.com', { ics: ics(carols) }),
        reminder: await mail('booking-reminder', 'carol@example.com', { bookingId: carols }),
        oldPatients: await mail('booking-confirmation', 'carol@example.com', { ics: ics(detached) }),
        oldReminder: await mail('booking-reminder', 'carol@example.com', { bookingId: detached }),
        verification: await mail('email-verification', 'carol@example.com'),
        contact: await mail('contact', 'inbox@clinic.test', { replyTo: 'carol@example.com' }),
        offer: await mail('waitlist-offer', 'dan@example.com', { expiresAt: '2030-03-01T10:30:00Z' }),
        otherOffer: await mail('waitlist-offer', 'dan@example.com', { expiresAt: '2030-03-01T11:00:00Z' }),
      };
      await db.execute(sql`INSERT INTO contact_messages (email, subject, message) VALUES ('carol@example.com', 'Private', 'Something private')`);

      await migrateDatabase(database, 'UTC');

      const owners = Object.fromEntries(
        (await rowsOf<{ id: string; user_id: string | null }>(database, sql`SELECT id, user_id FROM outbox`)).map((r) => [r.id, r.user_id]),
      );
      expect(Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, owners[id]]))).toEqual({
        confirmation: 'u-carol',
        reminder: 'u-carol',
        oldPatients: null,
        oldReminder: null,
        verification: null,
        contact: null,
        offer: 'u-dan',
        otherOffer: null,
      });
      expect(await rowsOf(database, sql`SELECT user_id FROM contact_messages`)).toEqual([{ user_id: null }]);
    } finally {
      await database.close();
      storage.remove();
    }
  });
});
