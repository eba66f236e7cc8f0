/**
 * First run and the clinic profile (design practice-loop.md section 10): without ADMIN_EMAIL the
 * install is set up once from the token the server logs; the profile is public, its opening
 * hours follow the schedule, the owner edits it (audited) and its zone is the clinic's from the
 * next start.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClinicProfile } from '@clinic/shared';
import { auditLog, clinicProfile, users } from '../../db/schema.ts';
import { bearer, buildTestApp, createTestStorage, signIn, signUp, testDb, type TestApp, type TestStorage } from '../../test/helper.ts';

const OWNER = { name: 'Olivia Owner', email: 'olivia@smile.test', password: 'correct-horse-battery-41' };
const CLINIC = { name: 'Smile Dental', timezone: 'Europe/Berlin', phone: '+49 30 1234567', address: 'Hauptstraße 1, Berlin' };
const tokenOf = async (t: TestApp) => (await t.db.select({ token: clinicProfile.setupToken }).from(clinicProfile))[0]?.token ?? null;
const setup = (t: TestApp, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/setup', payload: body });

describe('first-run setup', () => {
  let storage: TestStorage;
  let t: TestApp;
  beforeAll(async () => {
    storage = await createTestStorage();
    t = await buildTestApp({ CLINIC_TIMEZONE: 'UTC' }, { storage, jobs: { autoStart: false } });
  });
  afterAll(async () => {
    await t.close();
    storage.remove();
  });

  it('is open with a token made at start-up; the public profile shows a fresh install: nothing set, hours from the schedule', async () => {
    expect((await t.app.inject('/api/setup')).json()).toEqual({ needed: true });
    expect(await tokenOf(t)).toMatch(/^[\w-]{32}$/);
    const profile = (await t.app.inject('/api/clinic')).json<ClinicProfile>();
    // A fresh install opens every day 08:00-12:00 and 13:00-17:00: what the calendar offers.
    expect(profile).toEqual({
      name: '', phone: '', email: '', address: '', timezone: 'UTC', chosenTimezone: null, about: '', privacyPolicy: '', terms: '',
      openingHours: [{ days: 'Mon–Sun', hours: ['08:00–12:00', '13:00–17:00'] }],
    });
  });

  it('refuses a wrong token (403) and a bad form (400 per field), creating nothing', async () => {
    const wrong = await setup(t, { token: 'not-the-token', admin: OWNER, clinic: CLINIC });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().detail).toMatch(/setup link is not valid/);
    const bad = await setup(t, { token: await tokenOf(t), admin: { ...OWNER, email: 'nope' }, clinic: { ...CLINIC, timezone: 'Mars/Olympus' } });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.$count(users)).toBe(0);
  });

  it('makes the owner (an admin, verified, able to sign in) and the profile once; then setup is gone', async () => {
    const res = await setup(t, { token: await tokenOf(t), admin: OWNER, clinic: CLINIC });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email: OWNER.email });
    const [owner] = await t.db.select().from(users).where(eq(users.email, OWNER.email));
    expect(owner).toMatchObject({ role: 'admin', emailVerified: true, name: OWNER.name });
    const signedIn = await signIn(t, OWNER.email, OWNER.password);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(signedIn) })).statusCode).toBe(200);
    expect(await tokenOf(t)).toBeNull();

    expect((await t.app.inject('/api/setup')).statusCode).toBe(404);
    expect((await setup(t, { token: 'anything', admin: { ...OWNER, email: 'second@smile.test' }, clinic: CLINIC })).statusCode).toBe(404);
    expect(await t.db.$count(users, eq(users.role, 'admin'))).toBe(1);
    const profile = (await t.app.inject('/api/clinic')).json<ClinicProfile>();
    expect(profile).toMatchObject({ name: 'Smile Dental', phone: '+49 30 1234567', address: 'Hauptstraße 1, Berlin', email: '' });
    // The zone chosen applies from the next start (the running services keep theirs); the
    // profile says which was chosen, so the owner's form keeps it.
    expect(profile.timezone).toBe('UTC');
    expect(profile.chosenTimezone).toBe('Europe/Berlin');
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'clinic.setup'));
    expect(audit).toMatchObject({ actorEmail: OWNER.email, target: 'clinic' });
  });

  it('lets the owner edit the profile (audited, validated, not for patients), its hours following the schedule', async () => {
    const owner = await signIn(t, OWNER.email, OWNER.password);
    const patient = await signUp(t);
    const body = { ...CLINIC, email: 'desk@smile.test', about: 'Family dentistry since 1990.', privacyPolicy: 'We keep your data safe.\n\nAsk us anything.', terms: '' };
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/clinic', headers: bearer(patient), payload: body })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/clinic', headers: bearer(owner), payload: { ...body, name: '' } })).statusCode).toBe(400);
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/clinic', headers: bearer(owner), payload: body });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ email: 'desk@smile.test', about: 'Family dentistry since 1990.', privacyPolicy: 'We keep your data safe.\n\nAsk us anything.' });
    expect(await t.db.$count(auditLog, eq(auditLog.action, 'clinic.profile'))).toBe(1);

    // Weekdays 09:00-17:00, Saturday 09:00-13:00, Sunday closed: the profile says so.
    const hours = { 1: [[540, 1020]], 2: [[540, 1020]], 3: [[540, 1020]], 4: [[540, 1020]], 5: [[540, 1020]], 6: [[540, 780]] };
    const weekdays = Object.fromEntries(Object.entries(hours).map(([d, spans]) => [d, spans.map(([start, end]) => ({ start, end }))]));
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/working-hours', headers: bearer(owner), payload: { weekdays } });
    expect(put.statusCode).toBe(200);
    expect((await t.app.inject('/api/clinic')).json<ClinicProfile>().openingHours).toEqual([
      { days: 'Mon–Fri', hours: ['09:00–17:00'] },
      { days: 'Sat', hours: ['09:00–13:00'] },
    ]);
  });

  it('takes the profile’s zone as the clinic’s at the next start', async () => {
    await t.close();
    t = await buildTestApp({ CLINIC_TIMEZONE: 'UTC' }, { storage, jobs: { autoStart: false } });
    expect((await t.app.inject('/api/clinic')).json<ClinicProfile>().timezone).toBe('Europe/Berlin');
    expect(t.config.clinicTimeZone).toBe('UTC'); // the configured default is unchanged
  });
});

describe.runIf(testDb === 'postgres')('setup on several instances', () => {
  it('makes one owner when two instances are set up at once', async () => {
    const storage = await createTestStorage();
    const [a, b] = [await buildTestApp({}, { storage, jobs: { autoStart: false } }), await buildTestApp({}, { storage, jobs: { autoStart: false } })];
    try {
      // Both started while no admin existed: both logged the same address.
      const token = await tokenOf(a);
      expect(await tokenOf(b)).toBe(token);
      const answers = await Promise.all([
        setup(a, { token, admin: { ...OWNER, email: 'first@smile.test' }, clinic: CLINIC }),
        setup(b, { token, admin: { ...OWNER, email: 'second@smile.test' }, clinic: { ...CLINIC, name: 'Other Dental' } }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 404]);
      // The profile is the winner's: the loser's clinic details did not overwrite it.
      const won = answers[0]!.statusCode === 201 ? 'Smile Dental' : 'Other Dental';
      expect((await a.app.inject('/api/clinic')).json<ClinicProfile>().name).toBe(won);
      expect(await a.db.$count(users, eq(users.role, 'admin'))).toBe(1);
    } finally {
      await a.close();
      await b.close();
      storage.remove();
    }
  });
});
