/**
 * Builds the application: opens and migrates the database, then registers plugins in a fixed
 * order (external -> app -> routes), explicitly. Nothing here listens; server.ts does.
 */
import { APIError } from 'better-auth/api';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { makeDataDirPrivate } from './db/data-dir-permissions.ts';
import { chosenTimeZone, migrateDatabase, type ZoneChange } from './db/migrate.ts';
import { recordAudit } from './modules/audit/audit.service.ts';
import { loggerOptions } from './lib/logger-options.ts';
import { requestIdOf } from './lib/request-id.ts';
import { createFrontDoor, frontDoorServer } from './plugins/front-door.ts';
import { createIdentity } from './modules/identity/identity.ts';
import type { PasswordHasher } from './modules/identity/auth.ts';
import { createSignInLimits } from './modules/identity/sign-in-limits.ts';
import { createRateLimiter } from './modules/rate-limit/rate-limit.service.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createInviteStaff } from './modules/users/invite-staff.service.ts';
import { createStaffDayService } from './modules/staff/staff-day.service.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createAccountService } from './modules/account/account.service.ts';
import { createAccountErasure } from './modules/account/erase-account.service.ts';
import { createClinicService } from './modules/clinic/clinic.service.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { createMetrics } from './modules/metrics/metrics.ts';
import { createBookingService } from './modules/booking/booking.service.ts';
import { createAvailabilityCache } from './modules/booking/availability-cache.ts';
import { listenForChanges } from './lib/change-channel.ts';
import { forgetDate, isAvailabilityPayload } from './modules/booking/availability-channel.ts';
import { SCHEDULE_CHANGED } from './modules/schedule/schedule-channel.ts';
import { REVIEWS_CHANGED } from './modules/reviews/reviews-channel.ts';
import { createScheduleSnapshot } from './modules/schedule/schedule-snapshot.ts';
import { createScheduleAdmin } from './modules/schedule/schedule-admin.service.ts';
import { createDoctorsService } from './modules/doctors/doctors.service.ts';
import { createImagesService } from './modules/images/images.service.ts';
import { CLOSE_INTENTS_JOB, createPaymentsService } from './modules/payments/payments.service.ts';
import { createStripeProcessor } from './modules/payments/stripe-processor.ts';
import { createRefundsService, ISSUE_REFUND_JOB } from './modules/payments/refunds.service.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { createMailSender, SEND_MAIL_JOB } from './modules/mail/mail-sender.ts';
import { bookingLedger } from './modules/booking/booking-ledger.ts';
import { createJobRunner } from './modules/jobs/job-runner.ts';
import { enqueueJobs } from './db/job-queue.ts';
import { createBackupService } from './modules/backup/backup.service.ts';
import { closeEntriesBookedWrites } from './modules/waitlist/waitlist.repository.ts';
import { createWaitlistService } from './modules/waitlist/waitlist.service.ts';
import { createLinksService } from './modules/links/links.service.ts';
import { openCallbackBookings } from './modules/links/links.repository.ts';
import { createTextMessages } from './modules/sms/text-messages.ts';
import { createFormsService } from './modules/forms/forms.service.ts';
import { createFamiliesService } from './modules/families/families.service.ts';
import { dependentAddress, soleDependentsOf } from './modules/families/family-reads.ts';
import { createRecallHooks, createRecallService } from './modules/recall/recall.service.ts';
import { createReviewsService } from './modules/reviews/reviews.service.ts';
import { createDiskWatch, type FreeSpaceReader } from './modules/disk/disk-watch.ts';
import { registerDiskGuard } from './plugins/disk-guard.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerDrain } from './plugins/drain.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerRoutes } from './app-routes.ts';
import { registerRequestLog } from './plugins/request-log.ts';
import { logDestination } from './lib/log-destination.ts';
import './app-decorations.ts';

/** What a request refused during shutdown is told to wait: another instance, or this one restarted. */
const SHUTDOWN_RETRY_AFTER_SECONDS = 5;

export interface BuildOptions {
  /** Pino options, or false for none (tests). */
  logger?: boolean | Record<string, unknown>;
  /** The clock every rule reads; tests pin it. */
  now?: () => Date;
  /** Mail delivery's retries (tests shorten them). */
  outbox?: { retryBaseMs?: number; maxAttempts?: number };
  /** Job runner timing (tests stop it and run it by hand); `retryBaseMs` overrides every kind's. */
  jobs?: { pollMs?: number; leaseSeconds?: number; retryBaseMs?: number; autoStart?: boolean };
  /** The free-space watch: a reader of its own also watches a database in memory (tests). */
  disk?: { read?: FreeSpaceReader; intervalMs?: number };
  /** PGlite in memory: a migrated data directory to start from (tests; see OpenOptions). */
  pgliteTemplate?: Blob;
  /** Password hashing other than Better Auth's deliberately slow one (tests: auth.ts PasswordHasher). */
  passwordHasher?: PasswordHasher;
}

export { loggerOptions };

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const isEmbeddedOnDisk = config.database.kind === 'pglite' && !config.database.dir.startsWith('memory://');
  const releaseLock = isEmbeddedOnDisk ? lockDataDir(config.dataDir) : () => {};

  let database: Database;
  let zoneChange: ZoneChange | null;
  try {
    database = await openDatabase(config.database, {
      yieldBeforeStatements: config.fastPaths.has('pglite-yield'),
      connectRetrySeconds: config.databaseConnectRetrySeconds,
      statementTimeoutSeconds: config.databaseTimeoutSeconds,
      pgliteTemplate: options.pgliteTemplate,
      // Before the app's logger exists: one line in its format, so log shippers read it alike.
      onRetry: (message) => process.stdout.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: message })}\n`),
    });
    zoneChange = await migrateDatabase(database, config.clinicTimeZone);
    // The clinic's own choice of zone (its profile) wins over CLINIC_TIMEZONE, its default.
    const chosen = await chosenTimeZone(database.db);
    if (chosen && chosen !== config.clinicTimeZone) config = { ...config, clinicTimeZone: chosen };
    // After opening: PGlite rewrites some files as it starts, with the process's umask.
    if (isEmbeddedOnDisk) makeDataDirPrivate(config.dataDir);
  } catch (error) {
    releaseLock();
    throw error;
  }

  // The busiest read answered before Fastify when its bytes are ready (plugins/front-door.ts).
  const front = config.fastPaths.has('available-bytes') ? frontDoorServer() : undefined;
  const app = Fastify({
    logger: options.logger ?? { ...loggerOptions(config), stream: logDestination() },
    // One line per request instead of Fastify's two, written by plugins/request-log.ts.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    ...(front && { serverFactory: front.serverFactory }),
    // Our limiters key on the client address; behind a reverse proxy TRUST_PROXY says which
    // proxies may pass the real one in X-Forwarded-For (off: the socket's address).
    // A hop count as the function Fastify makes of one (its types take no number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? ((hops: number) => (_address: string, hop: number) => hop < hops)(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Requests that arrive while closing get our problem+json 503 (plugins/drain.ts), not Fastify's plain JSON.
    return503OnClosing: false,
  });
  app.decorate('database', database);
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, access: route.config?.access });
  });
  // Hooks on every request are callback-style: an async one costs a promise and a turn of the
  // microtask queue per request, on the busiest read too (issue 37).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Set once the job runner exists: background work stops before the database it reads goes away.
  let stopBackground = async () => {};
  app.addHook('onClose', async () => {
    await stopBackground();
    await database.close();
    releaseLock();
  });
  registerDrain(app, { retryAfterSeconds: SHUTDOWN_RETRY_AFTER_SECONDS });
  // The embedded database's free-space watermarks (docs/decisions/027): read once before serving,
  // then every few seconds. PostgreSQL's disk is its operator's: none there.
  const diskWatch =
    config.database.kind === 'pglite' && (isEmbeddedOnDisk || options.disk?.read)
      ? createDiskWatch({
          dataDir: config.dataDir,
          backupDir: config.backup.dir,
          ...config.disk,
          ...options.disk,
          now: options.now ?? (() => new Date()),
          log: app.log,
        })
      : null;
  app.decorate('diskWatch', diskWatch);
  if (diskWatch) {
    await diskWatch.check();
    diskWatch.start();
    app.addHook('onClose', async () => diskWatch.stop());
    registerDiskGuard(app, diskWatch);
  }
  const metrics = createMetrics({ database, log: app.log, disk: diskWatch });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request, reply);
    done();
  });
  registerRequestLog(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // External plugins.
  const securityHeaders = await registerSecurity(app, config);
  await registerDocs(app);

  // Application services, wired by hand so a test can see every dependency.
  const { db } = database;
  // One query or transaction in flight for PGlite's single connection; more on a pool.
  const batching = { maxBatch: 100, concurrency: database.kind === 'pglite' ? 1 : 4 };
  const now = options.now ?? (() => new Date());
  const mail = createMailService({
    clinicInbox: config.mail.clinicInbox,
    fromAddress: config.mail.from,
    timeZone: config.clinicTimeZone,
    publicUrl: config.publicUrl,
    now,
    reminders: config.reminders,
    clinicPhone: config.lifecycle.clinicPhone,
    defaultLocale: config.defaultLocale,
  });
  const { auth, callers } = createIdentity(config, db, mail, batching, options.passwordHasher);
  const rateLimiter = createRateLimiter(db);
  const contact = createContactService({ db, rateLimiter, mail });
  const availabilityCache = createAvailabilityCache();
  const stripeProcessor = config.stripe ? await createStripeProcessor(config.stripe) : undefined;
  // Refunds are asked of the processor after the cancelling transaction commits, by a job.
  const refunds = createRefundsService({ db, now, stripe: stripeProcessor, mail, ledger: bookingLedger, log: app.log });
  app.decorate('refunds', refunds);
  const schedule = createScheduleSnapshot({ db, now, timeZone: config.clinicTimeZone });
  const reviews = createReviewsService({ db, now, rateLimiter, cursorSecret: config.authSecret });
  app.decorate('reviews', reviews);
  // Every instance's changes, heard here (lib/change-channel.ts): each topic drops what its module
  // caches; a schedule change, or a lost listening connection (notifications may have been
  // missed), drops everything.
  const forgetAll = () => {
    schedule.reset();
    reviews.forget();
    availabilityCache.reset();
  };
  await listenForChanges(
    database,
    (payload) => {
      if (payload === SCHEDULE_CHANGED) forgetAll();
      else if (payload === REVIEWS_CHANGED) reviews.forget();
      else if (isAvailabilityPayload(payload)) forgetDate(availabilityCache, payload);
    },
    forgetAll,
  );
  // Times that came free are offered to the waitlist by a job queued in the freeing transaction.
  const waitlistHooks = {
    freed: (tx: typeof db, dates: Iterable<string>) =>
      enqueueJobs(tx, [...new Set(dates)].map((date) => ({ kind: 'waitlist.match', payload: { date }, runAt: now() }))).then(() => {}),
    booked: closeEntriesBookedWrites,
  };
  const payments = createPaymentsService({
    db,
    now,
    stripe: config.stripe && stripeProcessor ? { processor: stripeProcessor, publishableKey: config.stripe.publishableKey } : undefined,
    refunds,
    mail,
    ledger: bookingLedger,
    enqueueJob: (tx, job) => enqueueJobs(tx, [job]).then(() => {}),
  });
  const booking = createBookingService({
    events: metrics.bookings,
    db,
    waitlist: waitlistHooks,
    doctorRatings: () => reviews.doctorRatings(),
    cache: availabilityCache,
    schedule,
    mail,
    refunds,
    payments,
    lifecycle: config.lifecycle,
    now,
    timeZone: config.clinicTimeZone,
    windowDays: config.bookingWindowDays,
    batching,
    fastPaths: { groupCommit: config.fastPaths.has('group-commit'), knownHolders: config.fastPaths.has('known-holders') },
    maxActiveBookings: config.maxActiveBookings,
    requireEmailVerification: config.requireEmailVerification,
    rateLimit: { limiter: rateLimiter, max: config.bookingRateLimitPerMinute, windowSeconds: 60 },
    openCallbacks: (ids) => openCallbackBookings(db, ids),
    // Called per list, after `forms` (built from this service) exists.
    intakeFlags: (rows) => forms.flagsOf(rows),
    recall: createRecallHooks(),
  });
  front?.open(createFrontDoor({ readyJson: booking.readyJson, headers: securityHeaders, isDraining: app.drain.isDraining, observe: metrics.observeRoute, log: app.log }));
  // Intake, consent and check-in (practice-loop.md section 6).
  const forms = createFormsService({ db, now, timeZone: config.clinicTimeZone, publicUrl: config.publicUrl, settings: config.intake, booking, texts: mail.texts });
  // Patients due again after a completed visit, and the messages that bring them back.
  const recall = createRecallService({
    db,
    now,
    timeZone: config.clinicTimeZone,
    settings: config.recall,
    quietHours: config.reminders.quietHours,
    mail,
  });
  const scheduleAdmin = createScheduleAdmin({
    db,
    snapshot: schedule,
    forgetDerived: () => availabilityCache.reset(),
    booking,
    now,
    timeZone: config.clinicTimeZone,
    scheduleChanged: (tx) => enqueueJobs(tx, [{ kind: 'waitlist.match', runAt: now() }]).then(() => {}),
  });
  const doctors = createDoctorsService({ db, schedule: scheduleAdmin });
  const images = createImagesService({ db });

  const signInLimits = createSignInLimits(rateLimiter, config.authRateLimit);
  // One erasure for the patient's own deletion and an admin's removal.
  const erasure = createAccountErasure({
    now, rateLimiter, booking, payments, contact, retentionDays: config.patientDataRetentionDays, forms, soleDependentsOf,
  });
  const users = createUsersService({ db, auth, erasure });
  const inviteStaff = createInviteStaff({
    db, auth, users, publicUrl: config.publicUrl,
    doctorExists: async (id) => (await doctors.find(id)) !== null,
  });
  const staffDay = createStaffDayService({ db, booking, doctors, intakeFlags: (ids) => forms.flagsOfBookings(ids) });
  const account = createAccountService({
    db,
    now,
    rateLimiter,
    booking,
    payments,
    contact,
    erasure,
    signInLimits,
    retentionDays: config.patientDataRetentionDays,
    textMessages: Boolean(config.sms),
    // Called at export time, when the waitlist (built below, it needs this service) exists.
    waitlistOf: (patientId) => waitlist.exportOf(patientId),
    recallsOf: async (patientId) =>
      (await recall.exportOf(patientId)).map((r) => ({ treatment: r.treatment, dueDate: r.dueDate, status: r.status, attempts: r.attempts, note: r.note, createdAt: r.createdAt })),
    callbacksOf: (patientId) => links.exportOf(patientId),
    formsOf: (patientId) => forms.exportOf(patientId),
    async verifyPassword(headers, password) {
      try {
        return (await auth.api.verifyPassword({ headers, body: { password } })).status;
      } catch (error) {
        if (error instanceof APIError) return false;
        throw error;
      }
    },
  });

  const waitlist = createWaitlistService({
    db,
    now,
    timeZone: config.clinicTimeZone,
    windowDays: config.bookingWindowDays,
    schedule,
    booking,
    mail,
    settings: config.waitlist,
    phoneOf: (caller) => account.phoneOf(caller),
  });
  // Links in messages act for their patient as the signed-in routes would (practice-loop.md section 3).
  const links = createLinksService({
    db,
    now,
    timeZone: config.clinicTimeZone,
    publicUrl: config.publicUrl,
    booking,
    patients: {
      patientOf: (userId) => account.patientOf(userId),
      stop: async (caller, kind) => void (await account.updateProfile(caller, kind === 'recall' ? { recallOptOut: true } : { remindersOptOut: true })),
    },
    recalls: { forLink: (id) => recall.forLink(id), snooze: (id) => recall.snooze(id) },
    recallFollowupDays: config.recall.followupDays,
    checkInOpensMinutes: config.intake.checkInOpensMinutes,
    queueInvitation: (tx, invitation) => mail.queueInvitation(tx, invitation),
    invitations: { accept: (...args) => families.accept(...args) },
  });
  app.decorate('links', links);
  const families = createFamiliesService({
    db, now, timeZone: config.clinicTimeZone, handoverAge: config.dependentHandoverAge,
    cancelUpcomingOf: (work, id, actor) => booking.cancelUpcomingOf(work, id, actor),
    invite: (tx, invitation) => links.invite(tx, invitation),
    // The hash Better Auth checks at sign-in (its own, or the tests' quick one).
    hashPassword: async (password) => (await auth.$context).password.hash(password),
    erase: async (work, id) => void (await erasure.erase(work, { id, email: dependentAddress(id) }, { kind: 'patient', id, email: '' })),
  });
  // Backups of the embedded database on disk, taken by the process that holds it; on PostgreSQL
  // they are the operator's pg_dump (README, "Backups") and none is scheduled here.
  const backups = isEmbeddedOnDisk
    ? createBackupService({ database, settings: { dataDir: config.dataDir, ...config.backup }, now, log: app.log, disk: diskWatch })
    : null;
  // nodemailer, like Stripe's SDK, sharp and pg, is loaded only when its feature is configured
  // or used: otherwise every start pays for importing them, whether it needs them or not
  // (figures: docs/benchmarks.md, "Start-up: optional modules"). With no SMTP_URL, mail waits in
  // the outbox (and its jobs in the queue) for an instance that has one.
  // Reminders and recalls by text too, when SMS_PROVIDER is set (practice-loop.md section 5).
  const texts = await createTextMessages({
    settings: config.sms, db, now, publicUrl: config.publicUrl, clinicPhone: config.lifecycle.clinicPhone, defaultLocale: config.defaultLocale, booking, links,
    log: app.log, expand: (tx, text) => links.expand(tx, text), retries: options.outbox,
  });
  const mailSender = config.mail.smtpUrl
    ? createMailSender({
        db,
        transport: (await import('nodemailer')).default.createTransport(config.mail.smtpUrl),
        from: config.mail.from,
        messageIdHost: new URL(config.publicUrl).hostname,
        now,
        expand: async (tx, mail) => forms.expandIntake(tx, { ...mail, textBody: await links.expand(tx, mail) }),
        textMessages: texts !== null,
        ...options.outbox,
      })
    : null;
  // The one engine of background work (jobs/job-runner.ts): every instance runs it, each job on
  // one of them (design section 6.1).
  const jobs = createJobRunner({
    db,
    now,
    handlers: {
      'waitlist.match': async (payload) => void (await waitlist.match(payload)),
      [CLOSE_INTENTS_JOB]: (payload) => payments.closeIntents(payload),
      [ISSUE_REFUND_JOB]: refunds.issueJob,
      ...(mailSender ? { [SEND_MAIL_JOB]: mailSender } : {}),
      ...texts?.jobs,
      'tick.expire-offers': () => waitlist.expireTick(),
      'tick.recall': async () => void (await recall.tick()),
      'tick.purge-links': async () => void (await links.purgeExpired()),
      'tick.auto-complete': async () => void (await booking.autoComplete(config.autoCompleteAfterDays)),
      'tick.backup': async () => void (await backups?.backUpIfDue()),
      // Erased patients' retained identities past their time (decision 014), once a day.
      'tick.purge-retention': async () => {
        await account.purgeExpiredRetention();
        await forms.purgeRetained();
      },
    },
    ticks: [
      'tick.expire-offers',
      'tick.recall',
      ...(config.autoCompleteAfterDays > 0 ? ['tick.auto-complete'] : []),
      ...(backups && config.backup.intervalHours > 0 ? ['tick.backup'] : []),
      { kind: 'tick.purge-retention', every: 'day' },
      { kind: 'tick.purge-links', every: 'day' },
    ],
    ...options.jobs,
    log: app.log,
  });
  app.decorate('jobs', jobs);
  stopBackground = async () => {
    await jobs.stop();
    mailSender?.close();
  };

  if (config.admin) {
    try {
      await users.ensureAdmin(config.admin, database.withAdvisoryLock);
    } catch (error) {
      await database.close();
      releaseLock();
      throw error;
    }
  }
  // First run without ADMIN_EMAIL: the owner sets the clinic up from a one-time address, logged
  // on every start until an admin exists (design practice-loop.md section 10).
  const clinic = createClinicService({ database, now, schedule, users, timeZone: config.clinicTimeZone, publicUrl: config.publicUrl });
  const setupAddress = await clinic.setupAddress();
  if (setupAddress) app.log.warn({ setup: setupAddress }, `no admin yet: set the clinic up at ${setupAddress}`);

  if (options.jobs?.autoStart !== false) jobs.start();

  // Routes, each declaring who may call it (`config.access`), checked before its input.
  await registerRoutes(app, callers, {
    health: { database, config, disk: diskWatch },
    ready: { database },
    metrics: { metrics, config },
    identity: { auth, limits: signInLimits, config },
    verification: { auth, callers, rateLimiter },
    me: { callers, profileOf: (caller) => account.profileOf(caller) },
    users: { users, inviteStaff, callers },
    clinic: { clinic, callers },
    account: { account, callers },
    contact: { contact, callers },
    mail: { db, callers },
    booking: { booking, callers },
    appointments: { booking, callers, ensurePatient: (caller, patient) => users.ensurePatient(caller, patient, config.publicUrl) },
    doctors: { doctors, callers },
    links: { links, callers, rateLimiter },
    families: { families, callers },
    recall: { recall, callers },
    forms: { forms, booking, callers, checkInOpensMinutes: config.intake.checkInOpensMinutes, db },
    staffDay: { staffDay, callers },
    reports: { reports: createReportsService({ db, now, timeZone: config.clinicTimeZone, readsWithoutWorkers: config.database.kind === 'postgres' }), callers },
    schedule: { schedule: scheduleAdmin, callers },
    images: { images, callers },
    audit: { db, callers },
    payments: { payments, callers },
    waitlist: { waitlist, callers },
    reviews: { reviews, callers },
    jobs: { db, callers, now, smtpConfigured: Boolean(config.mail.smtpUrl), disk: diskWatch },
    backup: backups ? { backups, dataDir: config.dataDir } : undefined,
    texts,
  }, config.webDistDir);

  if (zoneChange) {
    app.log.warn(zoneChange, 'CLINIC_TIMEZONE changed: confirmed bookings from today keep their wall-clock times, their instants were computed again');
    await recordAudit(db, { actorId: 'system', actorEmail: 'system', action: 'clinic.timezone', target: zoneChange.to, detail: { ...zoneChange } });
  }

  return app;
}
