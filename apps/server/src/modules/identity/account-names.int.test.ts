/**
 * The shared name rule (trimmed, 1-100 characters, no control characters) on every path that
 * writes an account's name, and no 5xx from text the database cannot store.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { testMailService, buildTestApp, signUp, type TestApp } from '../../test/helper.ts';
import { createAuth } from './auth.ts';

describe('account names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
  });
  afterAll(() => t.close());

  const signUpRequest = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: t.origin }, payload });
  const stored = (email: string) => t.db.select({ name: users.name }).from(users).where(eq(users.email, email));

  it.each([
    ['a 200,000-character name', 'x'.repeat(200_000), 'Must be 100 characters or shorter'],
    ['a newline', 'Ann\nLee', 'Must not contain control characters'],
    ['an escape', 'Ann\u001b[31mLee', 'Must not contain control characters'],
    ['only spaces', '    ', 'Name is Required'],
    // Refused before the name rule, as in every field: no text column can hold it.
    ['a NUL byte', 'Ann\u0000Lee', 'Must not contain a NUL character'],
  ])('refuses %s at sign-up with a 400 and a field error, storing nothing', async (_, name, message) => {
    const email = `name-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await signUpRequest({ name, email, password: 'secret123' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 400, code: 'validation_failed', errors: { name: [message] } });
    expect(await stored(email)).toEqual([]);
  });

  it('stores a name trimmed, and a name of exactly 100 characters', async () => {
    const ann = await signUp(t, { name: '   Ann Lee  ' });
    expect(await stored(ann.email)).toEqual([{ name: 'Ann Lee' }]);
    const long = await signUp(t, { name: 'y'.repeat(100) });
    expect(await stored(long.email)).toEqual([{ name: 'y'.repeat(100) }]);
  });

  it('answers a NUL byte in any field with a 400, never a 500', async () => {
    for (const [field, payload] of [
      ['email', { name: 'Ann', email: 'ann\u0000@example.com', password: 'secret123' }],
      ['password', { name: 'Ann', email: 'nul-password@example.com', password: 'secret\u0000123' }],
    ] as const) {
      for (const url of ['/api/auth/sign-up/email', '/api/auth/sign-in/email']) {
        const res = await t.app.inject({ method: 'POST', url, headers: { origin: t.origin }, payload });
        expect(res.statusCode, `${url} ${field}`).toBe(400);
        expect(res.json(), `${url} ${field}`).toMatchObject({ code: 'validation_failed', errors: { [field]: [expect.any(String)] } });
      }
    }
  });

  it("applies the rule to the identity provider's other paths too: server-side sign-up and profile updates", async () => {
    const auth = createAuth(t.config, t.db, testMailService(t.config));
    await expect(
      auth.api.signUpEmail({ body: { name: 'z'.repeat(101), email: 'server-side@example.com', password: 'secret123' } }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(await stored('server-side@example.com')).toEqual([]);

    const ann = await signUp(t, { name: 'Ann Before' });
    const headers = new Headers({ cookie: ann.cookie });
    for (const name of ['Ann\u0000After', 'w'.repeat(101), ' ']) {
      await expect(auth.api.updateUser({ headers, body: { name } })).rejects.toMatchObject({ statusCode: 400 });
    }
    expect(await stored(ann.email)).toEqual([{ name: 'Ann Before' }]);
    await auth.api.updateUser({ headers, body: { name: '  Ann After ' } });
    expect(await stored(ann.email)).toEqual([{ name: 'Ann After' }]);
  });
});
