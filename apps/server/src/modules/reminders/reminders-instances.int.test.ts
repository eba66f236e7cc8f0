/**
 * "Exactly once, with N instances" (design clinic-operations.md sections 5.4 and 6.1; section 7,
 * issue 3, done-when 2 and 3): three app instances on one PostgreSQL database, one SMTP server,
 * and one clock that the test moves. Each reminder reaches the server once; after a reschedule only
 * the new version's do, after a cancel or an opt-out none do; an instance that dies between the
 * server's accept and `markSent` causes at most one duplicate, with the same Message-ID; a reminder
 * found long after its time expires unsent; and a minute's tick runs once, on one instance. A
 * patient who takes texts gets each reminder by text once too (practice-loop.md section 5).
 *
 * The job runner's claim, once-only run and backoff are also tested on one database with three
 * runners, on PGlite as well.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking, BookingRequest } from '@clinic/shared';
import { bookings, jobs, outbox } from '../../db/schema.ts';
import {
  bearer, buildTestApp, createBooking, createSignedInPatients, createTestStorage, testDb, treatmentsOn, type TestApp, type TestStorage,
} from '../../test/helper.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { STAND_IN_SID, STAND_IN_TOKEN, startTwilioStandIn } from '../../test/twilio-stand-in.ts';
import { createJobRunner, tickKey } from '../jobs/job-runner.ts';
import { SEND_MAIL_JOB } from '../mail/mail-sender.ts';
import { SEND_SMS_JOB } from '../mail/sms-sender.ts';

// Monday 2030-06-03, 10:00 in the clinic's zone (Europe/Berlin, UTC+2 in June).
const NOW = Date.parse('2030-06-03T08:00:00Z');
// Three days ahead: Thursday.
const DAY = '2030-06-06';
const TEN = '10.00 AM - 10.30 AM'; // 08:00Z
const TWO = '02.00 PM - 02.30 PM'; // 12:00Z
const ONE = '01.00 PM - 01.30 PM'; // 11:00Z
const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** How long an instance's claim on a mail lasts (outbox `claimSeconds`). */
const CLAIM_SECONDS = 60;

// Everything in the outbox and the job runner (what is due, leases, retries, expiry) compares
// against the app's clock: one clock for all instances, moved by the tests.
let clockMs = NOW;
const now = () => new Date(clockMs);
const setClock = (iso: string) => void (clockMs = Date.parse(iso));

// Three instances need a database that several processes (here: several pools) share at once;
// PGlite is one process's, so this block runs on the api-postgres project only.
describe.skipIf(testDb !== 'postgres')('reminders with three instances on one PostgreSQL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
  let storage: TestStorage;
  /** The three instances, A, B and C. */
  let instances: TestApp[];
  const closed = new Set<TestApp>();

  beforeAll(async () => {
    [smtp, twilio] = await Promise.all([startSmtpServer(), startTwilioStandIn()]);
  });
  afterAll(async () => {
    await Promise.all([smtp.close(), twilio.close()]);
  });

  beforeEach(async () => {
    clockMs = NOW;
    smtp.received.length = 0;
    twilio.sent.length = 0;
    storage = await createTestStorage();
    const env = {
      SMTP_URL: smtp.url,
      CLINIC_TIMEZONE: 'Europe/Berlin',
      REMINDER_OFFSETS: '24h,2h',
      // The default; the chosen reminders fall at 08:00-12:00 clinic time, outside it.
      REMINDER_QUIET_HOURS: '21:00-07:00',
      // The patients are made straight in the database, without a verified address.
      REQUIRE_EMAIL_VERIFICATION: 'none',
      // A patient may cancel until the start (one test cancels a day before).
      CANCEL_NOTICE_HOURS: '0',
      // Texts for the patients who take them (none but one test's).
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: STAND_IN_SID,
      TWILIO_AUTH_TOKEN: STAND_IN_TOKEN,
      TWILIO_FROM: '+15550009999',
      TWILIO_API_URL: twilio.url,
    };
    instances = await Promise.all(
      [0, 1, 2].map(() =>
        buildTestApp(env, {
          storage,
          now,
          jobs: { autoStart: false, leaseSeconds: CLAIM_SECONDS },
        }),
      ),
    );
  });
  afterEach(async () => {
    for (const instance of instances) if (!closed.has(instance)) await instance.close();
    closed.clear();
    storage.remove();
  });

  const live = () => instances.filter((instance) => !closed.has(instance));

  /** All live instances' job engines at once over the due mails, `rounds` times (each round: three concurrent passes). */
  const sendDue = (t: TestApp) => t.app.jobs.runOnce({ kinds: [SEND_MAIL_JOB, SEND_SMS_JOB] });
  async function runWorkers(rounds = 3, workers = live()) {
    for (let round = 0; round < rounds; round++) await Promise.all(workers.map(sendDue));
  }

  async function patient(prefix: string) {
    const [one] = await createSignedInPatients(instances[0]!, 1, prefix);
    return one!;
  }

  /** Books `slot` on DAY, through instance `via`, of the first treatment that has it free. */
  async function book(user: { token: string }, slot: string, via: TestApp): Promise<Booking> {
    const treatment = (await treatmentsOn(via, DAY)).find((x) => x.slots.includes(slot));
    if (!treatment) throw new Error(`no treatment has ${slot} free on ${DAY}`);
    const request: BookingRequest = { treatmentId: treatment._id, date: DAY, slot };
    return createBooking(via, user, request);
  }

  const reminderRows = (bookingId: string) =>
    live()[0]!.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.bookingId, bookingId), eq(outbox.kind, 'booking-reminder'), eq(outbox.channel, 'mail')))
      .orderBy(outbox.nextAttemptAt);

  const jobOfMail = (outboxId: string) =>
    live()[0]!.db.select().from(jobs).where(and(eq(jobs.kind, SEND_MAIL_JOB), sql`${jobs.payload}->>'outboxId' = ${outboxId}`));

  /** A received mail's header section, unfolded (a long Message-ID continues on the next line). */
  const headersOf = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');

  /** The Message-IDs of the reminders of `bookingId` the SMTP server received, in order. */
  const receivedReminders = (bookingId: string) =>
    smtp.received
      .map((mail) => /^Message-ID: <([^>]+)>$/im.exec(headersOf(mail.raw))?.[1])
      .filter((id): id is string => id?.startsWith(`reminder.${bookingId}.`) ?? false);

  /**
   * Instance `victim` claims what is due and "dies" right after the SMTP server's 250: the real
   * transport delivers to the server, and once sendMail has resolved the instance shuts down (its
   * pool ends) before its worker reaches markSent. The spy wraps nodemailer's sendMail (the
   * prototype the app's transport shares) for that one call only; the others use the real one.
   */
  async function dieAfterAccept(victim: TestApp, bookingId: string) {
    const probe = nodemailer.createTransport(smtp.url);
    const mailer = Object.getPrototypeOf(probe) as { sendMail: (mail: unknown) => Promise<unknown> };
    probe.close();
    const realSendMail = mailer.sendMail;
    let acceptedBeforeDeath = -1;
    const before = receivedReminders(bookingId).length;
    const spy = vi.spyOn(mailer, 'sendMail').mockImplementationOnce(async function (this: unknown, mail: unknown) {
      const info = await realSendMail.call(this, mail);
      acceptedBeforeDeath = receivedReminders(bookingId).length - before;
      closed.add(victim);
      await victim.close();
      return info;
    });
    try {
      // markSent fails, and so does the retry's bookkeeping after it (its transaction cannot
      // begin): the pool is gone, and the job stays claimed until its lease lapses.
      const died = await sendDue(victim).then(() => null, (error: unknown) => error as Error);
      expect(died?.message).toMatch(/Cannot use a pool after calling end on the pool/);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    // The server had accepted it when the instance died.
    expect(acceptedBeforeDeath).toBe(1);
  }

  it('sends each reminder once, by mail and by text, although three instances run their workers at once', async () => {
    const [a, b] = instances;
    const ann = await patient('reminded');
    const texts = await a!.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(ann), payload: { phone: '+49 30 1234567', smsOptIn: true } });
    expect(texts.statusCode).toBe(200);
    const booked = await book(ann, TEN, b!);
    const id = booked._id;

    // Queued with the booking: 24 h before (same wall-clock time the day before) and 2 h before,
    // each sent no later than min(offset / 4, 2 h) after its time, nor after the start.
    const rows = await reminderRows(id);
    expect(rows.map((r) => [r.dedupeKey, r.status, r.nextAttemptAt.toISOString(), r.expiresAt?.toISOString(), r.bookingVersion, r.toAddress])).toEqual([
      [`reminder:${id}:v1:24h`, 'pending', '2030-06-05T08:00:00.000Z', '2030-06-05T10:00:00.000Z', 1, ann.email],
      [`reminder:${id}:v1:2h`, 'pending', '2030-06-06T06:00:00.000Z', '2030-06-06T06:30:00.000Z', 1, ann.email],
    ]);

    // Now: only the confirmation goes, once.
    await runWorkers();
    expect(smtp.received.filter((m) => m.to.includes(ann.email))).toHaveLength(1);
    expect(receivedReminders(id)).toEqual([]);

    setClock('2030-06-05T07:59:00Z');
    await runWorkers();
    expect(receivedReminders(id)).toEqual([]);

    setClock('2030-06-05T08:01:00Z');
    await runWorkers(4);
    expect(receivedReminders(id)).toEqual([`reminder.${id}.v1.24h@127.0.0.1`]);
    const dayBefore = smtp.received.find((m) => m.raw.includes(`reminder.${id}.v1.24h@`))!;
    expect(dayBefore.to).toEqual([ann.email]);
    expect(headersOf(dayBefore.raw)).toMatch(/^Subject: Reminder: .* tomorrow, Jun 6, 2030 at 10\.00 AM - 10\.30 AM$/m);
    expect((await reminderRows(id)).map((r) => [r.status, r.attempts])).toEqual([['sent', 1], ['pending', 0]]);

    setClock('2030-06-06T06:01:00Z');
    await runWorkers(4);
    expect(receivedReminders(id)).toEqual([`reminder.${id}.v1.24h@127.0.0.1`, `reminder.${id}.v1.2h@127.0.0.1`]);
    expect((await reminderRows(id)).map((r) => [r.status, r.attempts])).toEqual([['sent', 1], ['sent', 1]]);

    // Nothing more, however often they run.
    setClock('2030-06-06T08:30:00Z');
    await runWorkers();
    expect(receivedReminders(id)).toHaveLength(2);
    expect(twilio.sent.map((text) => [text.to, /tomorrow|today/.exec(text.body)?.[0]])).toEqual([
      ['+49301234567', 'tomorrow'],
      ['+49301234567', 'today'],
    ]);
  });

  it("after a reschedule sends only the new version's reminders", async () => {
    const [, b, c] = instances;
    const ann = await patient('moved');
    const booked = await book(ann, TEN, b!);
    const id = booked._id;
    await runWorkers(1); // the confirmation

    const moved = await c!.app.inject({
      method: 'POST',
      url: `/api/booking/${id}/reschedule`,
      headers: { ...bearer(ann), 'if-match': '"v1"' },
      payload: { date: DAY, slot: TWO },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<{ booking: Booking }>().booking).toMatchObject({ slot: TWO, version: 2 });

    // The old version's reminders are withdrawn in the reschedule's transaction; the new ones queued.
    expect((await reminderRows(id)).map((r) => [r.dedupeKey, r.status, r.nextAttemptAt.toISOString()])).toEqual([
      [`reminder:${id}:v1:24h`, 'cancelled', '2030-06-05T08:00:00.000Z'],
      [`reminder:${id}:v2:24h`, 'pending', '2030-06-05T12:00:00.000Z'],
      [`reminder:${id}:v1:2h`, 'cancelled', '2030-06-06T06:00:00.000Z'],
      [`reminder:${id}:v2:2h`, 'pending', '2030-06-06T10:00:00.000Z'],
    ]);

    // Past each due time in turn, old and new.
    for (const at of ['2030-06-05T08:01:00Z', '2030-06-05T12:01:00Z', '2030-06-06T06:01:00Z', '2030-06-06T10:01:00Z']) {
      setClock(at);
      await runWorkers();
    }
    expect(receivedReminders(id)).toEqual([`reminder.${id}.v2.24h@127.0.0.1`, `reminder.${id}.v2.2h@127.0.0.1`]);
    expect((await reminderRows(id)).map((r) => [r.dedupeKey, r.status, r.attempts])).toEqual([
      [`reminder:${id}:v1:24h`, 'cancelled', 0],
      [`reminder:${id}:v2:24h`, 'sent', 1],
      [`reminder:${id}:v1:2h`, 'cancelled', 0],
      [`reminder:${id}:v2:2h`, 'sent', 1],
    ]);
  });

  it('sends none for a cancelled booking, nor to a patient who opted out, nor for a booking changed behind its back', async () => {
    const [a, b, c] = instances;
    const ann = await patient('cancels');
    const bob = await patient('optsout');
    const cat = await patient('changed');
    const cancelled = await book(ann, TEN, a!);
    const kept = await book(bob, TWO, b!);
    const changed = await book(cat, ONE, c!);
    await runWorkers(1); // the confirmations

    const res = await b!.app.inject({ method: 'POST', url: `/api/booking/${cancelled._id}/cancel`, headers: bearer(ann), payload: {} });
    expect(res.statusCode).toBe(200);
    expect((await reminderRows(cancelled._id)).map((r) => r.status)).toEqual(['cancelled', 'cancelled']);

    const optOut = await c!.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(bob), payload: { remindersOptOut: true } });
    expect(optOut.statusCode).toBe(200);
    // Still queued: the opt-out is checked when a reminder is claimed.
    expect((await reminderRows(kept._id)).map((r) => r.status)).toEqual(['pending', 'pending']);

    // A change by a path that forgets to withdraw the reminders (written straight to the table):
    // the claim checks the booking itself (design section 5.4, point 3).
    await a!.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, changed._id));
    expect((await reminderRows(changed._id)).map((r) => r.status)).toEqual(['pending', 'pending']);

    setClock('2030-06-05T12:01:00Z'); // past the three bookings' 24 h reminders (the last due at 12:00Z)
    await runWorkers();
    const withdrawn = ['cancelled', 0, 'the booking changed or reminders are off'];
    expect((await reminderRows(kept._id)).map((r) => [r.status, r.attempts, r.lastError])).toEqual([withdrawn, ['pending', 0, null]]);
    expect((await reminderRows(changed._id)).map((r) => [r.status, r.attempts, r.lastError])).toEqual([withdrawn, ['pending', 0, null]]);

    setClock('2030-06-06T10:01:00Z'); // past the three 2 h reminders (the last due at 10:00Z)
    await runWorkers();
    expect((await reminderRows(kept._id)).map((r) => [r.status, r.attempts, r.lastError])).toEqual([withdrawn, withdrawn]);
    expect((await reminderRows(changed._id)).map((r) => [r.status, r.attempts, r.lastError])).toEqual([withdrawn, withdrawn]);
    expect((await reminderRows(cancelled._id)).map((r) => [r.status, r.attempts])).toEqual([['cancelled', 0], ['cancelled', 0]]);
    for (const booking of [cancelled, kept, changed]) expect(receivedReminders(booking._id)).toEqual([]);
    expect(smtp.received.filter((m) => /^Subject: Reminder/m.test(m.raw))).toEqual([]);
  });

  it('resends at most once, with the same Message-ID, when an instance dies between the SMTP accept and markSent', async () => {
    const [a, b, c] = instances;
    const ann = await patient('crash');
    const booked = await book(ann, TEN, a!);
    const id = booked._id;
    await runWorkers(1); // the confirmation: from here on, the 24 h reminder is all A can claim
    setClock('2030-06-05T08:01:00Z');

    await dieAfterAccept(a!, id);

    // The server has it; the row is still A's, its job A's claim until the lease lapses.
    const [held] = await reminderRows(id);
    expect(held).toMatchObject({ status: 'sending', attempts: 1 });
    const [heldJob] = await jobOfMail(held!.id);
    expect(heldJob).toMatchObject({ status: 'running', attempts: 1 });
    expect(heldJob!.lockedUntil!.toISOString()).toBe(new Date(clockMs + CLAIM_SECONDS * SECOND).toISOString());
    await runWorkers(3, [b!, c!]);
    clockMs += (CLAIM_SECONDS - 1) * SECOND;
    await runWorkers(3, [b!, c!]);
    expect(receivedReminders(id)).toHaveLength(1);

    // Past the lease, B and C race for it: one of them resends it, once.
    clockMs += 2 * SECOND;
    await runWorkers(4, [b!, c!]);
    expect(receivedReminders(id)).toEqual([`reminder.${id}.v1.24h@127.0.0.1`, `reminder.${id}.v1.24h@127.0.0.1`]);
    expect((await reminderRows(id)).map((r) => [r.status, r.attempts, r.claimedUntil])).toEqual([['sent', 2, null], ['pending', 0, null]]);

    // The 2 h reminder still goes once, from the two left.
    setClock('2030-06-06T06:01:00Z');
    await runWorkers(3, [b!, c!]);
    expect(receivedReminders(id)).toEqual([
      `reminder.${id}.v1.24h@127.0.0.1`, `reminder.${id}.v1.24h@127.0.0.1`, `reminder.${id}.v1.2h@127.0.0.1`,
    ]);
  });

  it('does not resend a mail a dead instance held once its booking was cancelled meanwhile', async () => {
    const [a, b, c] = instances;
    const ann = await patient('crashcancel');
    const booked = await book(ann, TEN, a!);
    const id = booked._id;
    await runWorkers(1); // the confirmation
    setClock('2030-06-05T08:01:00Z');
    await dieAfterAccept(a!, id);

    // The patient cancels while the row is still A's claim: the cancel withdraws pending rows only,
    // so this one stays 'sending', and the claim's check of the booking stops the resend.
    const res = await b!.app.inject({ method: 'POST', url: `/api/booking/${id}/cancel`, headers: bearer(ann), payload: {} });
    expect(res.statusCode).toBe(200);
    expect((await reminderRows(id)).map((r) => r.status)).toEqual(['sending', 'cancelled']);

    clockMs += (CLAIM_SECONDS + 1) * SECOND;
    await runWorkers(3, [b!, c!]);
    expect(receivedReminders(id)).toEqual([`reminder.${id}.v1.24h@127.0.0.1`]);
    expect((await reminderRows(id)).map((r) => [r.status, r.attempts, r.claimedUntil])).toEqual([['cancelled', 1, null], ['cancelled', 0, null]]);
  });

  it('expires, unsent, a reminder found after its time had passed (the instances were down)', async () => {
    const ann = await patient('downtime');
    const booked = await book(ann, TEN, instances[2]!);
    const id = booked._id;
    await runWorkers(1); // the confirmation
    const [dayBefore, twoHours] = await reminderRows(id);

    // Back up one minute after the 24 h reminder's last moment (2 h after its time).
    clockMs = dayBefore!.expiresAt!.getTime() + MINUTE;
    await runWorkers();
    expect((await reminderRows(id)).map((r) => [r.status, r.attempts, r.lastError])).toEqual([
      ['expired', 0, 'too late to send'],
      ['pending', 0, null],
    ]);

    // And past the appointment's start: the 2 h one (its last moment 30 min after its time) too.
    expect(twoHours!.expiresAt!.toISOString()).toBe('2030-06-06T06:30:00.000Z');
    setClock('2030-06-06T08:05:00Z');
    await runWorkers();
    expect((await reminderRows(id)).map((r) => [r.status, r.attempts])).toEqual([['expired', 0], ['expired', 0]]);
    expect(receivedReminders(id)).toEqual([]);
  });

  it('runs tick.expire-offers once per minute across three instances (one jobs row per minute key)', async () => {
    // 3 simulated minutes, a round every 10 s: each instance inserts each minute's tick row twice
    // (every 30 s), all three race to claim it.
    for (let minute = 0; minute < 3; minute++) {
      for (let second = 0; second < 60; second += 10) {
        clockMs = NOW + minute * MINUTE + second * SECOND;
        await Promise.all(live().map((t) => t.app.jobs.runOnce()));
      }
    }
    const ticks = await instances[0]!.db.select().from(jobs).where(like(jobs.dedupeKey, 'tick:tick.expire-offers:%')).orderBy(jobs.runAt);
    expect(ticks.map((j) => [j.kind, j.dedupeKey, j.status, j.attempts, j.runAt.toISOString()])).toEqual(
      [0, 1, 2].map((minute) => {
        const at = new Date(NOW + minute * MINUTE);
        return ['tick.expire-offers', tickKey('tick.expire-offers', at), 'done', 1, at.toISOString()];
      }),
    );
    expect(ticks.map((j) => j.dedupeKey)).toEqual([
      'tick:tick.expire-offers:2030-06-03T08:00',
      'tick:tick.expire-offers:2030-06-03T08:01',
      'tick:tick.expire-offers:2030-06-03T08:02',
    ]);
    // Nothing else ran more than once either (the runner's own purge tick).
    const all = await instances[0]!.db.select().from(jobs);
    expect(all.filter((j) => j.status !== 'done' || j.attempts !== 1)).toEqual([]);
    expect(all.filter((j) => j.kind === 'tick.purge-jobs')).toHaveLength(3);
  });
});

describe('the job runner: three runners on one database', () => {
  let t: TestApp;

  beforeAll(async () => {
    clockMs = NOW;
    t = await buildTestApp({}, { now, jobs: { autoStart: false } });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    clockMs = NOW;
  });

  const RETRY_BASE_MS = 1000;
  const MAX_ATTEMPTS = 3;
  const runners = (handlers: Parameters<typeof createJobRunner>[0]['handlers']) =>
    [0, 1, 2].map(() =>
      createJobRunner({ db: t.db, now, handlers, retryBaseMs: RETRY_BASE_MS, maxAttempts: MAX_ATTEMPTS, batchSize: 2 }),
    );
  const runAll = async (all: ReturnType<typeof runners>, rounds = 1) => {
    for (let round = 0; round < rounds; round++) await Promise.all(all.map((r) => r.runOnce()));
  };
  /**
   * Stores jobs as `enqueueJobs` does in a caller's transaction (a second row with a key already
   * there is ignored); written to the table here, since another module's repository is the jobs
   * module's own to import. Answers how many were stored.
   */
  const enqueue = async (rows: { kind: string; payload?: Record<string, unknown>; dedupeKey?: string }[]) =>
    (
      await t.db
        .insert(jobs)
        .values(rows.map((r) => ({ ...r, runAt: now() })))
        .onConflictDoNothing({ target: jobs.dedupeKey })
        .returning({ id: jobs.id })
    ).length;
  const jobsOfKind = (kind: string) => t.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.runAt);

  it('runs a job enqueued once exactly once, whichever runner claims it', async () => {
    const runs: unknown[] = [];
    const all = runners({
      'test.count': async (payload) => {
        runs.push(payload.n);
        // Stay busy a moment, so the other runners' claims overlap this one.
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    });
    expect(await enqueue([{ kind: 'test.count', payload: { n: 'once' }, dedupeKey: 'test:once' }])).toBe(1);
    // The same key again is ignored: it exists once.
    expect(await enqueue([{ kind: 'test.count', payload: { n: 'once' }, dedupeKey: 'test:once' }])).toBe(0);
    await enqueue(Array.from({ length: 9 }, (_, n) => ({ kind: 'test.count', payload: { n } })));

    await runAll(all, 6);
    expect(runs).toHaveLength(10);
    expect(new Set(runs).size).toBe(10);
    expect((await jobsOfKind('test.count')).map((j) => [j.status, j.attempts])).toEqual(Array.from({ length: 10 }, () => ['done', 1]));
    await Promise.all(all.map((r) => r.stop()));
  });

  it(`retries a failing job with backoff on the app's clock, and leaves it failed after ${MAX_ATTEMPTS} attempts`, async () => {
    let attempts = 0;
    const all = runners({
      'test.fail': async () => {
        attempts++;
        throw new Error(`processor unreachable (${attempts})`);
      },
    });
    await enqueue([{ kind: 'test.fail' }]);
    const job = async () => (await jobsOfKind('test.fail'))[0]!;

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      await runAll(all, 2);
      const delay = RETRY_BASE_MS * 2 ** (attempt - 1);
      expect(attempts).toBe(attempt);
      expect(await job()).toMatchObject({
        status: 'pending', attempts: attempt, lastError: `processor unreachable (${attempt})`, runAt: new Date(clockMs + delay), lockedUntil: null,
      });
      // Not before its time.
      clockMs += delay - 1;
      await runAll(all, 2);
      expect(attempts).toBe(attempt);
      clockMs += 1;
    }

    await runAll(all, 2);
    expect(attempts).toBe(MAX_ATTEMPTS);
    expect(await job()).toMatchObject({
      status: 'failed', attempts: MAX_ATTEMPTS, lastError: `processor unreachable (${MAX_ATTEMPTS})`, finishedAt: new Date(clockMs), lockedUntil: null,
    });
    clockMs += 24 * 3_600_000;
    await runAll(all, 2);
    expect(attempts).toBe(MAX_ATTEMPTS);
    await Promise.all(all.map((r) => r.stop()));
  });

  it("claims only the kinds a runner has handlers for (or a pass names), keeps a kind's record in step through its hooks, and treats a poll as no attempt", async () => {
    const record: string[] = [];
    let polls = 0;
    const kind = {
      maxAttempts: 2,
      retryBaseMs: 5 * RETRY_BASE_MS,
      run: async (payload: Record<string, unknown>) => {
        if (payload.poll) return polls++ < 2 ? { again: new Date(clockMs + 60_000) } : undefined;
        throw new Error('refused');
      },
      retrying: async (_tx: unknown, payload: Record<string, unknown>, reason: string, at: Date) => void record.push(`retry ${String(payload.n)} ${reason} ${at.toISOString()}`),
      failed: async (_tx: unknown, payload: Record<string, unknown>, reason: string) => void record.push(`failed ${String(payload.n)} ${reason}`),
    };
    // Runner A has no handler for `test.hooked`; runner B has. The engine's own retry base (RETRY_BASE_MS) overrides the kind's.
    const [a] = runners({ 'test.other': async () => {} });
    const b = createJobRunner({ db: t.db, now, handlers: { 'test.hooked': kind, 'test.other': async () => {} }, maxAttempts: MAX_ATTEMPTS });
    await enqueue([{ kind: 'test.hooked', payload: { n: 1 } }, { kind: 'test.hooked', payload: { poll: true } }, { kind: 'test.other' }]);

    expect(await a!.runOnce()).toBe(1); // test.other only
    expect((await jobsOfKind('test.hooked')).map((j) => j.status)).toEqual(['pending', 'pending']);
    expect(await b.runOnce({ kinds: ['test.other'] })).toBe(0); // done already: nothing of that kind is due
    expect(await b.runOnce({ kinds: ['test.hooked'] })).toBe(2);
    const after = new Date(clockMs + 5 * RETRY_BASE_MS).toISOString();
    expect(record).toEqual([`retry 1 refused ${after}`]);

    clockMs += 5 * RETRY_BASE_MS;
    await b.runOnce({ kinds: ['test.hooked'] }); // the second attempt of n=1: the kind's maxAttempts
    expect(record).toEqual([`retry 1 refused ${after}`, 'failed 1 refused']);
    for (let i = 0; i < 3; i++) {
      clockMs += 60_000;
      await b.runOnce({ kinds: ['test.hooked'] });
    }
    const [failed, polled] = await jobsOfKind('test.hooked');
    expect([failed!.status, failed!.attempts]).toEqual(['failed', 2]);
    // Two polls, then done on the third look: each look is claimed, but only the last one counts.
    expect([polled!.status, polled!.attempts, polls]).toEqual(['done', 1, 3]);
    await Promise.all([a!.stop(), b.stop()]);
  });

  it('inserts a daily tick once per day, however often and on however many instances it ticks', async () => {
    const ran: string[] = [];
    const all = [0, 1, 2].map(() =>
      createJobRunner({ db: t.db, now, handlers: { 'test.daily': async () => void ran.push(now().toISOString()) }, ticks: [{ kind: 'test.daily', every: 'day' }], tickEveryMs: 0 }),
    );
    await runAll(all, 3);
    clockMs += 3_600_000;
    await runAll(all, 3);
    expect(ran).toHaveLength(1);
    clockMs += 24 * 3_600_000;
    await runAll(all, 3);
    expect(ran).toHaveLength(2);
    expect((await jobsOfKind('test.daily')).map((j) => j.dedupeKey)).toEqual([
      tickKey('test.daily', new Date(clockMs - 25 * 3_600_000), 'day'), tickKey('test.daily', now(), 'day'),
    ]);
    await Promise.all(all.map((r) => r.stop()));
  });
});
