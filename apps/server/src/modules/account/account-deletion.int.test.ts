import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, accountDeletedSchema } from '@clinic/shared';
import {
  accounts,
  auditLog,
  bookingEvents,
  bookings,
  outbox,
  payments,
  refunds,
  retainedIdentities,
  sessions,
  users,
} from '../../db/schema.ts';
import {
  bearer,
  buildTestApp,
  createTestStorage,
  signIn,
  signUp,
  testDb,
  type TestApp,
  type TestUser,
} from '../../test/helper.ts';
import { findEverywhere } from '../../test/find-everywhere.ts';
import { createAccountService, type AccountServiceDeps } from './account.service.ts';

const BOOKED_AT = new Date('2030-06-05T10:15:00Z');
const PAST_DAY = '2030-06-07';
/** Two weeks later: the first day's bookings are past, attended as far as the clinic knows. */
const LATER = new Date('2030-06-20T10:15:00Z');
const FUTURE_DAY = '2030-06-25';
const CARD = { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' };

type Treatment = { _id: string; slots: string[] };

async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

async function book(
  t: TestApp,
  user: TestUser,
  treatment: Treatment,
  date: string,
  slot: number,
  phone: string,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: bearer(user),
    payload: { treatmentId: treatment._id, date, slot: treatment.slots[slot], phone },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().booking._id as string;
}

const deleteMe = (t: TestApp, user: { token: string }, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(user), payload });

async function settledTotal(t: TestApp): Promise<number> {
  const [row] = await t.db
    .select({ total: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(eq(payments.status, 'succeeded'));
  return row!.total;
}

describe('DELETE /api/me', () => {
  let t: TestApp;
  let clock = BOOKED_AT;
  let treatments: Treatment[];

  beforeAll(async () => {
    t = await buildTestApp(
      { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' },
      { now: () => clock },
    );
    treatments = (await t.app.inject(`/api/available?date=${PAST_DAY}`)).json();
  });
  beforeEach(() => {
    clock = BOOKED_AT;
  });
  afterAll(() => t.close());

  it('refuses without the password, or with a wrong one: 401 reauth_required, nothing deleted', async () => {
    const ann = await signUp(t);
    for (const payload of [{}, { password: 'not-the-password' }]) {
      const res = await deleteMe(t, ann, payload);
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().code).toBe(ErrorCode.REAUTH_REQUIRED);
    }
    expect((await t.app.inject({ url: '/api/me/export', headers: bearer(ann) })).statusCode).toBe(
      200,
    );
  });

  it('slows wrong passwords down as sign-in does (per account)', async () => {
    const guessed = await signUp(t);
    const statuses: number[] = [];
    for (let i = 0; i < 8 && !statuses.includes(429); i++) {
      statuses.push((await deleteMe(t, guessed, { password: `wrong-${i}` })).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses).toContain(429);
  });

  it('erases the person and keeps paid or attended bookings without them', async () => {
    const unique = `${Date.now()}`.slice(-7);
    const name = `Erin Erasable ${unique}`;
    const phone = `+49 30 ${unique}`;
    const erin = await signUp(t, { name, email: `erin.${unique}@example.com` });
    const erinId = await userIdOf(t, erin.email);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(erin),
      payload: { phone },
    });
    const [a, b, c] = treatments as [Treatment, Treatment, Treatment];
    // Past and paid; past and unpaid (attended); past, cancelled by nobody but unpaid: kept too.
    const paidPast = await book(t, erin, a, PAST_DAY, 0, phone);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/booking/${paidPast}/pay`,
          headers: bearer(erin),
          payload: CARD,
        })
      ).statusCode,
    ).toBe(200);
    const declined = await book(t, erin, b, PAST_DAY, 1, phone);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${declined}/pay`,
      headers: bearer(erin),
      payload: { ...CARD, cardNumber: '4000000000009995' },
    });
    expect(refused.statusCode).toBe(402);
    // Sent signed in, as the web app does: Erin's data (one sent signed out is nobody's).
    await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: bearer(erin),
      payload: { email: erin.email, subject: `From ${name}`, message: `Call ${phone}` },
    });
    // A confirmation already delivered, by the time of the erasure.
    await t.db
      .update(outbox)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(outbox.toAddress, erin.email));

    clock = LATER;
    const upcoming = await book(t, erin, c, FUTURE_DAY, 2, phone);
    // A declined card leaves a failed payment: deleted with its never-paid booking.
    const declinedAgain = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${upcoming}/pay`,
      headers: bearer(erin),
      payload: { ...CARD, cardNumber: '4000000000009995' },
    });
    expect(declinedAgain.statusCode).toBe(402);
    await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: bearer(erin),
      payload: { email: erin.email, subject: 'Again', message: name },
    });
    const legacyAudit = await t.db.select().from(auditLog);
    const totalBefore = await settledTotal(t);

    const res = await deleteMe(t, erin, { password: erin.password });
    expect(res.statusCode, res.body).toBe(202);
    const answer = accountDeletedSchema.parse(res.json());
    expect(answer.kept[0]).toMatch(/^bookings: 2 \(paid or attended\)/);
    expect(answer.kept.join('\n')).toMatch(/payments: 1 /);

    // The upcoming booking is gone and its slot free for someone else.
    const other = await signUp(t);
    await book(t, other, c, FUTURE_DAY, 2, '');
    const ids = (await t.db.execute(
      sql`SELECT id, subject_ref, patient_id, status, paid FROM bookings WHERE id IN (${paidPast}, ${declined}, ${upcoming})`,
    )) as unknown as
      | { rows: { id: string; subject_ref: string | null; patient_id: string | null }[] }
      | { id: string; subject_ref: string | null; patient_id: string | null }[];
    const kept = Array.isArray(ids) ? ids : ids.rows;
    expect(kept.map((r) => r.id).sort()).toEqual([paidPast, declined].sort());
    expect(kept.every((r) => r.patient_id === null && r.subject_ref !== null)).toBe(true);

    // Payments: the succeeded one stays, the sums are what they were.
    expect(await settledTotal(t)).toBe(totalBefore);

    // The account is gone, and with it every session: the old bearer token is refused.
    expect(await t.db.select().from(users).where(eq(users.id, erinId))).toEqual([]);
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, erinId))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, erinId))).toEqual([]);
    expect((await t.app.inject({ url: '/api/me/export', headers: bearer(erin) })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ url: `/api/booking?patient=${erin.email}`, headers: bearer(erin) }))
        .statusCode,
    ).toBe(401);

    // Who Erin was is left only in the retention store, and in audit rows written before.
    const legacyIds = new Set(legacyAudit.map((e) => e.id));
    for (const [needle, column] of [
      [erin.email, 'email'],
      [name, 'name'],
      [phone, 'phone'],
    ] as const) {
      const hits = await findEverywhere(t.db, needle);
      expect(hits, needle).toContain(`retained_identities.${column}`); // the scan does find things
      expect(
        hits.filter((h) => !h.startsWith('retained_identities.') && !h.startsWith('audit_log.')),
        needle,
      ).toEqual([]);
      const auditHits = await t.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          sql`(${auditLog.actorEmail} || ${auditLog.target} || ${auditLog.detail}::text) ILIKE ${`%${needle}%`}`,
        );
      expect(
        auditHits.every((e) => legacyIds.has(e.id)),
        needle,
      ).toBe(true);
    }
    const retained = await t.db
      .select()
      .from(retainedIdentities)
      .where(eq(retainedIdentities.userId, erinId));
    expect(retained).toEqual([
      expect.objectContaining({ name, email: erin.email, phone, subjectRef: kept[0]!.subject_ref }),
    ]);
    expect(retained[0]!.retainUntil.getTime()).toBe(LATER.getTime() + 3650 * 24 * 3600 * 1000);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'me.delete'), eq(auditLog.target, erinId)));
    expect(entry).toMatchObject({
      actorId: erinId,
      actorEmail: '',
      detail: expect.objectContaining({ keptBookings: 2, cancelledBookings: 1 }),
    });
    const sent = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, kept[0]!.subject_ref!));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((m) => m.textBody === '' && m.ics === null && m.status === 'sent')).toBe(
      true,
    );

    // The address signs up again as a new, empty account.
    const again = await signUp(t, { email: erin.email, name: 'Erin Again' });
    const mine = await t.app.inject({
      url: `/api/booking?patient=${again.email}`,
      headers: bearer(again),
    });
    expect(mine.json()).toEqual([]);
    const exported = (await t.app.inject({ url: '/api/me/export', headers: bearer(again) })).json();
    expect(exported).toMatchObject({
      bookings: [],
      payments: [],
      contactMessages: [],
      auditEntries: [],
    });
  });

  // Decision 014 promised it once refunds existed: an upcoming booking the patient paid for is
  // refunded when their account goes, whoever removes it, and its history says who did.
  it('refunds a paid upcoming booking in full and records who cancelled it, on deletion and on removal by the clinic', async () => {
    const [, , , d] = treatments as [Treatment, Treatment, Treatment, Treatment];
    const boss = await signIn(t, 'boss@clinic.test', 'admin-password');
    const bossId = await userIdOf(t, 'boss@clinic.test');
    const paidUpcoming = async (user: TestUser, slot: number) => {
      const id = await book(t, user, d, FUTURE_DAY, slot, '');
      const paid = await t.app.inject({ method: 'POST', url: `/api/booking/${id}/pay`, headers: bearer(user), payload: CARD });
      expect(paid.statusCode, paid.body).toBe(200);
      return id;
    };
    const fay = await signUp(t);
    const fayId = await userIdOf(t, fay.email);
    const faysBooking = await paidUpcoming(fay, 4);
    const gus = await signUp(t);
    const gusBooking = await paidUpcoming(gus, 5);

    expect((await deleteMe(t, fay, { password: fay.password })).statusCode).toBe(202);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/user/${encodeURIComponent(gus.email)}`, headers: bearer(boss) });
    expect(removed.statusCode, removed.body).toBe(200);

    for (const [id, kind, actorId] of [[faysBooking, 'patient', fayId], [gusBooking, 'admin', bossId]] as const) {
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
      expect(row).toMatchObject({ status: 'cancelled', cancelledBy: kind, cancelReason: 'The account was removed' });
      const [refund, ...more] = await t.db.select().from(refunds).where(eq(refunds.bookingId, id));
      expect(more).toEqual([]);
      expect(refund).toMatchObject({ amountCents: row!.priceCents, reason: 'The account was removed' });
      const cancelled = await t.db.select().from(bookingEvents).where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.type, 'cancelled')));
      expect(cancelled).toEqual([
        expect.objectContaining({ actorKind: kind, actorId, data: { reason: 'The account was removed', cause: 'account', refund: row!.priceCents / 100 } }),
      ]);
    }
  });

  it('lets an account without a password go only within 10 minutes of signing in', async () => {
    const gus = await signUp(t);
    const gusId = await userIdOf(t, gus.email);
    // As an account that signs in only with Google has: no credential account.
    await t.db.delete(accounts).where(eq(accounts.userId, gusId));
    await t.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(sessions.userId, gusId));
    const stale = await deleteMe(t, gus, { password: gus.password });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({
      code: ErrorCode.REAUTH_REQUIRED,
      detail: expect.stringContaining('Google'),
    });

    await t.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, gusId));
    const fresh = await deleteMe(t, gus, {});
    expect(fresh.statusCode, fresh.body).toBe(202);
    expect(await t.db.select().from(users).where(eq(users.id, gusId))).toEqual([]);
  });

  it('refuses the last admin (409) and keeps the account', async () => {
    const boss = await signIn(t, 'boss@clinic.test', 'admin-password');
    const res = await deleteMe(t, boss, { password: 'admin-password' });
    expect(res.statusCode).toBe(409);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(boss) })).statusCode).toBe(200);
  });
});

describe('the retention purge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('deletes the retained identities past retain_until, only those, and again changes nothing', async () => {
    const pinned = new Date('2040-01-01T00:00:00Z');
    const row = (name: string, retainUntil: Date) => ({
      subjectRef: crypto.randomUUID(),
      userId: name,
      name,
      email: `${name}@example.com`,
      phone: '',
      legalBasis: 'test',
      retainUntil,
    });
    await t.db
      .insert(retainedIdentities)
      .values([
        row('expired', new Date('2039-12-31T23:59:59Z')),
        row('due-later', new Date('2040-01-01T00:00:01Z')),
      ]);
    const unused = {} as never;
    const account = createAccountService({
      db: t.db,
      now: () => pinned,
      rateLimiter: unused,
      booking: unused,
      payments: unused,
      contact: unused,
      erasure: unused,
      signInLimits: unused,
      verifyPassword: unused,
      retentionDays: 1,
    } satisfies AccountServiceDeps);
    expect(await account.purgeExpiredRetention()).toBe(1);
    expect(await account.purgeExpiredRetention()).toBe(0);
    const left = await t.db.select({ name: retainedIdentities.name }).from(retainedIdentities);
    expect(left).toEqual([{ name: 'due-later' }]);
  });
});

describe('the retention purge, a daily tick of the job engine', () => {
  it('drops what expired at the first pass of each day, once a day cluster-wide', async () => {
    let clockMs = Date.parse('2030-06-05T10:00:00Z');
    const now = () => new Date(clockMs);
    const storage = await createTestStorage();
    const identity = (name: string, retainUntil: Date) => ({
      subjectRef: crypto.randomUUID(),
      userId: name,
      name,
      email: `${name}@example.com`,
      legalBasis: 'test',
      retainUntil,
    });
    const a = await buildTestApp({}, { storage, now, jobs: { autoStart: false } });
    // On PostgreSQL a second instance; PGlite is one process's, so there the same one again.
    const b = testDb === 'postgres' ? await buildTestApp({}, { storage, now, jobs: { autoStart: false } }) : a;
    const left = async () => (await a.db.select({ name: retainedIdentities.name }).from(retainedIdentities).orderBy(retainedIdentities.name)).map((r) => r.name);
    try {
      await a.db.insert(retainedIdentities).values([identity('expired', new Date(clockMs - 60_000)), identity('kept', new Date(clockMs + 48 * 3600_000))]);
      // The first pass of the day (a start-up's, say) purges.
      await a.app.jobs.runOnce();
      expect(await left()).toEqual(['kept']);

      // Later that day, on either instance: today's tick ran, so nothing more goes until tomorrow.
      await a.db.insert(retainedIdentities).values([identity('expired-later', new Date(clockMs + 60_000))]);
      clockMs += 3600_000;
      await b.app.jobs.runOnce();
      await a.app.jobs.runOnce();
      expect(await left()).toEqual(['expired-later', 'kept']);

      clockMs += 24 * 3600_000;
      await b.app.jobs.runOnce();
      expect(await left()).toEqual(['kept']);
    } finally {
      await a.close();
      if (b !== a) await b.close();
      storage.remove();
    }
  });
});
