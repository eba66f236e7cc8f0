/**
 * An account's export and erasure find its rows by its id, never by its address (decision 025):
 * an address need not be verified to be registered, and may have been someone else's before.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '@clinic/shared';
import { auditLog, contactMessages, outbox, users } from '../../db/schema.ts';
import { findEverywhere } from '../../test/find-everywhere.ts';
import { bearer, buildTestApp, signIn, signUp, type TestApp, type TestUser } from '../../test/helper.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
const DAY = '2030-06-07';

async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

const exportOf = async (t: TestApp, user: TestUser) => {
  const res = await t.app.inject({ url: '/api/me/export', headers: bearer(user) });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, exported: res.json<AccountExport>() };
};

const sendContact = (t: TestApp, headers: Record<string, string>, email: string, subject: string, message: string) =>
  t.app.inject({ method: 'POST', url: '/api/contact', headers, payload: { email, subject, message } });

describe('personal data belongs to an account id, not an address', () => {
  let t: TestApp;
  let boss: TestUser;
  let treatments: { _id: string; slots: string[] }[];
  let unique = 0;
  const address = (who: string) => `${who}.${Date.now()}.${unique++}@example.com`;

  beforeAll(async () => {
    t = await buildTestApp(
      { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password', CLINIC_INBOX: 'desk@clinic.test' },
      { now: () => NOW },
    );
    boss = { email: 'boss@clinic.test', name: 'Clinic Admin', password: 'admin-password', ...(await signIn(t, 'boss@clinic.test', 'admin-password')) };
    treatments = (await t.app.inject(`/api/available?date=${DAY}`)).json();
  });
  afterAll(() => t.close());

  it("never exports, nor lets a deletion erase, a message someone sent signed out under the address an account later registered", async () => {
    const carol = address('carol');
    const secret = `I am HIV positive ${unique}`;
    expect((await sendContact(t, { origin: t.origin }, carol, 'A private question', secret)).statusCode).toBe(201);

    // Someone else registers the address (unverified) and asks for "their" data.
    const intruder = await signUp(t, { email: carol, name: 'Not Carol' });
    const { body, exported } = await exportOf(t, intruder);
    expect(exported.contactMessages).toEqual([]);
    expect(body).not.toContain(secret);
    expect(body).not.toContain('A private question');
    expect(exported.mails.map((m) => m.kind)).toEqual(['email-verification']);

    // Deleting that account leaves the message (and its mail to the clinic) to the clinic.
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(intruder), payload: { password: intruder.password } });
    expect(deleted.statusCode, deleted.body).toBe(202);
    expect(await t.db.select({ message: contactMessages.message }).from(contactMessages).where(eq(contactMessages.email, carol))).toEqual([{ message: secret }]);
    expect(await t.db.$count(outbox, eq(outbox.replyTo, carol))).toBe(1);
  });

  it('exports and erases the messages an account sent signed in, and nothing sent signed out under its address', async () => {
    const dora = await signUp(t, { email: address('dora') });
    const doraId = await userIdOf(t, dora.email);
    expect((await sendContact(t, bearer(dora) as Record<string, string>, dora.email, 'Mine', `Signed in ${unique}`)).statusCode).toBe(201);
    expect((await sendContact(t, { origin: t.origin }, dora.email, 'Not mine', 'Signed out, anyone')).statusCode).toBe(201);

    const { exported } = await exportOf(t, dora);
    expect(exported.contactMessages.map((m) => m.subject)).toEqual(['Mine']);
    // The mail to the clinic about her message is hers too; the signed-out one's is nobody's.
    expect(exported.mails.map((m) => m.subject).sort()).toEqual(['Confirm your email address for Doctors Portal', '[Contact] Mine']);
    expect((await t.db.select({ userId: contactMessages.userId, subject: contactMessages.subject }).from(contactMessages).where(eq(contactMessages.email, dora.email))).sort((a, b) => a.subject.localeCompare(b.subject))).toEqual([
      { userId: doraId, subject: 'Mine' },
      { userId: null, subject: 'Not mine' },
    ]);

    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(dora), payload: { password: dora.password } });
    expect(deleted.statusCode, deleted.body).toBe(202);
    expect(await t.db.select({ subject: contactMessages.subject }).from(contactMessages).where(eq(contactMessages.email, dora.email))).toEqual([{ subject: 'Not mine' }]);
    expect(await t.db.$count(outbox, eq(outbox.userId, doraId))).toBe(0);
  });

  it("gives a re-registered address none of the removed patient's mails or audit entries, and the removal erases them as a deletion does", async () => {
    const email = address('pat');
    const name = `Pat Removed ${unique}`;
    const pat = await signUp(t, { email, name });
    const patId = await userIdOf(t, pat.email);
    const booked = await t.app.inject({
      method: 'POST', url: '/api/booking', headers: bearer(pat),
      payload: { treatmentId: treatments[0]!._id, date: DAY, slot: treatments[0]!.slots[3], phone: '555 0199' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().booking._id as string;
    expect((await sendContact(t, bearer(pat) as Record<string, string>, email, 'About my visit', `Details only ${name} knows`)).statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers: { origin: t.origin }, payload: { email } });
    // An admin reads the patient's bookings and makes them an admin, then removes them.
    expect((await t.app.inject({ url: `/api/booking?patient=${email}`, headers: bearer(boss) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/booking/${bookingId}`, headers: bearer(boss) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/user/admin/${email}`, headers: bearer(boss) })).statusCode).toBe(200);
    // Their export lists it all, by id.
    const before = (await exportOf(t, pat)).exported;
    expect(before.mails.map((m) => m.kind)).toEqual(expect.arrayContaining(['email-verification', 'booking-confirmation', 'contact', 'password-reset']));
    expect(before.auditEntries.map((e) => e.action)).toEqual(['booking.read-list', 'booking.read', 'user.make-admin']);
    const legacyAudit = new Set((await t.db.select({ id: auditLog.id }).from(auditLog)).map((e) => e.id));

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/user/${email}`, headers: bearer(boss) });
    expect(removed.json()).toEqual({ deletedCount: 1 });
    // As the patient's own deletion: nothing names them but what the law keeps and older audit rows.
    for (const needle of [email, name]) {
      const hits = await findEverywhere(t.db, needle);
      expect(hits.filter((h) => !h.startsWith('retained_identities.') && !h.startsWith('audit_log.')), needle).toEqual([]);
      const auditHits = await t.db.select({ id: auditLog.id, target: auditLog.target, actorEmail: auditLog.actorEmail, detail: auditLog.detail }).from(auditLog);
      expect(auditHits.filter((e) => !legacyAudit.has(e.id) && `${e.target} ${e.actorEmail} ${JSON.stringify(e.detail)}`.includes(needle)), needle).toEqual([]);
    }
    expect(await t.db.$count(outbox, eq(outbox.userId, patId))).toBe(0);
    expect(await t.db.select({ action: auditLog.action, target: auditLog.target }).from(auditLog).where(eq(auditLog.action, 'user.remove'))).toContainEqual({ action: 'user.remove', target: patId });

    // Someone registers the address again: their export holds only what they did themself.
    const next = await signUp(t, { email, name: 'Someone Else' });
    const { body, exported } = await exportOf(t, next);
    expect(exported.mails.map((m) => m.kind)).toEqual(['email-verification']);
    expect(exported.contactMessages).toEqual([]);
    expect(exported.auditEntries).toEqual([]);
    expect(exported.bookings).toEqual([]);
    expect(body).not.toContain(name);
    expect(body).not.toContain('Appointment is set');
  });

  it("lists an export's audit entries by the account's id, not by an address it shares with an older entry", async () => {
    const email = address('quinn');
    // An entry naming the address, as entries written before this change did (or about anyone).
    await t.db.insert(auditLog).values({ actorId: 'someone', actorEmail: 'boss@clinic.test', action: 'booking.read-list', target: email });
    const quinn = await signUp(t, { email });
    expect((await exportOf(t, quinn)).exported.auditEntries).toEqual([]);
    expect((await t.app.inject({ url: `/api/booking?patient=${email}`, headers: bearer(boss) })).statusCode).toBe(200);
    expect((await exportOf(t, quinn)).exported.auditEntries.map((e) => [e.action, e.actorRole])).toEqual([
      ['me.export', 'self'],
      ['booking.read-list', 'admin'],
    ]);
  });
});
