/**
 * Password reset through Better Auth's own endpoints: the mail goes through the outbox with a
 * link to the web app's page, the link works once and for an hour, a reset ends every session,
 * and the answer to a request never says whether the address has an account. Also the common
 * passwords refused wherever a password is set.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinic/shared';
import { outbox, users, verifications } from '../../db/schema.ts';
import { bearer, buildTestApp, signIn, signUp, type TestApp, type TestUser } from '../../test/helper.ts';

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_FAILURES_PER_IP: '1000' });
  });
  afterAll(() => t.close());

  const requestReset = (email: string, ip = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: t.origin },
      remoteAddress: ip,
      payload: { email },
    });
  const resetPassword = (token: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: t.origin },
      payload: { token, newPassword },
    });
  const signInStatus = async (email: string, password: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: t.origin },
        payload: { email, password },
      })
    ).statusCode;

  /** The token of the newest reset mail to `email`, read from the link in its body. */
  async function resetTokenFor(email: string): Promise<{ token: string; body: string }> {
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'password-reset')))
      .orderBy(outbox.createdAt);
    const body = mails.at(-1)?.textBody ?? '';
    const match = /http:\/\/127\.0\.0\.1:3000\/reset-password\?token=([\w-]+)/.exec(body);
    if (!match) throw new Error(`no reset link mailed to ${email}: ${body}`);
    return { token: match[1]!, body };
  }

  async function patientWithResetLink(): Promise<TestUser & { resetToken: string }> {
    const patient = await signUp(t);
    expect((await requestReset(patient.email)).statusCode).toBe(200);
    return { ...patient, resetToken: (await resetTokenFor(patient.email)).token };
  }

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const patient = await signUp(t);
    const known = await requestReset(patient.email);
    const nobody = `nobody-${Date.now()}@example.com`;
    const unknown = await requestReset(nobody);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    expect(unknown.headers['set-cookie']).toBeUndefined();
    expect(known.headers['set-cookie']).toBeUndefined();

    const { body } = await resetTokenFor(patient.email);
    expect(body).toContain('within one hour');
    const unknownMails = await t.db.select().from(outbox).where(eq(outbox.kind, 'password-reset'));
    expect(unknownMails.map((mail) => mail.toAddress)).not.toContain(nobody);
  });

  it('keeps only a hash of the token in the verifications table', async () => {
    const patient = await patientWithResetLink();
    const rows = await t.db.select().from(verifications);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.identifier).not.toContain(patient.resetToken);
      expect(row.value).not.toContain(patient.resetToken);
    }
  });

  it('sets the new password, ends every session, and works only once', async () => {
    const patient = await patientWithResetLink();
    const otherDevice = await signIn(t, patient.email, patient.password);
    expect((await t.app.inject({ url: '/api/me', headers: bearer(otherDevice) })).json().user).not.toBeNull();

    const done = await resetPassword(patient.resetToken, 'a-brand-new-secret');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: true });

    for (const session of [patient, otherDevice]) {
      const booking = await t.app.inject({ url: `/api/booking?patient=${patient.email}`, headers: bearer(session) });
      expect(booking.statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/me', headers: bearer(session) })).json()).toEqual({ user: null });
    }
    expect(await signInStatus(patient.email, patient.password)).toBe(401);
    await signIn(t, patient.email, 'a-brand-new-secret');

    const again = await resetPassword(patient.resetToken, 'yet-another-secret');
    expect(again.statusCode).toBe(400);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(again.json()).toMatchObject({ status: 400, code: 'validation_failed', providerCode: 'INVALID_TOKEN', detail: 'This reset link is invalid or has expired.' });
    await signIn(t, patient.email, 'a-brand-new-secret');
  });

  it('refuses a link older than an hour', async () => {
    const patient = await patientWithResetLink();
    const [user] = await t.db.select().from(users).where(eq(users.email, patient.email));
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, user!.id));

    const res = await resetPassword(patient.resetToken, 'a-brand-new-secret');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', providerCode: 'INVALID_TOKEN' });
    await signIn(t, patient.email, patient.password);
  });

  it('sets the link to expire an hour after it was asked for', async () => {
    const before = Date.now();
    const patient = await patientWithResetLink();
    const [user] = await t.db.select().from(users).where(eq(users.email, patient.email));
    const [row] = await t.db.select().from(verifications).where(eq(verifications.value, user!.id));
    const lifetime = row!.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(3590_000);
    expect(lifetime).toBeLessThanOrEqual(3600_000 + 5_000);
  });

  it('applies the password rules to the new password', async () => {
    const patient = await patientWithResetLink();
    const short = await resetPassword(patient.resetToken, '12345');
    expect(short.statusCode).toBe(400);
    const common = await resetPassword(patient.resetToken, 'Password1');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      code: 'validation_failed',
      detail: messages.passwordTooCommon,
      errors: { password: ['This password is too common. Please choose another.'] },
    });
    // Neither refusal used the link up.
    expect((await resetPassword(patient.resetToken, 'a-brand-new-secret')).statusCode).toBe(200);
  });

  it('refuses a reset without a token or with a made-up one', async () => {
    expect((await resetPassword('', 'a-brand-new-secret')).statusCode).toBe(400);
    const madeUp = await resetPassword('abcdefghijklmnopqrstuvwx', 'a-brand-new-secret');
    expect(madeUp.json()).toMatchObject({ status: 400, providerCode: 'INVALID_TOKEN' });
  });

  it('sends an address at most three reset mails an hour, known or not', async () => {
    const patient = await signUp(t);
    const unknown = `ghost-${Date.now()}@example.com`;
    for (const email of [patient.email, unknown]) {
      for (let i = 0; i < 3; i++) expect((await requestReset(email, '198.51.100.7')).statusCode).toBe(200);
      const refused = await requestReset(email, '198.51.100.8');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json().code).toBe('rate_limited');
    }
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, patient.email), eq(outbox.kind, 'password-reset')));
    expect(mails).toHaveLength(3);
  });
});

describe('common passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
  });
  afterAll(() => t.close());

  it('refuses one of the most common passwords on sign-up, with a field error', async () => {
    for (const password of ['password1', 'qwerty123', 'Iloveyou']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: t.origin },
        payload: { name: 'Pat', email: `common-${password}@example.com`, password },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        status: 400,
        code: 'validation_failed',
        detail: 'This password is too common. Please choose another.',
        errors: { password: ['This password is too common. Please choose another.'] },
      });
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'common-password1@example.com'))).toEqual([]);
  });

  it('keeps the minimum of six characters and its message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: t.origin },
      payload: { name: 'Pat', email: 'short-pw@example.com', password: 'x7#k' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/short/i);
  });

  it('accepts a password that is not on the list', async () => {
    await signUp(t, { password: 'mauve-otter-canal' });
  });

  const expectWeak = (res: { statusCode: number; json: () => unknown }, message: string) => {
    expect(res.statusCode, message).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', detail: message, errors: { password: [message] } });
  };

  it('refuses a password of fewer than four distinct characters, or holding the address, on sign-up', async () => {
    const signUpWith = (email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: t.origin }, payload: { name: 'Pat', email, password } });
    for (const password of ['zzzzzzzz', 'qpqpqpqp', 'QqQqQqQq', 'xyzxyzxyz']) {
      expectWeak(await signUpWith(`few-${Date.now()}@example.com`, password), messages.passwordTooFewCharacters);
    }
    expectWeak(await signUpWith('Margaret.Hale@example.com', 'my-margaret.hale-9'), messages.passwordContainsEmail);
    expect(await t.db.select().from(users).where(eq(users.email, 'margaret.hale@example.com'))).toEqual([]);
    // Four distinct characters, and a name part too short to count, are enough.
    await signUp(t, { password: 'abcdabcd' });
    await signUp(t, { email: `jo${Date.now() % 10}@example.com`, password: 'jo-and-the-sea' });
  });

  it('refuses a password holding the address on reset and change, where the body names no address', async () => {
    const patient = await signUp(t, { email: `winifred-${Date.now()}@example.com` });
    const name = patient.email.split('@')[0]!;
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...bearer(patient), origin: t.origin },
      payload: { currentPassword: patient.password, newPassword: `${name.toUpperCase()}-2` },
    });
    expectWeak(change, messages.passwordContainsEmail);
    expectWeak(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { ...bearer(patient), origin: t.origin },
        payload: { currentPassword: patient.password, newPassword: 'zzzzzzzz' },
      }),
      messages.passwordTooFewCharacters,
    );

    await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers: { origin: t.origin }, payload: { email: patient.email } });
    const [mail] = await t.db.select().from(outbox).where(and(eq(outbox.toAddress, patient.email), eq(outbox.kind, 'password-reset')));
    const token = /reset-password\?token=([\w-]+)/.exec(mail!.textBody)![1]!;
    const reset = (newPassword: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: { origin: t.origin }, payload: { token, newPassword } });
    expectWeak(await reset(`x${name}x`), messages.passwordContainsEmail);
    expectWeak(await reset('12121212'), messages.passwordTooFewCharacters);
    expect((await reset('a-brand-new-secret')).statusCode).toBe(200);
  });
});
