/**
 * Signed links on both databases (design practice-loop.md sections 3 and 5): a reminder carries
 * confirm, reschedule and cancel links made when it is sent; each acts once, for its one booking
 * and purpose, exactly as the signed-in route would; a link is refused once used, expired, or
 * made for an older version of its booking; "Please call me" reaches the front desk.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminBookingsPage, Callback, LinkPurpose, LinkView, TreatmentAvailability } from '@clinic/shared';
import { actionLinks, bookings, outbox } from '../../db/schema.ts';
import { bearer, buildTestApp, createBooking, signIn, signUp, treatmentsOn, type TestApp, type TestUser } from '../../test/helper.ts';
import { mailText, startSmtpServer } from '../../test/smtp.ts';
import { freePort } from '../../test/throwaway-postgres.ts';
import { SEND_MAIL_JOB } from '../mail/mail-sender.ts';

const START = Date.parse('2030-06-05T10:15:00Z');
const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };

describe('signed links', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let clockMs = START;
  let cleaning: TreatmentAvailability;
  let admin: { token: string };
  let day = 0;
  // Each test books on a day of its own, so that none meets another's bookings.
  const nextDay = () => `2030-06-${String(10 + day++).padStart(2, '0')}`;

  beforeAll(async () => {
    smtp = await startSmtpServer({ port: await freePort() });
    t = await buildTestApp(
      { ...ADMIN, SMTP_URL: smtp.url, REMINDER_QUIET_HOURS: '', REQUIRE_EMAIL_VERIFICATION: 'none', CLINIC_PHONE: '+1 555 0100' },
      { now: () => new Date(clockMs), jobs: { autoStart: false } },
    );
    cleaning = (await treatmentsOn(t, '2030-06-10')).find((x) => x.name === 'Teeth Cleaning')!;
    admin = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    clockMs = START;
  });

  /** Links for a booking as a mail would carry them: the tokens, by purpose. */
  async function linksFor(bookingId: string, patient: TestUser, purposes: LinkPurpose[], expiresAt = new Date('2030-07-01T00:00:00Z')) {
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const urls = await t.app.links.mint(t.db, { bookingId, patientId: row!.patientId!, bookingVersion: row!.version, expiresAt }, purposes);
    void patient;
    return Object.fromEntries([...urls].map(([purpose, url]) => [purpose, url.split('/l/')[1]!])) as Record<LinkPurpose, string>;
  }

  const view = (token: string) => t.app.inject({ url: `/api/links/${token}` });
  const act = (token: string, action: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/links/${token}/${action}`, payload, remoteAddress: `10.0.${day}.${Math.floor(Math.random() * 250)}` });

  async function book(patient: TestUser, date = nextDay(), slot = '10.00 AM - 10.30 AM') {
    return createBooking(t, patient, { treatmentId: cleaning._id, date, slot });
  }

  it('sends a reminder whose confirm, reschedule and cancel links are made when it goes, stored only as hashes', async () => {
    const patient = await signUp(t, { name: 'Ada Lovelace Byron' });
    const booking = await book(patient, '2030-06-08');
    const [queued] = await t.db.select().from(outbox).where(eq(outbox.dedupeKey, `reminder:${booking._id}:v1:24h`));
    expect(queued!.textBody).toContain('{{link:confirm}}');
    expect(await t.db.select().from(actionLinks).where(eq(actionLinks.bookingId, booking._id))).toEqual([]);

    clockMs = Date.parse('2030-06-07T10:01:00Z');
    await t.app.jobs.runOnce({ kinds: [SEND_MAIL_JOB] });
    const mail = smtp.received.find((m) => m.to.includes(patient.email) && /Subject: Reminder:/.test(m.raw));
    const text = mailText(mail!.raw);
    const tokens = Object.fromEntries(
      ['confirm', 'reschedule', 'cancel'].map((purpose) => {
        const line = text.split('\n').find((l) => l.includes(purpose === 'confirm' ? 'Please confirm' : purpose === 'reschedule' ? 'move it' : 'cancel it'))!;
        return [purpose, /\/l\/([A-Za-z0-9_-]{43})/.exec(line)![1]!];
      }),
    );
    expect(text).not.toContain('{{link:');
    expect(text).toContain('or call +1 555 0100');
    const stored = await t.db.select().from(actionLinks).where(eq(actionLinks.bookingId, booking._id));
    expect(stored.map((l) => l.purpose).sort()).toEqual(['cancel', 'confirm', 'reschedule']);
    for (const link of stored) {
      const token = tokens[link.purpose]!;
      expect(link.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(link)).not.toContain(token);
      expect(link.expiresAt.toISOString()).toBe('2030-06-08T10:00:00.000Z');
      expect(link.bookingVersion).toBe(1);
    }

    const shown = await view(tokens.confirm!);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    const body = shown.json<LinkView>();
    expect(body).toMatchObject({
      purpose: 'confirm',
      firstName: 'Ada',
      expiresAt: '2030-06-08T10:00:00.000Z',
      callbackOpen: false,
      booking: { _id: booking._id, treatment: 'Teeth Cleaning', date: '2030-06-08', slot: '10.00 AM - 10.30 AM', status: 'confirmed', confirmedAt: null },
    });
    // Never more than the first name: a forwarded mail shows nothing else of the patient.
    expect(shown.body).not.toContain('Lovelace');
    expect(shown.body).not.toContain(patient.email);
  });

  it('confirms once: the front desk sees it and filters by it; the used link says when', async () => {
    const patient = await signUp(t);
    const date = nextDay();
    const booking = await book(patient, date);
    const other = await book(await signUp(t), date, '11.00 AM - 11.30 AM');
    const { confirm } = await linksFor(booking._id, patient, ['confirm']);
    clockMs = Date.parse('2030-06-06T09:00:00Z');
    const confirmed = await act(confirm, 'confirm');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ done: 'confirmed', booking: { confirmedAt: '2030-06-06T09:00:00.000Z' } });

    const again = await view(confirm);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'link_used', detail: 'You confirmed this appointment on Jun 6, 2030, 09.00 AM.' });
    expect((await act(confirm, 'confirm')).statusCode).toBe(409);

    const list = async (confirmation?: string) =>
      (await t.app.inject({ url: `/api/admin/bookings?from=${date}&to=${date}${confirmation ? `&confirmation=${confirmation}` : ''}`, headers: bearer(admin) })).json<AdminBookingsPage>().items;
    expect((await list()).map((b) => [b._id, b.patientConfirmedAt, b.arrivedAt, b.callbackOpen])).toEqual([
      [booking._id, '2030-06-06T09:00:00.000Z', null, false],
      [other._id, null, null, false],
    ]);
    expect((await list('confirmed')).map((b) => b._id)).toEqual([booking._id]);
    expect((await list('unconfirmed')).map((b) => b._id)).toEqual([other._id]);
  });

  it('cancels as the patient would, inside the notice window only, and a moved booking refuses its older links', async () => {
    const patient = await signUp(t);
    const date = nextDay();
    const booking = await book(patient, date);
    const links = await linksFor(booking._id, patient, ['cancel', 'confirm', 'reschedule']);

    // The patient moves it signed in: every link of the old version is refused.
    const moved = await t.app.inject({ method: 'POST', url: `/api/booking/${booking._id}/reschedule`, headers: bearer(patient), payload: { date, slot: '02.00 PM - 02.30 PM' } });
    expect(moved.statusCode).toBe(200);
    for (const [token, action] of [[links.cancel, 'cancel'], [links.confirm, 'confirm'], [links.reschedule, 'reschedule']] as const) {
      const refused = await act(token, action, action === 'reschedule' ? { date, slot: '03.00 PM - 03.30 PM' } : {});
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'link_used', detail: expect.stringContaining('has changed since this message was sent') });
    }
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect([row!.status, row!.slot]).toEqual(['confirmed', '02.00 PM - 02.30 PM']);

    // Links of the new version work; less than 24 h before, cancelling is the clinic's call.
    const fresh = await linksFor(booking._id, patient, ['cancel']);
    clockMs = Date.parse(`${date}T13:00:00Z`);
    const late = await act(fresh.cancel, 'cancel');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'cancel_window_closed', detail: expect.stringContaining('Please call +1 555 0100') });
    clockMs = START;
    const cancelled = await act(fresh.cancel, 'cancel', { reason: 'Away that week' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ done: 'cancelled', booking: { status: 'cancelled' } });
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect([after!.status, after!.cancelledBy, after!.cancelReason]).toEqual(['cancelled', 'patient', 'Away that week']);
    expect((await view(fresh.cancel)).json()).toMatchObject({ code: 'link_used' });
  });

  it('moves the booking once, clearing the confirmation; of two moves at once through one link, one wins', async () => {
    const patient = await signUp(t);
    const date = nextDay();
    const booking = await book(patient, date);
    const { confirm, reschedule } = await linksFor(booking._id, patient, ['confirm', 'reschedule']);
    expect((await act(confirm, 'confirm')).statusCode).toBe(200);

    const [first, second] = await Promise.all([
      act(reschedule, 'reschedule', { date, slot: '03.00 PM - 03.30 PM' }),
      act(reschedule, 'reschedule', { date, slot: '04.00 PM - 04.30 PM' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const winner = first.statusCode === 200 ? first : second;
    expect(winner.json()).toMatchObject({ done: 'rescheduled', booking: { confirmedAt: null } });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(row!.version).toBe(2);
    expect(row!.patientConfirmedAt).toBeNull();
    expect(row!.slot).toBe(winner.json().booking.slot);
    expect((await view(reschedule)).statusCode).toBe(409);
  });

  it('refuses unknown, malformed and expired links, and a link used for another purpose', async () => {
    const patient = await signUp(t);
    const booking = await book(patient);
    const { confirm } = await linksFor(booking._id, patient, ['confirm'], new Date(START + 60_000));
    expect((await view('A'.repeat(43))).json()).toMatchObject({ status: 404, code: 'not_found' });
    expect((await view('not-a-token')).statusCode).toBe(404);
    expect((await act(confirm, 'cancel')).json()).toMatchObject({ status: 403, code: 'forbidden' });
    clockMs = START + 61_000;
    expect((await view(confirm)).json()).toMatchObject({ status: 410, code: 'link_expired' });
    expect((await act(confirm, 'confirm')).statusCode).toBe(410);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(row!.patientConfirmedAt).toBeNull();
  });

  it('raises one callback per booking that the front desk lists and resolves; a patient may not', async () => {
    const patient = await signUp(t, { name: 'Bo Brown' });
    const date = nextDay();
    const booking = await book(patient, date);
    const { confirm } = await linksFor(booking._id, patient, ['confirm']);
    const asked = await act(confirm, 'callback', { note: 'Mornings are best' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ done: 'callback' });
    expect((await act(confirm, 'callback', {})).statusCode).toBe(200);
    expect((await view(confirm)).json()).toMatchObject({ callbackOpen: true });

    const open = await t.app.inject({ url: '/api/admin/callbacks?open=true', headers: bearer(admin) });
    const mine = open.json<{ items: Callback[] }>().items.filter((c) => c.bookingId === booking._id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ note: 'Mornings are best', patient: { name: 'Bo Brown', email: patient.email }, booking: { date, slot: '10.00 AM - 10.30 AM', status: 'confirmed' }, resolvedAt: null });
    const listed = (await t.app.inject({ url: `/api/admin/bookings?from=${date}&to=${date}`, headers: bearer(admin) })).json<AdminBookingsPage>();
    expect(listed.items.find((b) => b._id === booking._id)!.callbackOpen).toBe(true);

    expect((await t.app.inject({ url: '/api/admin/callbacks', headers: bearer(patient) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/callbacks/${mine[0]!._id}/resolve`, headers: bearer(patient) })).statusCode).toBe(403);
    const resolved = await t.app.inject({ method: 'POST', url: `/api/admin/callbacks/${mine[0]!._id}/resolve`, headers: bearer(admin) });
    expect(resolved.json()).toMatchObject({ resolvedBy: ADMIN.ADMIN_EMAIL });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/callbacks/00000000-0000-4000-8000-000000000000/resolve', headers: bearer(admin) })).statusCode).toBe(404);
    const stillOpen = (await t.app.inject({ url: '/api/admin/callbacks', headers: bearer(admin) })).json<{ items: Callback[] }>().items;
    expect(stillOpen.some((c) => c.bookingId === booking._id)).toBe(false);
    const done = (await t.app.inject({ url: '/api/admin/callbacks?open=false', headers: bearer(admin) })).json<{ items: Callback[] }>().items;
    expect(done.some((c) => c.bookingId === booking._id)).toBe(true);
  });

  it('stops reminder mails from the link, as the profile would', async () => {
    const patient = await signUp(t);
    const booking = await book(patient);
    const { cancel } = await linksFor(booking._id, patient, ['cancel']);
    expect((await act(cancel, 'stop')).json()).toEqual({ done: 'stopped' });
    expect((await t.app.inject({ url: '/api/me', headers: bearer(patient) })).json().user.remindersOptOut).toBe(true);
  });

  it('answers at most 20 requests a minute from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await t.app.inject({ url: `/api/links/${'B'.repeat(43)}`, remoteAddress: '10.9.9.9' })).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('signed links, kept and purged', () => {
  let t: TestApp;
  let clockMs = START;
  beforeAll(async () => {
    t = await buildTestApp({ REQUIRE_EMAIL_VERIFICATION: 'none' }, { now: () => new Date(clockMs), jobs: { autoStart: false } });
  });
  afterAll(async () => t.close());

  it('lists the patient’s callbacks in the export, and purges links a week after they expire', async () => {
    const cleaning = (await treatmentsOn(t, '2030-06-10')).find((x) => x.name === 'Teeth Cleaning')!;
    const patient = await signUp(t);
    const booking = await createBooking(t, patient, { treatmentId: cleaning._id, date: '2030-06-10', slot: '10.00 AM - 10.30 AM' });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
    const urls = await t.app.links.mint(t.db, { bookingId: booking._id, patientId: row!.patientId!, bookingVersion: 1, expiresAt: new Date('2030-06-10T10:00:00Z') }, ['confirm']);
    const token = urls.get('confirm')!.split('/l/')[1]!;
    expect((await t.app.inject({ method: 'POST', url: `/api/links/${token}/callback`, payload: { note: 'After 5 pm' } })).statusCode).toBe(200);
    const exported = (await t.app.inject({ url: '/api/me/export', headers: bearer(patient) })).json();
    expect(exported.callbacks).toEqual([{ bookingId: booking._id, note: 'After 5 pm', createdAt: expect.any(String), resolvedAt: null }]);
    expect(exported.recalls).toEqual([]);

    clockMs = Date.parse('2030-06-17T09:59:00Z');
    expect(await t.app.links.purgeExpired()).toBe(0);
    clockMs = Date.parse('2030-06-17T10:01:00Z');
    expect(await t.app.links.purgeExpired()).toBe(1);
    expect(await t.db.select().from(actionLinks).where(eq(actionLinks.bookingId, booking._id))).toEqual([]);
  });
});
