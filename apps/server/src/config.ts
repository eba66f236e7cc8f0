/**
 * The server's whole configuration, read from the environment once at start-up and validated
 * with zod. A bad value stops start-up with a message naming the variable (DESIGN.md section 1).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { E164, LOCALES, type Locale } from '@clinic/shared';
import { SERVER_ROOT } from './server-root.ts';
import { FAST_PATH_NAMES, parseFastPaths, parseTrustProxy, type FastPath, type TrustProxy } from './config-values.ts';
import { parseQuietHours, parseReminderOffsets, type QuietHours, type ReminderOffset } from './modules/reminders/reminder-rules.ts';
import { DEFAULT_DISK_STOP_MB, DEFAULT_DISK_WARN_MB, MIN_DISK_STOP_MB } from './modules/disk/disk-rules.ts';

export { FAST_PATH_NAMES, type FastPath, type TrustProxy } from './config-values.ts';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A switch: true/on/1 or false/off/0; unset or empty is undefined. */
const onOff = optionalString.pipe(
  z
    .enum(['true', 'false', 'on', 'off', '1', '0'], { message: 'must be true or false' })
    .transform((v) => v === 'true' || v === 'on' || v === '1')
    .optional(),
);

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** Shorter secrets make session signatures guessable; AUTH_SECRET and the file share the rule. */
const AUTH_SECRET_MIN_LENGTH = 32;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    // A Unix socket has no host in the URL (`postgres://user@/db?host=/run/postgresql`), which
    // WHATWG's URL parser refuses; node-postgres reads it with its own parser, and a URL it
    // cannot use fails the first connection with a message naming DATABASE_URL.
    DATABASE_URL: optionalString.pipe(
      z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// URL').optional(),
    ),
    PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(6, 'must be at least 6 characters').optional()),
    CLINIC_TIMEZONE: optionalString.pipe(
      z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin').optional(),
    ),
    AUTH_SECRET: optionalString.pipe(
      z.string().min(AUTH_SECRET_MIN_LENGTH, `must be at least ${AUTH_SECRET_MIN_LENGTH} characters`).optional(),
    ),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    /** Where the Stripe SDK sends API calls; only tests point it at a local stand-in. */
    STRIPE_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /** Text messages (practice-loop.md section 5): `twilio`, or unset for none. */
    SMS_PROVIDER: optionalString.pipe(z.enum(['twilio'], { message: 'must be twilio, or empty for no text messages' }).optional()),
    TWILIO_ACCOUNT_SID: optionalString.pipe(z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID: AC and 32 hex digits').optional()),
    TWILIO_AUTH_TOKEN: optionalString,
    /** The clinic's sending number, in E.164 (`+14155550123`). */
    TWILIO_FROM: optionalString.pipe(z.string().regex(E164, 'must be a phone number in E.164, such as +14155550123').optional()),
    /** Where the Twilio SDK sends API calls; only tests point it at a local stand-in. */
    TWILIO_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: optionalString,
    CLINIC_INBOX: optionalString.pipe(z.email().optional()),
    /** The language of mails to a patient who chose none, and of the web for a visitor nothing else decides. */
    DEFAULT_LOCALE: optionalString.pipe(z.enum(LOCALES, { message: `must be one of ${LOCALES.join(', ')}` }).optional()),
    BOOKING_WINDOW_DAYS: z.coerce.number().int().min(1).max(730).default(90),
    /** A patient may cancel until this many hours before the start; 0: until the start; -1: never online. */
    CANCEL_NOTICE_HOURS: z.coerce.number().int().min(-1).max(720).default(24),
    /** The same for moving an appointment, counted from its current start. */
    RESCHEDULE_NOTICE_HOURS: z.coerce.number().int().min(-1).max(720).default(24),
    /** `full`: a paid booking the patient cancels in time is refunded in full; `none`: not refunded. */
    REFUND_ON_PATIENT_CANCEL: z.enum(['full', 'none'], { message: 'must be full or none' }).default('full'),
    /** The number patients are told to call when they can no longer change an appointment online. */
    CLINIC_PHONE: z.string().trim().max(40).default(''),
    /** When patients are reminded before an appointment (`24h,2h`; `''`: never); see reminder-rules.ts. */
    REMINDER_OFFSETS: z.string().default('24h,2h').transform((raw, ctx) => {
      try {
        return parseReminderOffsets(raw);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `${(error as Error).message} (a comma list such as 24h,2h; empty for none)` });
        return z.NEVER;
      }
    }),
    /** A reminder due in these hours (clinic time) is skipped, not shifted (`21:00-07:00`; `''`: none). */
    REMINDER_QUIET_HOURS: z.string().default('21:00-07:00').transform((raw, ctx) => {
      try {
        return parseQuietHours(raw);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `${(error as Error).message} (or empty for none)` });
        return z.NEVER;
      }
    }),
    /** Recall (practice-loop.md section 4): the first message this many days before the due date. */
    RECALL_LEAD_DAYS: z.coerce.number().int().min(0).max(90).default(14),
    /** Follow-ups this many days after the due date while not booked (`14,45`; `''`: none); then it lapses. */
    RECALL_FOLLOWUP_DAYS: z.string().default('14,45').transform((raw, ctx) => {
      const parts = raw.split(',').map((p) => p.trim()).filter((p) => p !== '');
      const days = parts.map(Number);
      if (days.some((d, i) => !Number.isInteger(d) || d < 1 || d > 365 || (i > 0 && d <= days[i - 1]!))) {
        ctx.addIssue({ code: 'custom', message: 'a comma list of increasing whole days between 1 and 365, such as 14,45 (empty for none)' });
        return z.NEVER;
      }
      return days;
    }),
    /** Intake (practice-loop.md section 6): patients must fill in the medical history before a visit (the admin's screen can also say so). */
    MEDICAL_HISTORY_REQUIRED: onOff,
    /** A medical history older than this many months is outdated: the patient confirms or updates it. */
    MEDICAL_HISTORY_VALID_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
    /** Check-in opens this many minutes before the start (and closes 30 minutes after it). */
    CHECKIN_OPENS_MINUTES: z.coerce.number().int().min(0).max(720).default(60),
    /** Families (practice-loop.md section 7): from this age a guardian may hand a dependent's record over to the dependent's own account. */
    DEPENDENT_HANDOVER_AGE: z.coerce.number().int().min(1).max(25).default(16),
    /** How long an erased patient's forms of attended visits are kept (10 years), then purged. */
    CLINICAL_RECORD_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(3650),
    /** Confirmed bookings nobody marked become completed this many days after they ended; 0: never (default). */
    AUTO_COMPLETE_AFTER_DAYS: z.coerce.number().int().min(0).max(365).default(0),
    /** PostgreSQL: how long start-up keeps trying to reach DATABASE_URL before it gives up. */
    DATABASE_CONNECT_RETRY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    /**
     * Server processes one `npm start` runs on one port (server-cluster.ts), the convention of the
     * platforms clinics deploy on: one Node thread is the ceiling of each. PostgreSQL only.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** The process kills itself when its main thread has not turned for this long (lib/watchdog.ts); 0: off. */
    WATCHDOG_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** PostgreSQL: the longest one statement may run before it is cancelled (a request then gets 503). */
    DATABASE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** How long a waitlist offer may be claimed. */
    WAITLIST_OFFER_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
    /** How many waiting patients are offered one freed time at once. */
    WAITLIST_BATCH_SIZE: z.coerce.number().int().min(1).max(20).default(3),
    /** Active waitlist entries one patient may hold. */
    WAITLIST_MAX_ENTRIES: z.coerce.number().int().min(1).max(20).default(3),
    /** `booking`: an unverified email may not book; `none`. Default: booking when SMTP_URL is set. */
    REQUIRE_EMAIL_VERIFICATION: optionalString.pipe(
      z
        .enum(['none', 'booking', 'off', 'on', 'false', 'true'], { message: 'must be none or booking (or on/off)' })
        .transform((v) => (v === 'on' || v === 'true' || v === 'booking' ? 'booking' : 'none'))
        .optional(),
    ),
    SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    MAX_ACTIVE_BOOKINGS: z.coerce.number().int().min(1).max(1000).default(10),
    BOOKING_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /** How long an erased patient's paid or attended bookings keep who they were (10 years). */
    PATIENT_DATA_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(3650),
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(300),
    AUTH_RATE_LIMIT_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
    AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    AUTH_RATE_LIMIT_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
    TRUST_PROXY: optionalString.pipe(z.string().transform(parseTrustProxy).optional()),
    /** Every staff role's powers need two-step sign-in. Off by default. */
    REQUIRE_STAFF_2FA: onOff,
    /** The old name of REQUIRE_STAFF_2FA, still accepted (REQUIRE_STAFF_2FA wins when both are set). */
    REQUIRE_ADMIN_2FA: onOff,
    /**
     * The measured shortcuts (FastPath below). Off, every request takes the plain path: a way to
     * tell a shortcut's fault from the rule's, and how the test suite proves both agree. A comma
     * list turns on only those named (how the benchmarks measure each).
     */
    FAST_PATHS: optionalString.pipe(z.string().transform(parseFastPaths).optional()),
    /** Where backups of the embedded database go (default DATA_DIR/backups; README, "Backups"). */
    BACKUP_DIR: optionalString,
    /** Scheduled backups of the embedded database every this many hours; 0: none. */
    BACKUP_INTERVAL_HOURS: z.coerce.number().int().min(0).max(8760).default(24),
    /** How many archives BACKUP_DIR keeps after each backup, the oldest deleted; 0: all kept. */
    BACKUP_KEEP: z.coerce.number().int().min(0).max(100_000).default(14),
    /** Embedded database: free megabytes under DATA_DIR or BACKUP_DIR below which the server warns; 0: never. */
    DISK_WARN_MB: z.coerce.number().int().min(0).max(10_000_000).default(DEFAULT_DISK_WARN_MB),
    /** Embedded database: free megabytes under DATA_DIR below which writes are refused (503 disk_full); 0: never. */
    DISK_STOP_MB: z.coerce
      .number()
      .int()
      .min(0)
      .max(10_000_000)
      .refine((mb) => mb === 0 || mb >= MIN_DISK_STOP_MB, `must be 0 (off) or at least ${MIN_DISK_STOP_MB}: one 16 MB WAL segment must always fit`)
      .default(DEFAULT_DISK_STOP_MB),
    /**
     * Bearer token a Prometheus scraper sends for GET /metrics. Unset: only this machine may read
     * them, and only when TRUST_PROXY is unset and HOST is a loopback address (else /metrics is 404).
     */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    /** On SIGTERM: how long requests in flight may take to finish before their connections are cut. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: optionalString,
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'is required when DATABASE_URL is set (every instance must share it)',
      });
    }
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message:
          `is ${env.WEB_CONCURRENCY}, but the embedded database takes one process per DATA_DIR (a second one would lose writes). ` +
          'Set DATABASE_URL to a PostgreSQL database to run more than one, or unset WEB_CONCURRENCY',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together',
      });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_PUBLISHABLE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.STRIPE_SECRET_KEY ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together',
      });
    }
    if (env.SMS_PROVIDER === 'twilio') {
      for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when SMS_PROVIDER is twilio' });
      }
    }
    if (env.DISK_WARN_MB > 0 && env.DISK_STOP_MB > 0 && env.DISK_WARN_MB <= env.DISK_STOP_MB) {
      ctx.addIssue({
        code: 'custom',
        path: ['DISK_WARN_MB'],
        message: `must be above DISK_STOP_MB (${env.DISK_STOP_MB}), or 0 (no warning)`,
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  /** `memory://` keeps PGlite in memory (tests); otherwise a directory. */
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };
  publicUrl: string;
  trustedOrigins: string[];
  admin?: { email: string; password: string };
  clinicTimeZone: string;
  /** DEFAULT_LOCALE: a patient's language until they choose one (practice-loop.md section 9). */
  defaultLocale: Locale;
  authSecret: string;
  google?: { clientId: string; clientSecret: string; issuer: string };
  stripe?: { secretKey: string; publishableKey: string; webhookSecret?: string; apiUrl?: string };
  mail: { smtpUrl?: string; from: string; clinicInbox?: string };
  /** Text messages, when SMS_PROVIDER is set: Twilio's account, its auth token and the sending number. */
  sms?: { provider: 'twilio'; accountSid: string; authToken: string; from: string; apiUrl?: string };
  bookingWindowDays: number;
  /** Patients' own changes: hours of notice (0 none, -1 never online), refund policy, the phone to call. */
  lifecycle: { cancelNoticeHours: number; rescheduleNoticeHours: number; refundOnPatientCancel: 'full' | 'none'; clinicPhone: string };
  /** Reminders before appointments: the offsets and the quiet hours (design section 5.4). */
  reminders: { offsets: ReminderOffset[]; quietHours: QuietHours | null };
  /** Recall messages: days before the due date, days after it (RECALL_LEAD_DAYS, RECALL_FOLLOWUP_DAYS). */
  recall: { leadDays: number; followupDays: number[] };
  /** Intake and check-in (practice-loop.md section 6). */
  intake: { historyRequired: boolean; historyValidMonths: number; checkInOpensMinutes: number; clinicalRetentionDays: number };
  /** DEPENDENT_HANDOVER_AGE. */
  dependentHandoverAge: number;
  /** PostgreSQL: seconds start-up retries the first connection (DATABASE_CONNECT_RETRY_SECONDS). */
  databaseConnectRetrySeconds: number;
  /** Seconds of a main thread that does not turn before the process exits (WATCHDOG_SECONDS; 0 off). */
  watchdogSeconds: number;
  /** Server processes on one port (WEB_CONCURRENCY; more than one on PostgreSQL only). */
  webConcurrency: number;
  /** PostgreSQL: statement timeout in seconds (DATABASE_TIMEOUT_SECONDS). */
  databaseTimeoutSeconds: number;
  /** Days after which unmarked past bookings are marked completed; 0: never. */
  autoCompleteAfterDays: number;
  /** The waitlist (design section 5.5). */
  waitlist: { offerMinutes: number; batchSize: number; maxEntries: number };
  /** Whether a patient must verify the email address before booking. */
  requireEmailVerification: 'none' | 'booking';
  /** A session ends this many days after sign-in, however recently it was used. */
  sessionMaxAgeDays: number;
  /** Upcoming active bookings one patient may hold at once. */
  maxActiveBookings: number;
  /** Booking requests one account may send per minute (a loose guard against scripted filling). */
  bookingRateLimitPerMinute: number;
  /** Days the identity behind an erased account's kept bookings is retained, then purged. */
  patientDataRetentionDays: number;
  authRateLimit: {
    /** Sign-in and sign-up attempts per client address per window, successes included. */
    perIp: number;
    /** Failed attempts per client address per window. */
    failuresPerIp: number;
    /** Failed sign-ins of one account before each further attempt waits a growing delay. */
    perAccount: number;
    /** The longest of those delays. */
    maxDelaySeconds: number;
    windowSeconds: number;
  };
  /** Fastify's `trustProxy`: which proxies may tell the client's address (X-Forwarded-For). */
  trustProxy: TrustProxy;
  /**
   * REQUIRE_STAFF_2FA (or its old name REQUIRE_ADMIN_2FA): a staff role's powers only with
   * two-step sign-in; its routes answer 403 two_factor_required otherwise.
   */
  requireStaffTwoFactor: boolean;
  /** FAST_PATHS: the measured shortcuts that are on (all by default). */
  fastPaths: ReadonlySet<FastPath>;
  /** Backups of the embedded database (modules/backup): BACKUP_DIR, BACKUP_INTERVAL_HOURS, BACKUP_KEEP. */
  backup: BackupConfig;
  /** Free-space watermarks of the embedded database (DISK_WARN_MB, DISK_STOP_MB; 0 off); off on PostgreSQL. */
  disk: { warnMb: number; stopMb: number };
  /** METRICS_TOKEN: GET /metrics wants it as a Bearer token; unset, loopback callers only, and off behind a proxy or beyond loopback. */
  metricsToken?: string;
  /** SHUTDOWN_GRACE_SECONDS: the drain's bound on SIGTERM. */
  shutdownGraceSeconds: number;
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The secret signing sessions: from AUTH_SECRET, else generated once into DATA_DIR. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    // Nobody else may read DATA_DIR: db/data-dir-permissions.ts.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  }
  if (secret.length < AUTH_SECRET_MIN_LENGTH) {
    throw new ConfigError(
      `Invalid configuration:\n  ${file}: the generated auth secret must be at least ` +
        `${AUTH_SECRET_MIN_LENGTH} characters, and this one has ${secret.length}. Delete the file to ` +
        'have a new one generated (everyone is signed out), or set AUTH_SECRET.',
    );
  }
  return secret;
}

export interface BackupConfig {
  dir: string;
  /** 0: no scheduled backups. */
  intervalHours: number;
  /** 0: rotation keeps every archive. */
  keep: number;
}

function databaseOf(url: string | undefined, dataDir: string): Config['database'] {
  return url ? { kind: 'postgres', url } : { kind: 'pglite', dir: path.join(dataDir, 'pglite') };
}

function backupOf(env: Pick<Env, 'BACKUP_DIR' | 'BACKUP_INTERVAL_HOURS' | 'BACKUP_KEEP'>, dataDir: string): BackupConfig {
  return {
    dir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    intervalHours: env.BACKUP_INTERVAL_HOURS,
    keep: env.BACKUP_KEEP,
  };
}

/**
 * What `npm run backup` and `npm run restore` read: the same variables, validated by the same
 * rules as the server's, but nothing else, and nothing generated (no auth secret in DATA_DIR).
 */
export function loadBackupConfig(source: NodeJS.ProcessEnv = process.env): Pick<Config, 'dataDir' | 'database' | 'backup'> {
  const { DATA_DIR, DATABASE_URL, BACKUP_DIR, BACKUP_INTERVAL_HOURS, BACKUP_KEEP } = envSchema.shape;
  const parsed = z.object({ DATA_DIR, DATABASE_URL, BACKUP_DIR, BACKUP_INTERVAL_HOURS, BACKUP_KEEP }).safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return { dataDir, database: databaseOf(parsed.data.DATABASE_URL, dataDir), backup: backupOf(parsed.data, dataDir) };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const variable = issue.path.join('.') || '(environment)';
      return `${variable}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/$/, '');
  const origin = new URL(publicUrl).origin;
  // A loopback server is reached as localhost as often as 127.0.0.1: trust both spellings.
  const trustedOrigins = [origin];
  const url = new URL(origin);
  if (url.hostname === '127.0.0.1') trustedOrigins.push(origin.replace('127.0.0.1', 'localhost'));
  if (url.hostname === 'localhost') trustedOrigins.push(origin.replace('localhost', '127.0.0.1'));

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: databaseOf(env.DATABASE_URL, dataDir),
    publicUrl,
    trustedOrigins,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD
      ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD }
      : undefined,
    clinicTimeZone: env.CLINIC_TIMEZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    defaultLocale: env.DEFAULT_LOCALE ?? 'en',
    authSecret: env.AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    google: env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER }
      : undefined,
    stripe: env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiUrl: env.STRIPE_API_URL,
        }
      : undefined,
    sms:
      env.SMS_PROVIDER === 'twilio' && env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? { provider: 'twilio', accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM, apiUrl: env.TWILIO_API_URL }
        : undefined,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `Doctors Portal <no-reply@${new URL(publicUrl).hostname}>`,
      clinicInbox: env.CLINIC_INBOX?.toLowerCase(),
    },
    bookingWindowDays: env.BOOKING_WINDOW_DAYS,
    lifecycle: {
      cancelNoticeHours: env.CANCEL_NOTICE_HOURS,
      rescheduleNoticeHours: env.RESCHEDULE_NOTICE_HOURS,
      refundOnPatientCancel: env.REFUND_ON_PATIENT_CANCEL,
      clinicPhone: env.CLINIC_PHONE,
    },
    reminders: { offsets: env.REMINDER_OFFSETS, quietHours: env.REMINDER_QUIET_HOURS },
    recall: { leadDays: env.RECALL_LEAD_DAYS, followupDays: env.RECALL_FOLLOWUP_DAYS },
    intake: {
      historyRequired: env.MEDICAL_HISTORY_REQUIRED ?? false,
      historyValidMonths: env.MEDICAL_HISTORY_VALID_MONTHS,
      checkInOpensMinutes: env.CHECKIN_OPENS_MINUTES,
      clinicalRetentionDays: env.CLINICAL_RECORD_RETENTION_DAYS,
    },
    dependentHandoverAge: env.DEPENDENT_HANDOVER_AGE,
    autoCompleteAfterDays: env.AUTO_COMPLETE_AFTER_DAYS,
    databaseConnectRetrySeconds: env.DATABASE_CONNECT_RETRY_SECONDS,
    databaseTimeoutSeconds: env.DATABASE_TIMEOUT_SECONDS,
    watchdogSeconds: env.WATCHDOG_SECONDS,
    webConcurrency: env.WEB_CONCURRENCY,
    waitlist: { offerMinutes: env.WAITLIST_OFFER_MINUTES, batchSize: env.WAITLIST_BATCH_SIZE, maxEntries: env.WAITLIST_MAX_ENTRIES },
    // Without a mail server no verification mail can arrive: a gate would lock every new patient out.
    requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION ?? (env.SMTP_URL ? 'booking' : 'none'),
    sessionMaxAgeDays: env.SESSION_MAX_AGE_DAYS,
    maxActiveBookings: env.MAX_ACTIVE_BOOKINGS,
    bookingRateLimitPerMinute: env.BOOKING_RATE_LIMIT_PER_MINUTE,
    patientDataRetentionDays: env.PATIENT_DATA_RETENTION_DAYS,
    authRateLimit: {
      perIp: env.AUTH_RATE_LIMIT_PER_IP,
      failuresPerIp: env.AUTH_RATE_LIMIT_FAILURES_PER_IP,
      perAccount: env.AUTH_RATE_LIMIT_PER_ACCOUNT,
      maxDelaySeconds: env.AUTH_RATE_LIMIT_MAX_DELAY_SECONDS,
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
    trustProxy: env.TRUST_PROXY ?? false,
    requireStaffTwoFactor: env.REQUIRE_STAFF_2FA ?? env.REQUIRE_ADMIN_2FA ?? false,
    fastPaths: env.FAST_PATHS ?? new Set(FAST_PATH_NAMES),
    backup: backupOf(env, dataDir),
    disk: { warnMb: env.DISK_WARN_MB, stopMb: env.DISK_STOP_MB },
    metricsToken: env.METRICS_TOKEN,
    shutdownGraceSeconds: env.SHUTDOWN_GRACE_SECONDS,
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(SERVER_ROOT, '../web/dist')),
  };
}
