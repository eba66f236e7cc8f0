import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'clinic-config-'));

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.database).toEqual({ kind: 'pglite', dir: path.join(dir, 'pglite') });
    expect(config.trustedOrigins).toEqual(['http://127.0.0.1:3000', 'http://localhost:3000']);
    expect(config.bookingWindowDays).toBe(90);
    expect(config.google).toBeUndefined();
  });

  it('requires a verified email for booking only when mail can arrive, unless told otherwise', () => {
    const smtp = 'smtp://127.0.0.1:2525';
    expect(loadConfig({ DATA_DIR: dataDir() }).requireEmailVerification).toBe('none');
    expect(loadConfig({ DATA_DIR: dataDir(), SMTP_URL: smtp }).requireEmailVerification).toBe('booking');
    expect(loadConfig({ DATA_DIR: dataDir(), SMTP_URL: smtp, REQUIRE_EMAIL_VERIFICATION: 'off' }).requireEmailVerification).toBe('none');
    expect(loadConfig({ DATA_DIR: dataDir(), REQUIRE_EMAIL_VERIFICATION: 'booking' }).requireEmailVerification).toBe('booking');
    expect(() => loadConfig({ DATA_DIR: dataDir(), REQUIRE_EMAIL_VERIFICATION: 'always' })).toThrow(/REQUIRE_EMAIL_VERIFICATION: must be none or booking/);
  });

  it('speaks English to patients unless DEFAULT_LOCALE names another of the languages', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).defaultLocale).toBe('en');
    expect(loadConfig({ DATA_DIR: dataDir(), DEFAULT_LOCALE: '' }).defaultLocale).toBe('en');
    expect(loadConfig({ DATA_DIR: dataDir(), DEFAULT_LOCALE: 'de' }).defaultLocale).toBe('de');
    expect(() => loadConfig({ DATA_DIR: dataDir(), DEFAULT_LOCALE: 'en-US' })).toThrow(/^\s+DEFAULT_LOCALE: must be one of en, es, de$/m);
  });

  it('runs one server process unless WEB_CONCURRENCY asks for more, which only PostgreSQL allows', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    const postgres = { DATA_DIR: dataDir(), DATABASE_URL: 'postgres://clinic@db/clinic', AUTH_SECRET: 'a-shared-secret-a-shared-secret-0123' };
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
    expect(() => loadConfig({ DATA_DIR: dataDir(), WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY: is 2, but the embedded database takes one process per DATA_DIR/);
    expect(() => loadConfig({ ...postgres, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ ...postgres, WEB_CONCURRENCY: 'two' })).toThrow(/WEB_CONCURRENCY/);
  });

  it('generates the auth secret once into DATA_DIR and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
  });

  it('creates DATA_DIR and the secret file for its owner only', () => {
    const dir = path.join(dataDir(), 'new-data');
    loadConfig({ DATA_DIR: dir });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
  });

  it.each([['a short secret', 'short-secret'], ['an empty file', '\n']])(
    'stops when the auth-secret file holds %s, saying what to do',
    (_case, content) => {
      const dir = dataDir();
      writeFileSync(path.join(dir, 'auth-secret'), content, { mode: 0o600 });
      const run = () => loadConfig({ DATA_DIR: dir });
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(/auth-secret: the generated auth secret must be at least 32 characters/);
      expect(run).toThrow(/Delete the file .* or set AUTH_SECRET/);
    },
  );

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://db/clinic' }, 'AUTH_SECRET'],
    [{ CLINIC_TIMEZONE: 'Mars/Olympus' }, 'CLINIC_TIMEZONE'],
    [{ DEFAULT_LOCALE: 'fr' }, 'DEFAULT_LOCALE'],
    [{ ADMIN_EMAIL: 'boss@clinic.test' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
    [{ GOOGLE_CLIENT_ID: 'abc' }, 'GOOGLE_CLIENT_SECRET'],
    [{ PUBLIC_URL: 'ftp://clinic' }, 'PUBLIC_URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ AUTH_SECRET: 'x'.repeat(31) }, 'AUTH_SECRET'],
  ])('stops on %j naming %s', (env, variable) => {
    const run = () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(new RegExp(`^Invalid configuration:\\n\\s+${variable}: `, 'm'));
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
  });

  it.each([
    ['false', false],
    ['true', true],
    ['TRUE', true],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    [' 10.0.0.0/8, 192.168.1.7 ,::1 , fd00::/8,loopback', ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8', 'loopback']],
  ])('reads %j', (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes', '10.0.0.1/33', 'proxy.example', '10.0.0.1,,nope', '::1/129', '-1'])('stops on %j', (value) => {
    const run = () => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value });
    expect(run).toThrow(/^\s+TRUST_PROXY: /m);
  });
});

describe('sign-in limits', () => {
  it('let 60 patients behind one address sign in within a minute by default', () => {
    const limits = loadConfig({ DATA_DIR: dataDir() }).authRateLimit;
    expect(limits.perIp).toBeGreaterThanOrEqual(60);
    expect(limits).toEqual({ perIp: 300, failuresPerIp: 50, perAccount: 5, maxDelaySeconds: 300, windowSeconds: 600 });
  });
});

describe('REQUIRE_STAFF_2FA', () => {
  it('is off by default, and takes true/false or on/off', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).requireStaffTwoFactor).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), REQUIRE_STAFF_2FA: 'true' }).requireStaffTwoFactor).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), REQUIRE_STAFF_2FA: 'on' }).requireStaffTwoFactor).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), REQUIRE_STAFF_2FA: 'false' }).requireStaffTwoFactor).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir(), REQUIRE_STAFF_2FA: 'yes please' })).toThrow(/REQUIRE_STAFF_2FA: must be true or false/);
  });

  it('still takes its old name, REQUIRE_ADMIN_2FA; the new name wins when both are set', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), REQUIRE_ADMIN_2FA: 'true' }).requireStaffTwoFactor).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), REQUIRE_ADMIN_2FA: 'on' }).requireStaffTwoFactor).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), REQUIRE_ADMIN_2FA: 'false' }).requireStaffTwoFactor).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), REQUIRE_ADMIN_2FA: 'true', REQUIRE_STAFF_2FA: 'false' }).requireStaffTwoFactor).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir(), REQUIRE_ADMIN_2FA: 'yes please' })).toThrow(/REQUIRE_ADMIN_2FA: must be true or false/);
  });
});

describe('FAST_PATHS', () => {
  const on = (value?: string) =>
    [...loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { FAST_PATHS: value }) }).fastPaths].sort();

  it('turns every shortcut on by default, and takes on/off or a comma list of names', () => {
    const all = ['available-bytes', 'bearer', 'group-commit', 'known-holders', 'pglite-yield'];
    expect(on()).toEqual(all);
    expect(on('on')).toEqual(all);
    expect(on('off')).toEqual([]);
    expect(on('false')).toEqual([]);
    expect(on('known-holders, bearer')).toEqual(['bearer', 'known-holders']);
    expect(() => on('bearer,warp-drive')).toThrow(/FAST_PATHS: must be on, off, or a comma list of bearer, group-commit/);
    expect(() => on(',')).toThrow(/FAST_PATHS/);
  });
});

describe('PATIENT_DATA_RETENTION_DAYS', () => {
  it('keeps an erased patient\'s retained identity 10 years by default, and takes whole days', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).patientDataRetentionDays).toBe(3650);
    expect(loadConfig({ DATA_DIR: dataDir(), PATIENT_DATA_RETENTION_DAYS: '2190' }).patientDataRetentionDays).toBe(2190);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PATIENT_DATA_RETENTION_DAYS: '0' })).toThrow(/PATIENT_DATA_RETENTION_DAYS/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PATIENT_DATA_RETENTION_DAYS: 'ten years' })).toThrow(/PATIENT_DATA_RETENTION_DAYS/);
  });
});

describe('reminders and the waitlist', () => {
  it('remind 24 h and 2 h before, quiet 21:00-07:00, and offer 30 minutes to 3 patients, by default', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.reminders.offsets.map((o) => o.label)).toEqual(['24h', '2h']);
    expect(config.reminders.quietHours).toEqual({ start: 21 * 60, end: 7 * 60 });
    expect(config.waitlist).toEqual({ offerMinutes: 30, batchSize: 3, maxEntries: 3 });
  });

  it('take empty for none, and stop start-up naming the setting for anything else', () => {
    const none = loadConfig({ DATA_DIR: dataDir(), REMINDER_OFFSETS: '', REMINDER_QUIET_HOURS: '' });
    expect(none.reminders).toEqual({ offsets: [], quietHours: null });
    expect(() => loadConfig({ DATA_DIR: dataDir(), REMINDER_OFFSETS: '24h,1week' })).toThrow(/REMINDER_OFFSETS: "1week" is not an offset/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), REMINDER_QUIET_HOURS: '9pm-7am' })).toThrow(/REMINDER_QUIET_HOURS: "9pm-7am" is not a range/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), WAITLIST_BATCH_SIZE: '0' })).toThrow(ConfigError);
  });
});

describe('DATABASE_URL', () => {
  it('takes a TCP or a Unix-socket PostgreSQL URL, and nothing else', () => {
    const base = { DATA_DIR: dataDir(), AUTH_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://clinic:pw@db.internal:5432/clinic' }).database.kind).toBe('postgres');
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://clinic@/clinic?host=%2Frun%2Fpostgresql' }).database.kind).toBe('postgres');
    expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://db/clinic' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'postgres://' })).toThrow(/DATABASE_URL/);
  });
});

describe('METRICS_TOKEN and SHUTDOWN_GRACE_SECONDS', () => {
  it('serve metrics to this machine only and give requests 10 s to finish, by default', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.metricsToken).toBeUndefined();
    expect(config.shutdownGraceSeconds).toBe(10);
  });

  it('take a token of 16 characters or more and whole seconds, and stop start-up naming the setting otherwise', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'a-long-enough-token', SHUTDOWN_GRACE_SECONDS: '30' });
    expect(config).toMatchObject({ metricsToken: 'a-long-enough-token', shutdownGraceSeconds: 30 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_GRACE_SECONDS: '2.5' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
  });
});

describe('DISK_WARN_MB and DISK_STOP_MB', () => {
  it('warn below room for 8 WAL segments and a tenth, and stop writes below room for 3, by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).disk).toEqual({ warnMb: 141, stopMb: 48 });
  });

  it('take whole megabytes, 0 for off, and stop start-up naming the setting otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DISK_WARN_MB: '500', DISK_STOP_MB: '100' }).disk).toEqual({ warnMb: 500, stopMb: 100 });
    expect(loadConfig({ DATA_DIR: dataDir(), DISK_WARN_MB: '0', DISK_STOP_MB: '0' }).disk).toEqual({ warnMb: 0, stopMb: 0 });
    expect(loadConfig({ DATA_DIR: dataDir(), DISK_WARN_MB: '0', DISK_STOP_MB: '17' }).disk).toEqual({ warnMb: 0, stopMb: 17 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), DISK_STOP_MB: '16' })).toThrow(/DISK_STOP_MB: must be 0 \(off\) or at least 17/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DISK_STOP_MB: '-1' })).toThrow(/DISK_STOP_MB/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DISK_WARN_MB: '1.5' })).toThrow(/DISK_WARN_MB/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DISK_WARN_MB: 'lots' })).toThrow(/DISK_WARN_MB/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DISK_WARN_MB: '48' })).toThrow(/DISK_WARN_MB: must be above DISK_STOP_MB \(48\), or 0/);
  });
});

describe('text messages', () => {
  const sid = `AC${'ab'.repeat(16)}`;
  it('are off by default, and on with Twilio’s account, token and sending number', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).sms).toBeUndefined();
    const on = loadConfig({ DATA_DIR: dataDir(), SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+15550009999' });
    expect(on.sms).toEqual({ provider: 'twilio', accountSid: sid, authToken: 'token', from: '+15550009999', apiUrl: undefined });
  });

  it('stop start-up naming what is missing or malformed', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID: is required when SMS_PROVIDER is twilio/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_PROVIDER: 'pigeon' })).toThrow(/SMS_PROVIDER: must be twilio, or empty/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '555 0100' })).toThrow(
      /TWILIO_FROM: must be a phone number in E.164/,
    );
  });
});
