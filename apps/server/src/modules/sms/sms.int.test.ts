/**
 * Text messages on both databases (practice-loop.md section 5), through Twilio's official SDK
 * against a local stand-in of its API: a patient opts in with a phone in E.164; each reminder and
 * recall of theirs goes by text too, exactly once, as its mail goes; replies confirm (C), move (R)
 * and stop (STOP), each signed as Twilio signs its webhooks. Without SMS_PROVIDER nothing changes.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingsPage, LinkView, TreatmentAvailability } from '@clinic/shared';
import { outbox } from '../../db/schema.ts';
import { bearer, buildTestApp, createBooking, signIn, signUp, treatmentsOn, type TestApp, type TestUser } from '../../test/helper.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { freePort } from '../../test/throwaway-postgres.ts';
import { STAND_IN_SID, STAND_IN_TOKEN, startTwilioStandIn, twilioSignature } from '../../test/twilio-stand-in.ts';
import { SEND_MAIL_JOB } from '../mail/mail-sender.ts';
import { SEND_SMS_JOB } from '../mail/sms-sender.ts';

const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };
const INBOUND_URL = 'http://127.0.0.1:3000/api/sms/inbound';
const at = (iso: string) => Date.parse(iso);

describe('text messages', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
  let clockMs = at('2030-06-01T10:00:00Z');
  let cleaning: TreatmentAvailability;
  let admin: { token: string };
  let phoneCounter = 100;
  const nextPhone = () => `+1415555${String(phoneCounter++).padStart(4, '0')}`;

  beforeAll(async () => {
    [smtp, twilio] = await Promise.all([startSmtpServer({ port: await freePort() }), startTwilioStandIn()]);
    t = await buildTestApp(
      {
        ...ADMIN,
        SMTP_URL: smtp.url,
        REQUIRE_EMAIL_VERIFICATION: 'none',
        REMINDER_OFFSETS: '24h',
        REMINDER_QUIET_HOURS: '',
        CLINIC_PHONE: '+1 555 0100',
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: STAND_IN_SID,
        TWILIO_AUTH_TOKEN: STAND_IN_TOKEN,
        TWILIO_FROM: '+15550009999',
        TWILIO_API_URL: twilio.url,
      },
      { now: () => new Date(clockMs), jobs: { autoStart: false, retryBaseMs: 1 }, outbox: { retryBaseMs: 1, maxAttempts: 3 } },
    );
    cleaning = (await treatmentsOn(t, '2030-06-10')).find((x) => x.name === 'Teeth Cleaning')!;
    admin = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([smtp.close(), twilio.close()]);
  });

  const patch = (user: TestUser, payload: object) => t.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(user), payload });
  /** A patient who takes texts at a number of their own. */
  async function texter(phone = nextPhone()) {
    const user = await signUp(t);
    expect((await patch(user, { phone: phone.replace(/^(\+1)(\d{3})(\d{3})/, '$1 $2 $3-'), smsOptIn: true })).statusCode).toBe(200);
    return { user, phone };
  }
  const textsTo = (phone: string) => twilio.sent.filter((m) => m.to === phone);
  /** Job passes until nothing is left to run at this minute. */
  const drain = async () => {
    for (let i = 0; i < 20 && (await t.app.jobs.runOnce()) > 0; i++);
  };
  const reply = (params: Record<string, string>, signature = twilioSignature(INBOUND_URL, params)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload: new URLSearchParams(params).toString(),
    });
  const text = (from: string, body: string) => reply({ From: from, To: '+15550009999', Body: body, MessageSid: `SM${Math.random().toString(16).slice(2)}`, AccountSid: STAND_IN_SID });

  it('turns texts on only with a phone in E.164, and shows the choice', async () => {
    expect((await t.app.inject({ url: '/api/config' })).json()).toMatchObject({ textMessages: true });
    const user = await signUp(t);
    const refused = await patch(user, { phone: '0415 555 123', smsOptIn: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { phone: ['To get text messages, enter your phone in international format, such as +14155550123'] } });
    const on = await patch(user, { phone: '+44 20 7946 0958', smsOptIn: true });
    expect(on.json().user).toMatchObject({ phone: '+44 20 7946 0958', smsOptIn: true });
    expect((await t.app.inject({ url: '/api/me', headers: bearer(user) })).json().user).toMatchObject({ smsOptIn: true });
    // While texts are on, the phone stays one they can go to.
    expect((await patch(user, { phone: 'ask at the desk' })).statusCode).toBe(400);
    expect((await patch(user, { smsOptIn: false })).json().user).toMatchObject({ smsOptIn: false });
    expect((await patch(user, { phone: 'ask at the desk' })).statusCode).toBe(200);
  });

  it('sends each reminder by text once, as its mail goes, to patients who take texts only', async () => {
    const { user, phone } = await texter();
    const other = await signUp(t);
    clockMs = at('2030-06-08T09:00:00Z');
    await createBooking(t, user, { treatmentId: cleaning._id, date: '2030-06-10', slot: '10.00 AM - 10.30 AM' });
    await createBooking(t, other, { treatmentId: cleaning._id, date: '2030-06-10', slot: '11.00 AM - 11.30 AM' });
    clockMs = at('2030-06-09T10:01:00Z');
    await Promise.all([t.app.jobs.runOnce({ kinds: [SEND_MAIL_JOB] }), t.app.jobs.runOnce({ kinds: [SEND_MAIL_JOB] })]);
    await drain();
    await drain();
    expect(textsTo(phone)).toHaveLength(1);
    expect(textsTo(phone)[0]).toMatchObject({
      from: '+15550009999',
      body: 'Doctors Portal: reminder of your Teeth Cleaning tomorrow, Jun 10, 2030 at 10.00 AM - 10.30 AM. Reply C to confirm or R to move it. Reply STOP to stop texts.',
    });
    const rows = await t.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.toAddress, phone)));
    expect(rows.map((r) => [r.kind, r.status, r.subject])).toEqual([['booking-reminder', 'sent', '[Text] Reminder: Teeth Cleaning tomorrow, Jun 10, 2030 at 10.00 AM - 10.30 AM']]);
    // The other patient got the mail only.
    expect(smtp.received.filter((m) => m.to.includes(other.email))).toHaveLength(2);
    expect(await t.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.userId, (await t.app.inject({ url: '/api/me', headers: bearer(other) })).json().user._id)))).toEqual([]);
  });

  it('confirms the next appointment on C, answers R with a link to move it, and stops texts on STOP', async () => {
    const { user, phone } = await texter();
    clockMs = at('2030-06-11T09:00:00Z');
    const later = await createBooking(t, user, { treatmentId: cleaning._id, date: '2030-06-14', slot: '09.00 AM - 09.30 AM' });
    const next = await createBooking(t, user, { treatmentId: cleaning._id, date: '2030-06-13', slot: '09.00 AM - 09.30 AM' });

    expect((await reply({ From: phone, Body: 'C' }, 'not-a-signature')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/sms/inbound', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `From=${encodeURIComponent(phone)}&Body=C` })).statusCode).toBe(403);

    const confirmed = await text(phone, ' yes! ');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers['content-type']).toMatch(/^text\/xml/);
    expect(confirmed.body).toContain('<Message>Doctors Portal: thank you, your Teeth Cleaning on Jun 13, 2030 at 09.00 AM - 09.30 AM is confirmed.</Message>');
    const items = (await t.app.inject({ url: '/api/admin/bookings?from=2030-06-13&to=2030-06-14', headers: bearer(admin) })).json<AdminBookingsPage>().items;
    expect(items.find((b) => b._id === next._id)!.patientConfirmedAt).toBe('2030-06-11T09:00:00.000Z');
    expect(items.find((b) => b._id === later._id)!.patientConfirmedAt).toBeNull();

    const moved = await text(phone, 'R');
    const token = /\/l\/([A-Za-z0-9_-]{43})/.exec(moved.body)![1]!;
    expect(moved.body).toContain('choose a new time for your Teeth Cleaning on Jun 13, 2030 at 09.00 AM - 09.30 AM');
    expect((await t.app.inject({ url: `/api/links/${token}` })).json<LinkView>()).toMatchObject({ purpose: 'reschedule', booking: { _id: next._id } });

    expect((await text(phone, 'what?')).body).toContain('reply C to confirm your next appointment, R to move it, or STOP to stop texts. Or call +1 555 0100.');
    // A number nobody takes texts at learns nothing.
    expect((await text('+15550001111', 'C')).body).not.toContain('<Message>');

    const stopped = await text(phone, 'STOP');
    expect(stopped.body).not.toContain('<Message>');
    expect((await t.app.inject({ url: '/api/me', headers: bearer(user) })).json().user.smsOptIn).toBe(false);
    expect((await text(phone, 'C')).body).not.toContain('<Message>');
  });

  it('withdraws a queued text when the patient stops texts before it goes', async () => {
    const { user, phone } = await texter();
    clockMs = at('2030-06-15T09:00:00Z');
    await createBooking(t, user, { treatmentId: cleaning._id, date: '2030-06-17', slot: '09.00 AM - 09.30 AM' });
    clockMs = at('2030-06-16T09:01:00Z');
    await t.app.jobs.runOnce({ kinds: [SEND_MAIL_JOB] });
    await text(phone, 'stop');
    await t.app.jobs.runOnce({ kinds: [SEND_SMS_JOB] });
    expect(textsTo(phone)).toEqual([]);
    const [row] = await t.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.toAddress, phone)));
    expect(row).toMatchObject({ status: 'cancelled', lastError: 'texts are off' });
  });

  it('retries a text through Twilio’s outage and gives up at once on a number Twilio refuses', async () => {
    const good = await texter();
    const bad = await texter();
    twilio.invalidNumbers.add(bad.phone);
    clockMs = at('2030-06-18T09:00:00Z');
    await createBooking(t, good.user, { treatmentId: cleaning._id, date: '2030-06-20', slot: '09.00 AM - 09.30 AM' });
    await createBooking(t, bad.user, { treatmentId: cleaning._id, date: '2030-06-20', slot: '10.00 AM - 10.30 AM' });
    twilio.failNext(1);
    clockMs = at('2030-06-19T10:01:00Z');
    await t.app.jobs.runOnce({ kinds: [SEND_MAIL_JOB] });
    for (let i = 0; i < 5; i++) {
      clockMs += 60_000;
      await t.app.jobs.runOnce({ kinds: [SEND_SMS_JOB] });
    }
    expect(textsTo(good.phone)).toHaveLength(1);
    const [goodRow] = await t.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.toAddress, good.phone)));
    const [badRow] = await t.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.toAddress, bad.phone)));
    expect(goodRow).toMatchObject({ status: 'sent', attempts: 2 });
    expect(badRow).toMatchObject({ status: 'failed', attempts: 1 });
    expect(badRow!.lastError).toContain('not a valid phone number');
  });

  it('sends a recall by text with its own link to book', async () => {
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/treatments/${cleaning._id}`, headers: bearer(admin), payload: { recallMonths: 6 } })).statusCode).toBe(200);
    const { user, phone } = await texter();
    clockMs = at('2030-06-20T08:00:00Z');
    const visit = await createBooking(t, user, { treatmentId: cleaning._id, date: '2030-06-22', slot: '11.00 AM - 11.30 AM' });
    clockMs = at('2030-06-22T12:00:00Z');
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/bookings/${visit._id}/status`, headers: bearer(admin), payload: { status: 'completed' } })).statusCode).toBe(200);
    clockMs = at('2030-12-08T10:00:00Z');
    await drain();
    await drain();
    const recallTexts = textsTo(phone).filter((m) => m.body.includes('is due'));
    expect(recallTexts).toHaveLength(1);
    expect(recallTexts[0]!.body).toMatch(/^Doctors Portal: your Teeth Cleaning is due \(Dec 22, 2030\)\. Choose a time, no password needed: http:\/\/127\.0\.0\.1:3000\/l\/[A-Za-z0-9_-]{43} Reply STOP to stop texts\.$/);
    const token = /\/l\/([A-Za-z0-9_-]{43})/.exec(recallTexts[0]!.body)![1]!;
    expect((await t.app.inject({ url: `/api/links/${token}` })).json<LinkView>()).toMatchObject({ purpose: 'recall', recall: { treatment: 'Teeth Cleaning' } });
  });
});

describe('text messages, off by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('offers no texts: the setting is refused, the webhook is not there, and no mail makes a text', async () => {
    expect((await t.app.inject({ url: '/api/config' })).json()).toMatchObject({ textMessages: false });
    const user = await signUp(t);
    const refused = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(user), payload: { phone: '+14155550100', smsOptIn: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ detail: 'This clinic does not send text messages.' });
    const inbound = await t.app.inject({ method: 'POST', url: '/api/sms/inbound', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'From=%2B14155550100&Body=C' });
    expect(inbound.statusCode).toBe(404);
  });
});
