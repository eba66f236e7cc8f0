import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema.ts';
import { bearer, buildTestApp, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { freePort } from '../../test/throwaway-postgres.ts';
import { createJobRunner } from '../jobs/job-runner.ts';
import { createMailSender, SEND_MAIL_JOB } from './mail-sender.ts';
import { enqueueMail } from './outbox.repository.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
// The outbox runs on the app's clock (what is due, when a retry is): the test moves it.
let clockMs = NOW.getTime();
const sleep = async (ms: number) => void (clockMs += ms);

describe('the outbox over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  const outboxRow = async (id: string) => (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
  /** One pass of the job engine over the due mails (the runner is stopped: the test drives it). */
  const sendDue = () => t.app.jobs.runOnce({ kinds: [SEND_MAIL_JOB] });

  beforeAll(async () => {
    smtp = await startSmtpServer({ port: await freePort(), rejectRecipients: ['bounce@example.com'] });
    t = await buildTestApp(
      { SMTP_URL: smtp.url, CLINIC_INBOX: 'Front.Desk@Clinic.test', MAIL_FROM: 'Doctors Portal <hello@clinic.test>', CLINIC_TIMEZONE: 'Europe/Berlin' },
      { now: () => new Date(clockMs), outbox: { retryBaseMs: 100 }, jobs: { autoStart: false } },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(() => {
    smtp.received.length = 0;
  });

  it('stores a contact message with its mail, then delivers it to the clinic inbox', async () => {
    await t.app.inject({ method: 'POST', url: '/api/contact', payload: { email: 'mia@example.com', subject: 'Parking', message: 'Is there parking?' } });
    const [queued] = await t.db.select().from(outbox).where(and(eq(outbox.kind, 'contact'), eq(outbox.replyTo, 'mia@example.com')));
    expect(queued).toMatchObject({ toAddress: 'front.desk@clinic.test', status: 'pending', replyTo: 'mia@example.com' });

    expect(await sendDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['front.desk@clinic.test']);
    expect(smtp.received[0]!.raw).toMatch(/Subject: \[Contact\] Parking/);
    expect(smtp.received[0]!.raw).toMatch(/Reply-To: mia@example.com/);
    expect((await outboxRow(queued!.id)).status).toBe('sent');
  });

  it('queues and sends a subject on one line: a line break in it starts no header (Bcc, or any other)', async () => {
    const injected = 'Parking\r\nBcc: x@evil.com\rX-Evil: 1';
    await t.app.inject({ method: 'POST', url: '/api/contact', payload: { email: 'max@example.com', subject: injected, message: 'Hello' } });
    const [queued] = await t.db.select().from(outbox).where(and(eq(outbox.kind, 'contact'), eq(outbox.replyTo, 'max@example.com')));
    expect(queued!.subject).toBe('[Contact] Parking Bcc: x@evil.com X-Evil: 1');
    // A row stored before subjects were cleaned is sent on one line too.
    await enqueueMail(t.db, { kind: 'contact', toAddress: 'front.desk@clinic.test', subject: 'Stored\r\nBcc: y@evil.com', textBody: 'x' });

    expect(await sendDue()).toBe(2);
    expect(smtp.received.map((m) => m.to)).toEqual([['front.desk@clinic.test'], ['front.desk@clinic.test']]);
    for (const { raw } of smtp.received) {
      const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
      expect(headers).not.toMatch(/^(Bcc|X-Evil):/im);
    }
  });

  it('sends the patient a booking confirmation with an .ics in the clinic zone', async () => {
    const ann = await signUp(t, { name: 'Ann Lee' });
    // With SMTP_URL set, a patient confirms the address before booking: the link from sign-up's mail.
    const [verification] = await t.db.select().from(outbox).where(and(eq(outbox.toAddress, ann.email), eq(outbox.kind, 'email-verification')));
    const link = new URL(/https?:\/\/\S+/.exec(verification!.textBody)![0]);
    expect((await t.app.inject({ url: `${link.pathname}${link.search}` })).headers.location).toBe('/verify-email');
    const [treatment] = (await t.app.inject('/api/available?date=2030-06-07')).json<{ _id: string }[]>();
    const booked = await t.app.inject({ method: 'POST', url: '/api/booking', headers: bearer(ann), payload: { treatmentId: treatment!._id, date: '2030-06-07', slot: '02.30 PM - 03.00 PM' } });
    expect(booked.statusCode).toBe(201);
    const [mail] = await t.db.select().from(outbox).where(and(eq(outbox.toAddress, ann.email), eq(outbox.kind, 'booking-confirmation')));
    expect(mail!.subject).toBe('Appointment is set, Jun 7, 2030 at 02.30 PM - 03.00 PM');
    expect(mail!.ics).toContain('DTSTART;TZID=Europe/Berlin:20300607T143000');
    expect(mail!.ics).toContain('DTEND;TZID=Europe/Berlin:20300607T150000');
    expect(mail!.ics).toContain(`UID:${booked.json().booking._id}@doctors-portal`);

    await sendDue();
    const sent = smtp.received.find((m) => m.to.includes(ann.email) && /Subject: Appointment is set/.test(m.raw))!;
    expect(sent.raw).toMatch(/Content-Type: text\/calendar/);
    expect(sent.raw).toMatch(/filename=appointment\.ics/);
  });

  it('keeps a mail while the SMTP server is down and delivers it once when it is back', async () => {
    await smtp.close();
    const id = await enqueueMail(t.db, { kind: 'contact', toAddress: 'front.desk@clinic.test', subject: 'While down', textBody: 'hello' });
    await sendDue();
    const afterFailure = await outboxRow(id);
    expect(afterFailure).toMatchObject({ status: 'pending', attempts: 1 });
    expect(afterFailure.lastError).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startSmtpServer({ port: smtp.port, rejectRecipients: ['bounce@example.com'] });
    await sleep(150); // the first retry waits retryBaseMs
    await sendDue();
    await sendDue();
    expect((await outboxRow(id)).status).toBe('sent');
    expect(smtp.received.filter((m) => m.raw.includes('Subject: While down'))).toHaveLength(1);
  });

  it('records a permanent rejection and does not retry it', async () => {
    const id = await enqueueMail(t.db, { kind: 'booking-confirmation', toAddress: 'bounce@example.com', subject: 'Bounce', textBody: 'x' });
    await sendDue();
    const failed = await outboxRow(id);
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toMatch(/550/);
    await sleep(150);
    await sendDue();
    expect((await outboxRow(id)).attempts).toBe(1);
  });

  it('never sends one mail twice when several instances run their job engines at once', async () => {
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, i) => enqueueMail(t.db, { kind: 'contact', toAddress: 'front.desk@clinic.test', subject: `Bulk ${i}`, textBody: 'x' })),
    );
    const senders = [0, 1, 2].map(() =>
      createMailSender({ db: t.db, transport: nodemailer.createTransport(smtp.url), from: 'hello@clinic.test', messageIdHost: 'clinic.test' }),
    );
    const workers = senders.map((sender) => createJobRunner({ db: t.db, handlers: { [SEND_MAIL_JOB]: sender }, batchSize: 4 }));
    for (let round = 0; round < 10; round++) await Promise.all(workers.map((w) => w.runOnce({ kinds: [SEND_MAIL_JOB] })));
    await Promise.all(workers.map((w) => w.stop()));
    for (const sender of senders) sender.close();
    const subjects = smtp.received.map((m) => /Subject: (Bulk \d+)/.exec(m.raw)?.[1]).filter(Boolean);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
    for (const id of ids) expect((await outboxRow(id)).status).toBe('sent');
  });
});

describe('without SMTP', () => {
  it('keeps mail in the outbox for admins to see', async () => {
    const t = await buildTestApp({ CLINIC_INBOX: 'desk@clinic.test', ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' });
    try {
      await t.app.inject({ method: 'POST', url: '/api/contact', payload: { email: 'leo@example.com', subject: 'Hi', message: 'Hello' } });
      // Its job waits too: an instance without SMTP_URL does not take it.
      expect(await t.app.jobs.runOnce({ kinds: [SEND_MAIL_JOB] })).toBe(0);
      const boss = await signIn(t, 'boss@clinic.test', 'admin-password');
      const res = await t.app.inject({ url: '/api/outbox', headers: bearer(boss) });
      expect(res.json()).toEqual([expect.objectContaining({ kind: 'contact', to: 'desk@clinic.test', status: 'pending', attempts: 0, bookingId: null })]);
      const messages = await t.app.inject({ url: '/api/contact', headers: bearer(boss) });
      expect(messages.json()).toEqual([expect.objectContaining({ email: 'leo@example.com', subject: 'Hi', message: 'Hello' })]);
    } finally {
      await t.close();
    }
  });
});
