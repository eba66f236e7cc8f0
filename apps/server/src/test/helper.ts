/**
 * Builds the real app for integration tests, on the database the vitest project names:
 * PGlite in memory (`api-pglite`) or a fresh database on the run's PostgreSQL (`api-postgres`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { addDays, slotEndMinutes, slotStartMinutes, type Booking, type BookingRequest, type IsoDate, type TreatmentAvailability } from '@clinic/shared';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { instantOf } from '../lib/clinic-time.ts';
import { createMailService } from '../modules/mail/mail.service.ts';
import { insertSignedInPatients } from './patients.ts';
import { pgliteTemplate } from './pglite-template.ts';
import { quickPasswordHasher } from './quick-password-hasher.ts';

export { insertSignedInPatients, quickPasswordHasher };

/** The app's mail service for a test that builds a service of its own (mail goes to the outbox). */
export function testMailService(config: Config) {
  return createMailService({
    clinicInbox: config.mail.clinicInbox,
    fromAddress: config.mail.from,
    timeZone: config.clinicTimeZone,
    publicUrl: config.publicUrl,
    now: () => new Date(),
  });
}

export const testDb = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

let databaseCounter = 0;
export async function freshPostgresDatabase(): Promise<string> {
  const adminUrl = inject('postgresUrl');
  const name = `t_${process.pid}_${Date.now()}_${databaseCounter++}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Db;
  origin: string;
  close(): Promise<void>;
}

/**
 * A database that outlives one app, for tests of what a restart sees: a DATA_DIR on disk (PGlite
 * there, not in memory) and, on PostgreSQL, one database. `remove()` deletes the directory.
 */
export interface TestStorage {
  dataDir: string;
  databaseUrl?: string;
  remove(): void;
}

export async function createTestStorage(): Promise<TestStorage> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-test-'));
  const databaseUrl = testDb === 'postgres' ? await freshPostgresDatabase() : undefined;
  return { dataDir, databaseUrl, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

export async function buildTestApp(
  env: Record<string, string> = {},
  { storage, ...options }: Pick<import('../app.ts').BuildOptions, 'now' | 'outbox' | 'logger' | 'jobs' | 'disk'> & { storage?: TestStorage } = {},
): Promise<TestApp> {
  const dataDir = storage?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'clinic-test-'));
  const databaseUrl = testDb === 'postgres' ? (storage?.databaseUrl ?? (await freshPostgresDatabase())) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1:3000',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    CLINIC_TIMEZONE: 'UTC',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // The vitest project that runs the suites with the shortcuts off sets it.
    ...(process.env.FAST_PATHS ? { FAST_PATHS: process.env.FAST_PATHS } : {}),
    ...env,
  });
  const inMemory = config.database.kind === 'pglite' && !storage;
  if (inMemory) config.database = { kind: 'pglite', dir: 'memory://' };
  const app = await buildApp(config, {
    logger: false,
    passwordHasher: quickPasswordHasher,
    ...(inMemory ? { pgliteTemplate: await pgliteTemplate(config.clinicTimeZone) } : {}),
    ...options,
  });
  return {
    app,
    config,
    db: app.database.db,
    origin: 'http://127.0.0.1:3000',
    async close() {
      await app.close();
      if (!storage) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A signed-up patient (or admin) with the cookie and the spec's access token. */
export interface TestUser {
  email: string;
  name: string;
  password: string;
  cookie: string;
  token: string;
}

let userCounter = 0;
export async function signUp(
  t: TestApp,
  overrides: Partial<Pick<TestUser, 'email' | 'name' | 'password'>> = {},
): Promise<TestUser> {
  const n = userCounter++;
  const email = overrides.email ?? `patient${n}-${Date.now()}@example.com`;
  const name = overrides.name ?? `Patient ${n}`;
  const password = overrides.password ?? 'secret123';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: t.origin },
    payload: { name, email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { email: email.toLowerCase(), name, password, ...(await exchangeToken(t, res, email)) };
}

export async function signIn(t: TestApp, email: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: t.origin },
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return exchangeToken(t, res, email);
}

async function exchangeToken(
  t: TestApp,
  authResponse: Awaited<ReturnType<FastifyInstance['inject']>>,
  email: string,
) {
  const setCookie = authResponse.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email.toLowerCase())}`,
    headers: { cookie, origin: t.origin },
    payload: { email: email.toLowerCase() },
  });
  if (res.statusCode !== 200) throw new Error(`token step failed: ${res.statusCode} ${res.body}`);
  return { cookie, token: res.json<{ token: string }>().token };
}

export function bearer(user: { token: string }): InjectOptions['headers'] {
  return { authorization: `Bearer ${user.token}` };
}

export function createSignedInPatients(t: TestApp, count: number, prefix = 'racer') {
  return insertSignedInPatients(t.db, t.config.authSecret, count, prefix);
}

/** GET /api/available for `date`: every treatment with its free slots, in the catalogue's order. */
export async function treatmentsOn(t: TestApp, date: IsoDate): Promise<TreatmentAvailability[]> {
  const res = await t.app.inject(`/api/available?date=${encodeURIComponent(date)}`);
  if (res.statusCode !== 200) throw new Error(`available failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

let daysGiven = 0;

/**
 * Starts a test file's own counts. The integration projects run their files one after another in
 * a worker that keeps its modules (`isolate: false`), so this module's state would otherwise carry
 * over from the files before; `file-setup.ts` calls it before each file.
 */
export function startTestFile(): void {
  daysGiven = 0;
}
/**
 * A day no other test of the file books on, so that a test sees only its own bookings there: the
 * next day from `first` on at each call. Keep dates written into tests before the default, which
 * lies inside the booking window of the usual pinned clock (2030-06-05 + 90 days: 2030-09-03).
 */
export function unusedDay(first: IsoDate = '2030-08-01'): IsoDate {
  return addDays(first, daysGiven++);
}

/** A booking made through POST /api/booking, as the patient's browser makes it; anything but 201 fails. */
export async function createBooking(t: TestApp, user: { token: string }, request: BookingRequest): Promise<Booking> {
  const res = await t.app.inject({ method: 'POST', url: '/api/booking', headers: bearer(user), payload: request });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json<{ booking: Booking }>().booking;
}

/**
 * The times a booking row needs besides its slot label, for tests that write rows directly (a
 * visit in the past, another instance's booking): a 30-minute slot, instants in `timeZone`.
 */
export function slotTimes(date: IsoDate, slot: string, timeZone = 'UTC') {
  const startMin = slotStartMinutes(slot)!;
  const endMin = slotEndMinutes(slot) ?? startMin + 30;
  return { startMin, endMin, startsAt: instantOf(date, startMin, timeZone), endsAt: instantOf(date, endMin, timeZone) };
}
