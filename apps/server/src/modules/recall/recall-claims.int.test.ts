/**
 * The recall link's promise under load (design practice-loop.md section 4): 100 patients, each
 * with their own recall link, claim the same time at once through two instances on one
 * PostgreSQL database, and exactly one booking comes of it. Each instance's writer orders only
 * its own requests, so only the database (the day's locks, the constraint last) keeps the other
 * instance's out; the losers must hear a clear 409, never a 500, and their recalls stay due.
 * Both writers: the fast one (the default) shares a transaction among an instance's requests,
 * the plain one gives each its own, so there 100 transactions race on the locks alone.
 * PGlite is one process's, so this runs on api-postgres.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TreatmentAvailability } from '@clinic/shared';
import { bookings, recalls } from '../../db/schema.ts';
import { bearer, buildTestApp, createSignedInPatients, createTestStorage, signIn, slotTimes, testDb, treatmentsOn, type TestApp, type TestStorage } from '../../test/helper.ts';

const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };
const PATIENTS = 100;
// Today is 2030-11-20; the claimed time is a week ahead, inside the booking window.
const clockMs = Date.parse('2030-11-20T09:00:00Z');
const now = () => new Date(clockMs);
const CLAIMED = { date: '2030-11-27', slot: '10.00 AM - 10.30 AM' };
const WRITERS: { writer: string; env: Record<string, string> }[] = [
  { writer: 'the fast writer', env: {} },
  { writer: 'the plain writer', env: { FAST_PATHS: 'off' } },
];

describe.skipIf(testDb !== 'postgres').each(WRITERS)('recall link claims with two instances on one PostgreSQL, $writer', ({ env: writerEnv }) => {
  let storage: TestStorage;
  let a: TestApp;
  let b: TestApp;
  let cleaning: TreatmentAvailability;

  beforeAll(async () => {
    storage = await createTestStorage();
    const env = { ...ADMIN, REQUIRE_EMAIL_VERIFICATION: 'none', ...writerEnv };
    // One after another: the first migrates, the second finds it done.
    a = await buildTestApp(env, { storage, now, jobs: { autoStart: false } });
    b = await buildTestApp(env, { storage, now, jobs: { autoStart: false } });
    cleaning = (await treatmentsOn(a, CLAIMED.date)).find((x) => x.name === 'Teeth Cleaning')!;
    expect(cleaning.slots).toContain(CLAIMED.slot);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    storage?.remove();
  });

  it('books the time once: one 200, 99 refusals with 409, one confirmed booking, one recall booked', async () => {
    const admin = await signIn(a, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const set = await a.app.inject({ method: 'PATCH', url: `/api/admin/treatments/${cleaning._id}`, headers: bearer(admin), payload: { recallMonths: 6 } });
    expect(set.statusCode).toBe(200);

    // Each patient's last visit, in May, one per slot over the days it takes: written straight in
    // the database (the visits' own booking is not what this proves), then completed by the
    // front desk, whose completion makes the recall as in practice.
    const patients = await createSignedInPatients(a, PATIENTS, 'claimer');
    const slots = cleaning.slots;
    const visits = await a.db.insert(bookings).values(
      patients.map((p, i) => {
        const date = `2030-05-${String(1 + Math.floor(i / slots.length)).padStart(2, '0')}`;
        const slot = slots[i % slots.length]!;
        return {
          treatmentId: cleaning._id, treatmentName: cleaning.name, date, slot, ...slotTimes(date, slot),
          patientId: p.id, patientEmail: p.email, patientName: p.name, priceCents: cleaning.price * 100,
        };
      }),
    ).returning();
    for (const visit of visits) {
      const done = await a.app.inject({ method: 'PATCH', url: `/api/admin/bookings/${visit.id}/status`, headers: bearer(admin), payload: { status: 'completed' } });
      expect(done.statusCode).toBe(200);
    }
    const due = await a.db.select().from(recalls).where(inArray(recalls.patientId, patients.map((p) => p.id)));
    expect(due).toHaveLength(PATIENTS);
    expect(due.every((r) => r.status === 'due')).toBe(true);
    const recallOf = new Map(due.map((r) => [r.patientId, r]));

    // One recall link each, minted as the recall mail's sender mints it.
    const tokens = await Promise.all(
      patients.map(async (p) => {
        const recall = recallOf.get(p.id)!;
        const text = await a.app.links.expand(a.db, { textBody: `{{link:recall:${recall.id}}}`, userId: p.id, bookingId: null, bookingVersion: null });
        const token = /\/l\/([A-Za-z0-9_-]{43})$/.exec(text)?.[1];
        expect(token, text).toBeDefined();
        return token!;
      }),
    );

    // All at once, every other one through the other instance; each from its own address (the
    // links' limit is 20 a minute per address).
    const answers = await Promise.all(
      tokens.map((token, i) =>
        (i % 2 === 0 ? a : b).app.inject({
          method: 'POST',
          url: `/api/links/${token}/book`,
          remoteAddress: `10.9.${i >> 8}.${i & 255}`,
          payload: CLAIMED,
        }),
      ),
    );

    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500), `a server error among ${JSON.stringify(statuses)}`).toEqual([]);
    const winners = answers.flatMap((r, i) => (r.statusCode === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    const losers = answers.filter((r) => r.statusCode !== 200);
    expect(losers).toHaveLength(PATIENTS - 1);
    for (const r of losers) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({ code: 'conflict' });
    }
    const winner = winners[0]!;
    const won = answers[winner]!.json();
    expect(won).toMatchObject({ done: 'booked', booking: { date: CLAIMED.date, slot: CLAIMED.slot, status: 'confirmed' } });

    // The database agrees: one confirmed booking at that time, the winner's, made from the link.
    const held = await a.db.select().from(bookings).where(and(eq(bookings.treatmentId, cleaning._id), eq(bookings.date, CLAIMED.date), eq(bookings.slot, CLAIMED.slot), eq(bookings.status, 'confirmed')));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ id: won.booking._id, patientId: patients[winner]!.id, createdVia: 'recall' });
    const after = await a.db.select().from(recalls).where(inArray(recalls.patientId, patients.map((p) => p.id)));
    expect(after.filter((r) => r.status === 'booked').map((r) => [r.patientId, r.bookingId])).toEqual([[patients[winner]!.id, won.booking._id]]);
    expect(after.filter((r) => r.status === 'due')).toHaveLength(PATIENTS - 1);
  });
});
