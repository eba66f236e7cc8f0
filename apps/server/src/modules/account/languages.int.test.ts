/**
 * An account's language on both databases (practice-loop.md section 9, clinic-operations 5.9):
 * a sign-up takes the browser's language when it is one of ours, `PATCH /api/me {locale}` changes
 * it (and `GET /api/me` says it), and each mail goes in its recipient's language whoever makes it:
 * the patient, the front desk, or a guardian booking for a child. The clinic's DEFAULT_LOCALE is
 * the language of everyone who chose none, and what `/api/config` tells the web.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dependent } from '@clinic/shared';
import { outbox, users } from '../../db/schema.ts';
import { bearer, buildTestApp, signIn, signUp, treatmentsOn, type TestApp, type TestUser } from '../../test/helper.ts';

const ADMIN = { ADMIN_EMAIL: 'desk@clinic.test', ADMIN_PASSWORD: 'admin-password' };
const NOW = new Date('2030-06-01T10:00:00Z');
const DAY = '2030-06-10';

let counter = 0;
async function signUpIn(t: TestApp, acceptLanguage: string | undefined) {
  const email = `lang-${counter++}-${Date.now()}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: t.origin, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
    payload: { name: 'Lena Lang', email, password: 'secret123' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { email, ...(await signIn(t, email, 'secret123')) };
}

const mailsTo = (t: TestApp, address: string, kind: string) =>
  t.db.select().from(outbox).where(and(eq(outbox.toAddress, address), eq(outbox.kind, kind)));

describe('languages of accounts and their mails', () => {
  let t: TestApp;
  let desk: { token: string };
  let treatmentId: string;
  let slots: string[];

  beforeAll(async () => {
    t = await buildTestApp({ ...ADMIN, REQUIRE_EMAIL_VERIFICATION: 'none', REMINDER_OFFSETS: '' }, { now: () => NOW, jobs: { autoStart: false } });
    desk = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const [treatment] = await treatmentsOn(t, DAY);
    treatmentId = treatment!._id;
    slots = treatment!.slots;
  });
  afterAll(() => t.close());

  const me = async (who: { token: string }) => (await t.app.inject({ url: '/api/me', headers: bearer(who) })).json().user;
  const patch = (who: { token: string }, payload: object) => t.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(who), payload });
  const book = (who: { token: string }, slot: string, extra: object = {}) =>
    t.app.inject({ method: 'POST', url: '/api/booking', headers: bearer(who), payload: { treatmentId, date: DAY, slot, phone: '555 0100', ...extra } });

  it('a sign-up takes the browser’s language when it is one of ours; otherwise none is chosen', async () => {
    const spanish = await signUpIn(t, 'es-MX,es;q=0.9,en;q=0.5');
    expect(await me(spanish)).toMatchObject({ locale: 'es' });
    const [verification] = await mailsTo(t, spanish.email, 'email-verification');
    expect(verification!.subject).toBe('Confirme su dirección de correo electrónico en Doctors Portal');
    expect(verification!.textBody).toMatch(/^Estimado\/a Lena Lang:\n\nConfirme que esta dirección/);

    const french = await signUpIn(t, 'fr-FR,fr;q=0.9');
    expect(await me(french)).toMatchObject({ locale: null });
    const [english] = await mailsTo(t, french.email, 'email-verification');
    expect(english!.subject).toBe('Confirm your email address for Doctors Portal');
    expect(await me(await signUpIn(t, undefined))).toMatchObject({ locale: null });
  });

  it('PATCH /api/me {locale} changes it, null clears it, and anything else is refused with a message', async () => {
    const user = await signUp(t);
    const changed = await patch(user, { locale: 'de' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user).toMatchObject({ locale: 'de' });
    expect(await me(user)).toMatchObject({ locale: 'de' });

    for (const locale of ['fr', 'en-US', 3, '']) {
      const refused = await patch(user, { locale });
      expect(refused.statusCode, String(locale)).toBe(400);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.json().errors.locale).toEqual(['Choose one of the languages: en, es or de']);
    }
    expect(await me(user)).toMatchObject({ locale: 'de' });
    expect((await patch(user, { locale: null })).json().user).toMatchObject({ locale: null });
    const [row] = await t.db.select({ locale: users.locale }).from(users).where(eq(users.email, user.email));
    expect(row!.locale).toBeNull();
  });

  it('a booking’s confirmation is in its patient’s language, made by them or by the front desk', async () => {
    const hans = await signUp(t);
    await patch(hans, { locale: 'de' });
    expect((await book(hans, slots[0]!)).statusCode).toBe(201);
    const [own] = await mailsTo(t, hans.email, 'booking-confirmation');
    expect(own!.subject).toMatch(/^Termin gebucht: 10\.06\.2030, \d\d:\d\d–\d\d:\d\d Uhr$/);
    expect(own!.textBody).toMatch(/^Guten Tag /);

    const ana = await signUp(t);
    await patch(ana, { locale: 'es' });
    const byDesk = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bookings',
      headers: bearer(desk),
      payload: { treatmentId, date: DAY, slot: slots[1], patient: { email: ana.email } },
    });
    expect(byDesk.statusCode, byDesk.body).toBe(201);
    const [fromDesk] = await mailsTo(t, ana.email, 'booking-confirmation');
    expect(fromDesk!.subject).toMatch(/^Cita confirmada: 10 jun 2030, /);

    // A cancellation by the patient, then, in the same language.
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/booking/${byDesk.json().booking._id}/cancel`, headers: bearer(ana), payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    const [cancellation] = await mailsTo(t, ana.email, 'booking-cancelled');
    expect(cancellation!.subject).toMatch(/^Cita cancelada: 10 jun 2030, /);
  });

  it('a child’s booking mails the guardian in the guardian’s language', async () => {
    const guardian: TestUser = await signUp(t);
    await patch(guardian, { locale: 'es' });
    const added = await t.app.inject({ method: 'POST', url: '/api/me/dependents', headers: bearer(guardian), payload: { name: 'Nino Lang', dateOfBirth: '2022-03-04', relationship: 'Child' } });
    expect(added.statusCode, added.body).toBe(201);
    const child = added.json<Dependent>();
    const booked = await book(guardian, slots[2]!, { forPatientId: child._id });
    expect(booked.statusCode, booked.body).toBe(201);
    const [mail] = await mailsTo(t, guardian.email, 'booking-confirmation');
    expect(mail!.textBody).toMatch(/^Estimado\/a Nino Lang:/);
  });

  it('/api/config tells the web the clinic’s default: English on a fresh install', async () => {
    expect((await t.app.inject('/api/config')).json()).toMatchObject({ defaultLocale: 'en' });
  });
});

describe('DEFAULT_LOCALE', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ DEFAULT_LOCALE: 'de' }, { now: () => NOW, jobs: { autoStart: false } });
  });
  afterAll(() => t.close());

  it('is the language of whoever chose none, and the web is told it', async () => {
    expect((await t.app.inject('/api/config')).json()).toMatchObject({ defaultLocale: 'de' });
    const user = await signUpIn(t, undefined);
    const [verification] = await mailsTo(t, user.email, 'email-verification');
    expect(verification!.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für Doctors Portal');
    // Whoever's browser asks for Spanish chose it, and reads Spanish.
    const spanish = await signUpIn(t, 'es');
    expect((await mailsTo(t, spanish.email, 'email-verification'))[0]!.subject).toMatch(/^Confirme su dirección/);
  });
});
