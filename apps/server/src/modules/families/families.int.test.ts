/**
 * Families on both databases (design practice-loop.md section 7, decision 037): dependents added,
 * changed and removed by their guardians; booking for them with the rules per person and the
 * household's cap; siblings side by side; a second guardian invited by mail, and two guardians
 * racing to book one child twice (one wins); the handover to the dependent's own account; the
 * staff's view of who to call; erasure of the last guardian.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingsPage, Booking, Dependent } from '@clinic/shared';
import { bookings, users } from '../../db/schema.ts';
import { addDoctorsWithTreatment } from '../../test/doctors.ts';
import { bearer, buildTestApp, signIn, signUp, treatmentsOn, type TestApp, type TestUser } from '../../test/helper.ts';
import { mailText, startSmtpServer } from '../../test/smtp.ts';
import { freePort } from '../../test/throwaway-postgres.ts';
import { SEND_MAIL_JOB } from '../mail/mail-sender.ts';

const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };
const DAY = '2030-06-10';

describe('families', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const clockMs = Date.parse('2030-06-01T10:00:00Z');
  let admin: { token: string };
  let treatmentId: string;
  let slots: string[];
  let ada: string;
  let bo: string;

  beforeAll(async () => {
    smtp = await startSmtpServer({ port: await freePort() });
    t = await buildTestApp(
      { ...ADMIN, SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: 'none', REMINDER_OFFSETS: '', MAX_ACTIVE_BOOKINGS: '2' },
      { now: () => new Date(clockMs), jobs: { autoStart: false } },
    );
    admin = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const made = await addDoctorsWithTreatment(t, admin, { doctors: ['Dr Ada Kids', 'Dr Bo Kids'], treatment: 'Kids Check-up' });
    treatmentId = made.treatmentId;
    [ada, bo] = made.doctorIds as [string, string];
    slots = (await treatmentsOn(t, DAY)).find((x) => x._id === treatmentId)!.slots;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const get = (who: { token: string }, url: string) => t.app.inject({ url, headers: bearer(who) });
  const send = (who: { token: string } | null, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(who ? { headers: bearer(who) } : {}), ...(payload ? { payload } : {}) });
  const addChild = async (who: TestUser, name: string, dateOfBirth = '2020-03-04') => {
    const res = await send(who, 'POST', '/api/me/dependents', { name, dateOfBirth, relationship: 'Child' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Dependent>();
  };
  const book = (who: TestUser, forPatientId: string | undefined, slot: string, doctorId = ada, date = DAY) =>
    send(who, 'POST', '/api/booking', { treatmentId, date, slot, doctorId, phone: '555 0100', ...(forPatientId ? { forPatientId } : {}) });
  const listOf = async (who: TestUser) => (await get(who, `/api/booking?patient=${encodeURIComponent(who.email)}`)).json<Booking[]>();
  const drain = async () => {
    for (let i = 0; i < 500 && (await t.app.jobs.runOnce({ kinds: [SEND_MAIL_JOB] })) > 0; i++);
  };
  /** The link in the last mail to `email`. */
  const mailedLink = async (email: string) => {
    await drain();
    const texts = smtp.received.filter((m) => m.to.includes(email)).map((m) => mailText(m.raw));
    const token = texts.map((text) => /\/l\/([A-Za-z0-9_-]{43})/.exec(text)?.[1]).filter(Boolean).at(-1);
    expect(token, 'an invitation link in the mail').toBeDefined();
    return token!;
  };

  it('adds, lists and edits dependents; nobody else can see or change them; no account list shows them', async () => {
    const parent = await signUp(t, { name: 'Ana Parent' });
    const stranger = await signUp(t);
    expect((await get(parent, '/api/me/dependents')).json()).toEqual([]);
    const future = await send(parent, 'POST', '/api/me/dependents', { name: 'Not Born', dateOfBirth: '2031-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ errors: { dateOfBirth: [expect.any(String)] } });
    const leo = await addChild(parent, 'Leo Parent');
    expect(leo).toMatchObject({ name: 'Leo Parent', dateOfBirth: '2020-03-04', relationship: 'Child', upcoming: 0, canHandOver: false, guardians: [{ name: 'Ana Parent', email: parent.email, you: true }] });
    const renamed = await send(parent, 'PATCH', `/api/me/dependents/${leo._id}`, { name: 'Leo P. Parent' });
    expect(renamed.json()).toMatchObject({ name: 'Leo P. Parent' });
    expect((await send(stranger, 'PATCH', `/api/me/dependents/${leo._id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await get(stranger, '/api/me/dependents')).json()).toEqual([]);
    // Booking for someone else's child is refused as an unknown family member.
    const foreign = await book(stranger, leo._id, slots[0]!);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ errors: { forPatientId: [expect.any(String)] } });
    const listed = (await get(admin, '/api/user')).json<{ email: string }[] | { items: { email: string }[] }>();
    const emails = (Array.isArray(listed) ? listed : listed.items).map((u) => u.email);
    expect(emails).toContain(parent.email);
    expect(emails.some((e) => e.endsWith('.invalid'))).toBe(false);
  });

  it('books siblings side by side and back to back, the rules per person, and shows staff who to call', async () => {
    const parent = await signUp(t, { name: 'Mia Mother' });
    const [kid1, kid2] = [await addChild(parent, 'Kim Mother'), await addChild(parent, 'Kai Mother')];
    // The same time with two doctors, and the parent right after: three people, one treatment, one day.
    const first = await book(parent, kid1._id, slots[4]!, ada);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<{ booking: Booking }>().booking).toMatchObject({ patientName: 'Kim Mother', patient: parent.email, dependent: { _id: kid1._id, name: 'Kim Mother' } });
    expect((await book(parent, kid2._id, slots[4]!, bo)).statusCode).toBe(201);
    expect((await book(parent, undefined, slots[5]!, ada)).statusCode).toBe(201);
    // One booking of a treatment a day, per person: Kim's second is refused, in Kim's name.
    const again = await book(parent, kid1._id, slots[6]!, ada);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: expect.stringMatching(/^Kim already has Kids Check-up on /) });

    const mine = await listOf(parent);
    expect(mine.map((b) => [b.patientName, b.dependent?.name ?? null])).toEqual(
      expect.arrayContaining([['Kim Mother', 'Kim Mother'], ['Kai Mother', 'Kai Mother'], ['Mia Mother', null]]),
    );
    const desk = (await get(admin, `/api/admin/bookings?from=${DAY}&to=${DAY}`)).json<AdminBookingsPage>().items;
    const kims = desk.find((b) => b.patientName === 'Kim Mother')!;
    expect(kims.guardian).toMatchObject({ name: 'Mia Mother', email: parent.email });
    expect(desk.find((b) => b.patientName === 'Mia Mother')!.guardian).toBeNull();
    expect((await get(parent, '/api/me/dependents')).json<Dependent[]>().find((d) => d._id === kid1._id)!.upcoming).toBe(1);
  });

  it('caps each person at MAX_ACTIVE_BOOKINGS and the household at four times that', async () => {
    const parent = await signUp(t, { name: 'Hal House' });
    const kids = [await addChild(parent, 'Aa House'), await addChild(parent, 'Bb House'), await addChild(parent, 'Cc House'), await addChild(parent, 'Dd House')];
    const dates = ['2030-06-11', '2030-06-12', '2030-06-13'];
    // Two each (MAX_ACTIVE_BOOKINGS=2): a third for Aa is the person's cap.
    for (const [i, kid] of kids.slice(0, 3).entries()) {
      for (const date of dates.slice(0, 2)) {
        const res = await book(parent, kid._id, slots[i]!, ada, date);
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    const third = await book(parent, kids[0]!._id, slots[2]!, ada, dates[2]);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'booking_limit_reached' });
    // The parent's own two make 8 = 2 x 4: the household is full, Dd cannot book.
    for (const date of dates.slice(0, 2)) expect((await book(parent, undefined, slots[3]!, bo, date)).statusCode).toBe(201);
    const full = await book(parent, kids[3]!._id, slots[5]!, bo, dates[2]);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'booking_limit_reached', detail: expect.stringMatching(/^Your family already has 8 upcoming appointments/) });
  });

  it('invites a second guardian by mail, who then manages the child; two guardians booking one child twice at once: one wins', async () => {
    const parent = await signUp(t, { name: 'Gil Guardian' });
    const other = await signUp(t, { name: 'Uma Other' });
    const wrong = await signUp(t);
    const kid = await addChild(parent, 'Noa Guardian');
    const sent = await send(parent, 'POST', `/api/me/dependents/${kid._id}/guardians`, { email: other.email });
    expect(sent.statusCode, sent.body).toBe(202);
    const token = await mailedLink(other.email);
    expect((await t.app.inject({ url: `/api/links/${token}` })).json()).toMatchObject({ purpose: 'guardian', firstName: 'Noa', inviter: 'Gil' });
    expect((await send(null, 'POST', `/api/links/${token}/accept`, {})).statusCode).toBe(401);
    expect((await send(wrong, 'POST', `/api/links/${token}/accept`, {})).statusCode).toBe(403);
    const accepted = await send(other, 'POST', `/api/links/${token}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ done: 'guardian-added' });
    expect((await send(other, 'POST', `/api/links/${token}/accept`, {})).statusCode).toBe(409);
    expect((await get(other, '/api/me/dependents')).json<Dependent[]>()[0]!.guardians.map((g) => g.you)).toEqual([false, true]);

    // The race: each guardian books Noa for the same treatment and day, at different times.
    const [a, b] = await Promise.all([book(parent, kid._id, slots[7]!, ada), book(other, kid._id, slots[8]!, bo)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const rows = await t.db.select().from(bookings).where(eq(bookings.patientId, kid._id));
    expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(1);
    // Both see it, and either may cancel it.
    const won = (a.statusCode === 201 ? a : b).json<{ booking: Booking }>().booking;
    expect((await listOf(other)).map((x) => x._id)).toContain(won._id);
    expect((await listOf(parent)).map((x) => x._id)).toContain(won._id);
    expect((await send(other, 'POST', `/api/booking/${won._id}/cancel`, {})).statusCode).toBe(200);
  });

  it('refuses to remove a dependent with upcoming appointments unless they are cancelled with it', async () => {
    const parent = await signUp(t, { name: 'Rae Remove' });
    const kid = await addChild(parent, 'Ivy Remove');
    const booked = (await book(parent, kid._id, slots[9]!, ada)).json<{ booking: Booking }>().booking;
    const refused = await send(parent, 'DELETE', `/api/me/dependents/${kid._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'has_future_bookings', upcoming: 1 });
    expect((await send(parent, 'DELETE', `/api/me/dependents/${kid._id}?cancelFuture=true`)).statusCode).toBe(204);
    expect((await get(parent, '/api/me/dependents')).json()).toEqual([]);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booked._id));
    expect(row?.status ?? 'deleted').not.toBe('confirmed');
    expect(await t.db.select().from(users).where(eq(users.id, kid._id))).toEqual([]);
  });

  it('hands a dependent over to their own account from DEPENDENT_HANDOVER_AGE, with their bookings', async () => {
    const parent = await signUp(t, { name: 'Ola Older' });
    const young = await addChild(parent, 'Tim Older', '2020-01-01');
    const teen = await addChild(parent, 'Zoe Older', '2013-05-01');
    expect(teen.canHandOver).toBe(true);
    expect((await send(parent, 'POST', `/api/me/dependents/${young._id}/handover`, { email: 'tim@example.com' })).statusCode).toBe(409);
    expect((await send(parent, 'POST', `/api/me/dependents/${teen._id}/handover`, { email: parent.email })).statusCode).toBe(409);
    const booked = (await book(parent, teen._id, slots[10]!, bo)).json<{ booking: Booking }>().booking;
    expect((await send(parent, 'POST', `/api/me/dependents/${teen._id}/handover`, { email: 'zoe.older@example.com' })).statusCode).toBe(202);
    const token = await mailedLink('zoe.older@example.com');
    expect((await send(null, 'POST', `/api/links/${token}/accept`, {})).statusCode).toBe(400);
    const done = await send(null, 'POST', `/api/links/${token}/accept`, { password: 'zoe-own-secret' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ done: 'handed-over' });
    const zoe = await signIn(t, 'zoe.older@example.com', 'zoe-own-secret');
    const hers = (await get(zoe, `/api/booking?patient=${encodeURIComponent('zoe.older@example.com')}`)).json<Booking[]>();
    expect(hers.map((b) => [b._id, b.dependent])).toEqual([[booked._id, null]]);
    expect((await listOf(parent)).map((b) => b._id)).not.toContain(booked._id);
    expect((await get(parent, '/api/me/dependents')).json<Dependent[]>().map((d) => d.name)).toEqual(['Tim Older']);
  });

  it("fills in a dependent's history and consent as their guardian, and exports the dependents with the guardian's data", async () => {
    const parent = await signUp(t, { name: 'Fay Forms' });
    const stranger = await signUp(t);
    const kid = await addChild(parent, 'Fin Forms');
    const booked = (await book(parent, kid._id, slots[11]!, ada)).json<{ booking: Booking }>().booking;
    const forms = await get(parent, `/api/me/forms?for=${kid._id}`);
    expect(forms.statusCode).toBe(200);
    const { medicalHistory } = forms.json<{ medicalHistory: { status: string; version: number; form: { questions: { id: string; required: boolean }[] } } }>();
    expect(medicalHistory.status).toBe('missing');
    expect((await get(stranger, `/api/me/forms?for=${kid._id}`)).statusCode).toBe(404);
    const answers = Object.fromEntries(medicalHistory.form.questions.filter((q) => q.required).map((q) => [q.id, 'no']));
    const submitted = await send(parent, 'POST', `/api/me/forms/medical-history?for=${kid._id}`, { version: medicalHistory.version, answers, signature: { typedName: 'Fay Forms' } });
    expect(submitted.statusCode, submitted.body).toBe(201);
    // The child's history, not the parent's.
    expect((await get(parent, `/api/me/forms?for=${kid._id}`)).json()).toMatchObject({ medicalHistory: { status: 'current' } });
    expect((await get(parent, '/api/me/forms')).json()).toMatchObject({ medicalHistory: { status: 'missing' } });
    const desk = (await get(admin, `/api/admin/bookings?from=${DAY}&to=${DAY}`)).json<AdminBookingsPage>().items.find((b) => b._id === booked._id)!;
    expect(desk.forms).toMatchObject({ medicalHistory: 'current' });

    const exported = (await get(parent, '/api/me/export')).json<{ dependents?: { name: string; bookings: { _id: string }[]; medicalHistory: unknown[] }[] }>();
    expect(exported.dependents).toEqual([expect.objectContaining({ name: 'Fin Forms', dateOfBirth: '2020-03-04', relationship: 'Child', bookings: [expect.objectContaining({ _id: booked._id })], medicalHistory: [expect.objectContaining({ typedName: 'Fay Forms' })] })]);
    expect((await get(stranger, '/api/me/export')).json()).not.toHaveProperty('dependents');
  });

  it("lets a guardian review a dependent's completed visit, saying whose it was", async () => {
    const parent = await signUp(t, { name: 'Ren Review' });
    const kid = await addChild(parent, 'Rio Review');
    const booked = (await book(parent, kid._id, slots[12]!, bo)).json<{ booking: Booking }>().booking;
    await t.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, booked._id));
    const mine = (await get(parent, '/api/me/reviews')).json<{ reviewableVisits: { _id: string; for?: string | null }[] }>();
    expect(mine.reviewableVisits).toEqual([expect.objectContaining({ _id: booked._id, for: 'Rio Review' })]);
    const review = await send(parent, 'POST', `/api/booking/${booked._id}/review`, { rating: 5, text: 'Gentle with kids.' });
    expect(review.statusCode, review.body).toBe(201);
    const stranger = await signUp(t);
    expect((await send(stranger, 'POST', `/api/booking/${booked._id}/review`, { rating: 1, text: 'Not mine.' })).statusCode).toBe(404);
  });

  it("erases a dependent with their last guardian's account, and keeps one who has another guardian", async () => {
    const parent = await signUp(t, { name: 'Eve Erase' });
    const other = await signUp(t, { name: 'Oli Erase' });
    const solo = await addChild(parent, 'Sol Erase');
    const shared = await addChild(parent, 'Sha Erase');
    await send(parent, 'POST', `/api/me/dependents/${shared._id}/guardians`, { email: other.email });
    expect((await send(other, 'POST', `/api/links/${await mailedLink(other.email)}/accept`, {})).statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(parent), payload: { password: parent.password } });
    expect(deleted.statusCode, deleted.body).toBe(202);
    expect(await t.db.select().from(users).where(eq(users.id, solo._id))).toEqual([]);
    expect((await get(other, '/api/me/dependents')).json<Dependent[]>().map((d) => [d.name, d.guardians.length])).toEqual([['Sha Erase', 1]]);
  });
});
