/**
 * Recall on both databases (design practice-loop.md section 4): nothing on a fresh install; a
 * completed visit of a treatment with recall months makes the patient due; the messages go once
 * each (also when two ticks race), never in quiet hours nor to a patient who stopped them; the
 * message's link offers the three earliest free times and books one in one request without a
 * password; any booking closes the recall and its cancellation reopens it; the front desk's
 * worklist lists, dismisses and records calls.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRecallsPage, AdminTreatment, LinkView, TreatmentAvailability } from '@clinic/shared';
import { bookings, outbox, recalls } from '../../db/schema.ts';
import { bearer, buildTestApp, createBooking, signIn, signUp, treatmentsOn, type TestApp, type TestUser } from '../../test/helper.ts';
import { mailText, startSmtpServer } from '../../test/smtp.ts';
import { freePort } from '../../test/throwaway-postgres.ts';
import { SEND_MAIL_JOB } from '../mail/mail-sender.ts';

const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };
const at = (iso: string) => Date.parse(iso);

describe('recall', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let clockMs = at('2030-06-01T10:00:00Z');
  let cleaning: TreatmentAvailability;
  let admin: { token: string };

  beforeAll(async () => {
    smtp = await startSmtpServer({ port: await freePort() });
    t = await buildTestApp(
      { ...ADMIN, SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: 'none', REMINDER_OFFSETS: '', REMINDER_QUIET_HOURS: '21:00-07:00' },
      { now: () => new Date(clockMs), jobs: { autoStart: false } },
    );
    cleaning = (await treatmentsOn(t, '2030-06-08')).find((x) => x.name === 'Teeth Cleaning')!;
    admin = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const recallOf = async (patient: TestUser) => {
    const rows = await t.db.select().from(recalls).innerJoin(bookings, eq(bookings.id, recalls.sourceBookingId)).where(eq(bookings.patientEmail, patient.email));
    return rows[0]?.recalls;
  };
  const recallMails = (patient: TestUser) => t.db.select().from(outbox).where(and(eq(outbox.kind, 'recall'), eq(outbox.toAddress, patient.email)));
  /** Job passes until nothing is left to run this minute (a pass takes a bounded batch). */
  const drain = async () => {
    for (let i = 0; i < 20 && (await t.app.jobs.runOnce()) > 0; i++);
  };
  const complete = (bookingId: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/bookings/${bookingId}/status`, headers: bearer(admin), payload: { status: 'completed' } });

  /** A visit on `date` at 10.00, completed after it. */
  async function visit(patient: TestUser, date: string) {
    clockMs = at(`${date}T08:00:00Z`) - 2 * 86_400_000;
    const booking = await createBooking(t, patient, { treatmentId: cleaning._id, date, slot: '10.00 AM - 10.30 AM' });
    clockMs = at(`${date}T12:00:00Z`);
    expect((await complete(booking._id)).statusCode).toBe(200);
    return booking;
  }

  it('recalls nobody on a fresh install: no treatment has recall months', async () => {
    const patient = await signUp(t);
    await visit(patient, '2030-06-04');
    expect(await recallOf(patient)).toBeUndefined();
  });

  it('makes a patient due after a completed visit once the clinic sets recall months; undoing the completion takes it back', async () => {
    const set = await t.app.inject({ method: 'PATCH', url: `/api/admin/treatments/${cleaning._id}`, headers: bearer(admin), payload: { recallMonths: 6 } });
    expect(set.statusCode).toBe(200);
    expect(set.json<AdminTreatment>().recallMonths).toBe(6);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/treatments/${cleaning._id}`, headers: bearer(admin), payload: { recallMonths: 0 } })).statusCode).toBe(400);

    const patient = await signUp(t);
    const booking = await visit(patient, '2030-06-05');
    expect(await recallOf(patient)).toMatchObject({ dueDate: '2030-12-05', status: 'due', attempts: 0, sourceBookingId: booking._id });
    const undone = await t.app.inject({ method: 'PATCH', url: `/api/admin/bookings/${booking._id}/status`, headers: bearer(admin), payload: { status: 'confirmed' } });
    expect(undone.statusCode).toBe(200);
    expect(await recallOf(patient)).toBeUndefined();
  });

  it('sends each message once, not in quiet hours, and books from the link in one request; the same link moves the booking; a cancellation reopens the recall', async () => {
    const patient = await signUp(t, { name: 'Cy Young' });
    await visit(patient, '2030-06-06');
    expect((await recallOf(patient))!.dueDate).toBe('2030-12-06');

    clockMs = at('2030-11-21T10:00:00Z'); // 15 days before: not yet
    await t.app.jobs.runOnce();
    expect(await recallMails(patient)).toEqual([]);
    clockMs = at('2030-11-22T22:00:00Z'); // the day has come, but in quiet hours
    await t.app.jobs.runOnce();
    expect(await recallMails(patient)).toEqual([]);
    clockMs = at('2030-11-23T07:30:00Z');
    await Promise.all([t.app.jobs.runOnce(), t.app.jobs.runOnce()]);
    await drain();
    const queued = await recallMails(patient);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.subject).toBe('Time for your Teeth Cleaning: book your check-up');
    expect(queued[0]!.textBody).not.toContain('/l/');
    expect((await recallOf(patient))!.attempts).toBe(1);

    await t.app.jobs.runOnce({ kinds: [SEND_MAIL_JOB] });
    const mail = smtp.received.find((m) => m.to.includes(patient.email) && /Subject: Time for your/.test(m.raw));
    const token = /\/l\/([A-Za-z0-9_-]{43})/.exec(mailText(mail!.raw))![1]!;

    const view = (await t.app.inject({ url: `/api/links/${token}` })).json<LinkView>();
    expect(view).toMatchObject({ purpose: 'recall', firstName: 'Cy', recall: { treatment: 'Teeth Cleaning', dueDate: '2030-12-06' } });
    expect(view.booking).toBeUndefined();
    // The three earliest free times from today, in the spec's slot labels.
    expect(view.suggestions!.map((s) => [s.date, s.slot])).toEqual([
      ['2030-11-23', '08.00 AM - 08.30 AM'],
      ['2030-11-23', '08.30 AM - 09.00 AM'],
      ['2030-11-23', '09.00 AM - 09.30 AM'],
    ]);
    expect(view.suggestions).toHaveLength(3);
    const [first] = view.suggestions!;
    const booked = await t.app.inject({ method: 'POST', url: `/api/links/${token}/book`, payload: { date: first!.date, slot: first!.slot } });
    expect(booked.statusCode).toBe(200);
    expect(booked.json()).toMatchObject({ done: 'booked', booking: { date: first!.date, slot: first!.slot, status: 'confirmed' } });
    const bookingId = booked.json().booking._id as string;
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row!.createdVia).toBe('recall');
    expect(await recallOf(patient)).toMatchObject({ status: 'booked', bookingId });

    // The same link shows the booking and cannot book a second time; moving a same-day booking
    // is the clinic's call, as signed in.
    expect((await t.app.inject({ url: `/api/links/${token}` })).json<LinkView>().booking?._id).toBe(bookingId);
    expect((await t.app.inject({ method: 'POST', url: `/api/links/${token}/book`, payload: { date: '2030-11-28', slot: '11.00 AM - 11.30 AM' } })).json()).toMatchObject({ code: 'link_used' });
    const tooLate = await t.app.inject({ method: 'POST', url: `/api/links/${token}/reschedule`, payload: { date: '2030-11-28', slot: '11.00 AM - 11.30 AM' } });
    expect(tooLate.json()).toMatchObject({ code: 'reschedule_window_closed' });

    // The front desk cancels it: the recall is due again.
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/admin/bookings/${bookingId}/cancel`, headers: bearer(admin), payload: { reason: 'Doctor ill' } });
    expect(cancelled.statusCode).toBe(200);
    expect(await recallOf(patient)).toMatchObject({ status: 'due', bookingId: null });
  });

  it('books any free time from a recall link, moves it later through the same link, and reopens the recall when the patient cancels', async () => {
    const patient = await signUp(t);
    await visit(patient, '2030-06-12');
    const recall = (await recallOf(patient))!;
    clockMs = at('2030-11-28T09:00:00Z');
    const text = await t.app.links.expand(t.db, { textBody: `{{link:recall:${recall.id}}}`, userId: recall.patientId, bookingId: null, bookingVersion: null });
    const token = text.split('/l/')[1]!;
    const free = await t.app.inject({ url: `/api/links/${token}/availability?date=2030-12-03` });
    expect(free.statusCode).toBe(200);
    expect(free.json().lanes[0].slots.map((s: { label: string }) => s.label)).toContain('10.00 AM - 10.30 AM');
    const booked = await t.app.inject({ method: 'POST', url: `/api/links/${token}/book`, payload: { date: '2030-12-03', slot: '10.00 AM - 10.30 AM' } });
    expect(booked.json()).toMatchObject({ done: 'booked' });
    const moved = await t.app.inject({ method: 'POST', url: `/api/links/${token}/reschedule`, payload: { date: '2030-12-04', slot: '11.00 AM - 11.30 AM' } });
    expect(moved.json()).toMatchObject({ done: 'rescheduled', booking: { date: '2030-12-04', slot: '11.00 AM - 11.30 AM' } });
    const bookingId = moved.json().booking._id as string;
    expect(await recallOf(patient)).toMatchObject({ status: 'booked', bookingId });
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/booking/${bookingId}/cancel`, headers: bearer(patient), payload: {} });
    expect(cancelled.statusCode).toBe(200);
    expect(await recallOf(patient)).toMatchObject({ status: 'due', bookingId: null });
  });

  it('closes the recall when the patient books the treatment any other way, and sends nothing after Stop', async () => {
    const patient = await signUp(t);
    await visit(patient, '2030-06-07');
    clockMs = at('2030-12-22T10:00:00Z'); // past the first follow-up: only the latest missed message goes
    await drain();
    expect((await recallMails(patient)).map((m) => m.subject)).toEqual(['Your Teeth Cleaning is due: book a time']);
    expect((await recallOf(patient))!.attempts).toBe(2);

    const booking = await createBooking(t, patient, { treatmentId: cleaning._id, date: '2030-12-27', slot: '10.00 AM - 10.30 AM' });
    expect(await recallOf(patient)).toMatchObject({ status: 'booked', bookingId: booking._id });

    const other = await signUp(t);
    await visit(other, '2030-06-10');
    const stop = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(other), payload: { recallOptOut: true } });
    expect(stop.json().user.recallOptOut).toBe(true);
    clockMs = at('2030-12-01T10:00:00Z');
    await drain();
    expect(await recallMails(other)).toEqual([]);
  });

  it('gives the front desk its worklist, with dismiss and a record of calls; patients may not see it', async () => {
    const patient = await signUp(t, { name: 'Di Dale' });
    const source = await visit(patient, '2030-06-11');
    const list = async (query: string) => (await t.app.inject({ url: `/api/admin/recalls?${query}`, headers: bearer(admin) })).json<AdminRecallsPage>();
    const page = await list('status=due&from=2030-12-11&to=2030-12-11');
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      recall: { treatment: 'Teeth Cleaning', dueDate: '2030-12-11', status: 'due', attempts: 0 },
      patient: { name: 'Di Dale', email: patient.email },
      lastVisit: { date: '2030-06-11', slot: '10.00 AM - 10.30 AM', treatment: 'Teeth Cleaning' },
    });
    void source;
    const id = page.items[0]!.recall._id;
    const called = await t.app.inject({ method: 'POST', url: `/api/admin/recalls/${id}/contacted`, headers: bearer(admin), payload: { channel: 'phone', note: 'Will call back' } });
    expect(called.json()).toMatchObject({ recall: { note: 'Will call back', lastContactedAt: new Date(clockMs).toISOString() } });
    const dismissed = await t.app.inject({ method: 'PATCH', url: `/api/admin/recalls/${id}`, headers: bearer(admin), payload: { status: 'dismissed', note: 'Moved away' } });
    expect(dismissed.json()).toMatchObject({ recall: { status: 'dismissed', note: 'Moved away' } });
    expect((await list('status=due&from=2030-12-11&to=2030-12-11')).items).toEqual([]);
    expect((await t.app.inject({ url: '/api/admin/recalls', headers: bearer(patient) })).statusCode).toBe(403);

    // Keyset pages: every due recall once, in due-date order.
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const next: AdminRecallsPage = await list(`status=due&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      all.push(...next.items.map((i) => i.recall.dueDate));
      cursor = next.nextCursor;
    } while (cursor);
    expect(all).toEqual([...all].sort());
    expect(all.length).toBeGreaterThanOrEqual(1);
  });
});
