/**
 * Reminders on one instance, on both databases (design clinic-operations.md section 5.4; section
 * 7, issue 3, point 1): queued with the booking, moved with a reschedule, withdrawn with a cancel,
 * skipped in quiet hours, waiting in the outbox without SMTP, and sent once with a fixed
 * Message-ID when due. The instances-at-once proofs are in reminders-instances.int.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BackgroundWork, OutboxEntry, TreatmentAvailability } from '@clinic/shared';
import { outbox } from '../../db/schema.ts';
import { bearer, buildTestApp, createBooking, signIn, signUp, treatmentsOn, type TestApp, type TestUser } from '../../test/helper.ts';
import { freePort } from '../../test/throwaway-postgres.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { SEND_MAIL_JOB } from '../mail/mail-sender.ts';

const START = new Date('2030-06-05T10:15:00Z').getTime();
const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };

const remindersOf = (t: TestApp, bookingId: string) =>
  t.db.select().from(outbox).where(and(eq(outbox.bookingId, bookingId), eq(outbox.kind, 'booking-reminder'))).orderBy(outbox.nextAttemptAt);

describe('reminders without SMTP', () => {
  let t: TestApp;
  let clockMs = START;
  let cleaning: TreatmentAvailability;
  beforeAll(async () => {
    t = await buildTestApp({ ...ADMIN, REMINDER_QUIET_HOURS: '21:00-07:00' }, { now: () => new Date(clockMs), jobs: { autoStart: false } });
    cleaning = (await treatmentsOn(t, '2030-06-08')).find((x) => x.name === 'Teeth Cleaning')!;
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    clockMs = START;
  });

  it('queues two with a booking 3 days ahead (24 h and 2 h before), visible to admins as scheduled mail', async () => {
    const patient = await signUp(t);
    const booking = await createBooking(t, patient, { treatmentId: cleaning._id, date: '2030-06-08', slot: '10.00 AM - 10.30 AM' });
    const rows = await remindersOf(t, booking._id);
    expect(rows.map((r) => [r.nextAttemptAt.toISOString(), r.expiresAt?.toISOString(), r.dedupeKey, r.bookingVersion, r.status])).toEqual([
      ['2030-06-07T10:00:00.000Z', '2030-06-07T12:00:00.000Z', `reminder:${booking._id}:v1:24h`, 1, 'pending'],
      ['2030-06-08T08:00:00.000Z', '2030-06-08T08:30:00.000Z', `reminder:${booking._id}:v1:2h`, 1, 'pending'],
    ]);
    expect(rows[0]!.subject).toBe('Reminder: Teeth Cleaning tomorrow, Jun 8, 2030 at 10.00 AM - 10.30 AM');
    expect(rows[1]!.subject).toBe('Reminder: Teeth Cleaning today, Jun 8, 2030 at 10.00 AM - 10.30 AM');
    // The links are made when the mail goes (links module): the stored text names them only.
    expect(rows[0]!.textBody).toContain('{{link:confirm}}');
    expect(rows[0]!.textBody).not.toContain('/l/');
    expect(rows[0]!.ics).toBeNull();

    const admin = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const background = (await t.app.inject({ url: '/api/admin/background', headers: bearer(admin) })).json<BackgroundWork>();
    expect(background.smtpConfigured).toBe(false);
    expect(background.mail.scheduled).toBeGreaterThanOrEqual(2);
    expect(background.upcomingMail.filter((m) => m.to === patient.email).map((m) => m.notBefore)).toEqual([
      '2030-06-07T10:00:00.000Z',
      '2030-06-08T08:00:00.000Z',
    ]);
    const mails = (await t.app.inject({ url: '/api/outbox', headers: bearer(admin) })).json<OutboxEntry[]>();
    const reminders = mails.filter((m) => m.to === patient.email && m.kind === 'booking-reminder');
    expect(reminders.map((m) => [m.notBefore, m.bookingId]).sort()).toEqual([
      ['2030-06-07T10:00:00.000Z', booking._id],
      ['2030-06-08T08:00:00.000Z', booking._id],
    ]);
  });

  it('queues no 2 h reminder 90 minutes ahead, and none that would fall in quiet hours', async () => {
    const patient = await signUp(t);
    clockMs = Date.parse('2030-06-08T08:00:00Z');
    const soon = await createBooking(t, patient, { treatmentId: cleaning._id, date: '2030-06-08', slot: '09.30 AM - 10.00 AM' });
    expect(await remindersOf(t, soon._id)).toEqual([]);
    clockMs = START;
    // 08.00: the 2 h reminder would be at 06.00, inside 21:00-07:00.
    const early = await createBooking(t, patient, { treatmentId: cleaning._id, date: '2030-06-09', slot: '08.00 AM - 08.30 AM' });
    expect((await remindersOf(t, early._id)).map((r) => r.dedupeKey)).toEqual([`reminder:${early._id}:v1:24h`]);
  });

  it('withdraws the old time’s reminders when moved (the new version’s are queued) and all when cancelled', async () => {
    const patient = await signUp(t);
    const booking = await createBooking(t, patient, { treatmentId: cleaning._id, date: '2030-06-10', slot: '11.00 AM - 11.30 AM' });
    const moved = await t.app.inject({
      method: 'POST', url: `/api/booking/${booking._id}/reschedule`, headers: bearer(patient), payload: { date: '2030-06-11', slot: '02.00 PM - 02.30 PM' },
    });
    expect(moved.statusCode).toBe(200);
    const afterMove = await remindersOf(t, booking._id);
    expect(afterMove.map((r) => [r.bookingVersion, r.status])).toEqual([
      [1, 'cancelled'],
      [1, 'cancelled'],
      [2, 'pending'],
      [2, 'pending'],
    ]);
    expect(afterMove[2]!.nextAttemptAt.toISOString()).toBe('2030-06-10T14:00:00.000Z');

    const cancelled = await t.app.inject({ method: 'POST', url: `/api/booking/${booking._id}/cancel`, headers: bearer(patient), payload: {} });
    expect(cancelled.statusCode).toBe(200);
    const withdrawn = await remindersOf(t, booking._id);
    expect(withdrawn.length).toBeGreaterThan(0);
    expect(withdrawn.every((r) => r.status === 'cancelled')).toBe(true);
  });
});

describe('reminders over SMTP', () => {
  let t: TestApp;
  let clockMs = START;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let cleaning: TreatmentAvailability;
  beforeAll(async () => {
    smtp = await startSmtpServer({ port: await freePort() });
    t = await buildTestApp(
      { SMTP_URL: smtp.url, REMINDER_QUIET_HOURS: '', REQUIRE_EMAIL_VERIFICATION: 'none' },
      { now: () => new Date(clockMs), jobs: { autoStart: false } },
    );
    cleaning = (await treatmentsOn(t, '2030-06-08')).find((x) => x.name === 'Teeth Cleaning')!;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const remindersTo = (user: TestUser) => smtp.received.filter((m) => m.to.includes(user.email) && /Subject: Reminder:/.test(m.raw));

  it('sends each reminder once when due, with a Message-ID fixed by its key; not before; never to a patient who opted out', async () => {
    clockMs = START;
    const [patient, optedOut] = [await signUp(t), await signUp(t)];
    const booking = await createBooking(t, patient, { treatmentId: cleaning._id, date: '2030-06-08', slot: '10.00 AM - 10.30 AM' });
    const other = await createBooking(t, optedOut, { treatmentId: cleaning._id, date: '2030-06-08', slot: '10.30 AM - 11.00 AM' });
    expect((await t.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(optedOut), payload: { remindersOptOut: true } })).json().user.remindersOptOut).toBe(true);
    expect((await t.app.inject({ url: '/api/me', headers: bearer(optedOut) })).json().user.remindersOptOut).toBe(true);
    await t.app.jobs.runOnce({ kinds: [SEND_MAIL_JOB] });
    expect(remindersTo(patient)).toEqual([]);

    clockMs = Date.parse('2030-06-07T10:31:00Z'); // past both 24 h reminders
    for (let i = 0; i < 3; i++) await t.app.jobs.runOnce({ kinds: [SEND_MAIL_JOB] });
    const sent = remindersTo(patient);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.raw).toMatch(new RegExp(`Message-ID:\\s+<reminder\\.${booking._id}\\.v1\\.24h@127\\.0\\.0\\.1>`, 'i'));
    expect(remindersTo(optedOut)).toEqual([]);
    const [optedRow] = await remindersOf(t, other._id);
    expect(optedRow!.status).toBe('cancelled');

    // The 2 h one, too late after downtime (past its 30-minute grace): expired, never sent.
    clockMs = Date.parse('2030-06-08T08:31:00Z');
    await t.app.jobs.runOnce({ kinds: [SEND_MAIL_JOB] });
    expect(remindersTo(patient)).toHaveLength(1);
    expect((await remindersOf(t, booking._id)).map((r) => r.status)).toEqual(['sent', 'expired']);
  });
});
