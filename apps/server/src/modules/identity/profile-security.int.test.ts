/**
 * What a signed-in patient does about their own sign-in: change the password (every other
 * session ends), see where they are signed in, sign out everywhere else; and sessions that end
 * SESSION_MAX_AGE_DAYS after sign-in however recently they were used.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, sessions, users } from '../../db/schema.ts';
import {
  bearer,
  buildTestApp,
  signIn,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/helper.ts';

const me = async (t: TestApp, user: { token: string }) =>
  (await t.app.inject({ url: '/api/me', headers: bearer(user) })).json<{
    user: { email: string } | null;
  }>().user;

describe('the profile: password and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const changePassword = (user: TestUser, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...bearer(user), origin: t.origin },
      payload: body,
    });

  it('changes the password with the current one, ending every other session', async () => {
    const ann = await signUp(t, { password: 'first-pass-9' });
    const laptop = await signIn(t, ann.email, 'first-pass-9');

    const wrong = await changePassword(ann, {
      currentPassword: 'not-it-at-all',
      newPassword: 'second-pass-9',
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    expect(wrong.headers['content-type']).toMatch(/^application\/problem\+json/);
    const common = await changePassword(ann, {
      currentPassword: 'first-pass-9',
      newPassword: 'password1',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.password).toEqual([
      'This password is too common. Please choose another.',
    ]);

    // The client asks to keep its other sessions; the server ends them anyway.
    const changed = await changePassword(ann, {
      currentPassword: 'first-pass-9',
      newPassword: 'second-pass-9',
      revokeOtherSessions: false,
    });
    expect(changed.statusCode).toBe(200);
    expect(await me(t, laptop)).toBeNull();
    await expect(signIn(t, ann.email, 'first-pass-9')).rejects.toThrow(/401/);
    expect(await me(t, await signIn(t, ann.email, 'second-pass-9'))).toMatchObject({
      email: ann.email,
    });
  });

  it('slows down guesses at the current password from a signed-in session', async () => {
    const bob = await signUp(t, { password: 'bobs-pass-77' });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (
          await changePassword(bob, {
            currentPassword: `guess-${i}-xyz`,
            newPassword: 'new-bobs-pass-77',
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 5).every((s) => s >= 400 && s < 429)).toBe(true);
    expect(statuses.slice(5)).toContain(429);
  });

  it('lists where the account is signed in, without tokens, and signs out everywhere else', async () => {
    const cy = await signUp(t);
    const phone = await signIn(t, cy.email, cy.password);
    const other = await signUp(t);

    const listed = await t.app.inject({ url: '/api/auth/list-sessions', headers: bearer(cy) });
    expect(listed.statusCode).toBe(200);
    const list = listed.json<Record<string, unknown>[]>();
    expect(list).toHaveLength(2);
    expect(list.every((s) => !('token' in s))).toBe(true);
    expect(JSON.stringify(list)).not.toContain(cy.token.split('.')[0]!);
    expect(list.filter((s) => s.current === true)).toHaveLength(1);
    expect(list.every((s) => typeof s.createdAt === 'string' && 'userAgent' in s)).toBe(true);

    // A malformed cookie beside the token is bad input, never a server error.
    const odd = await t.app.inject({ url: '/api/auth/list-sessions', headers: { ...bearer(cy), cookie: 'better-auth.session_token=%E0%A4%A' } });
    expect(odd.statusCode).toBeLessThan(500);

    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-other-sessions',
      headers: { ...bearer(cy), origin: t.origin },
      payload: {},
    });
    expect(revoked.statusCode).toBe(200);
    expect(await me(t, phone)).toBeNull();
    expect(await me(t, cy)).toMatchObject({ email: cy.email });
    // Nobody else's session is touched.
    expect(await me(t, other)).toMatchObject({ email: other.email });
  });
});

describe('the profile: changing the email address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const changeEmail = (user: TestUser, newEmail: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { ...bearer(user), origin: t.origin },
      payload: { newEmail },
    });
  const linksTo = async (address: string) =>
    (
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, address), eq(outbox.kind, 'email-verification')))
    ).map((m) => new URL(/https?:\/\/\S+/.exec(m.textBody)![0]));

  it('changes the address only once the link mailed to the new one is followed', async () => {
    const eve = await signUp(t, { password: 'eves-pass-31' });
    const newEmail = `new-${eve.email}`;
    expect((await changeEmail(eve, newEmail)).statusCode).toBe(200);
    expect(await me(t, eve)).toMatchObject({ email: eve.email });

    const [link] = await linksTo(newEmail);
    const followed = await t.app.inject({ url: `${link!.pathname}${link!.search}` });
    expect(followed.headers.location).toBe('/verify-email');
    expect(await me(t, eve)).toMatchObject({ email: newEmail });
    const [row] = await t.db
      .select({ verified: users.emailVerified })
      .from(users)
      .where(eq(users.email, newEmail));
    expect(row!.verified).toBe(true);
    expect(await me(t, await signIn(t, newEmail, 'eves-pass-31'))).toMatchObject({
      email: newEmail,
    });
    await expect(signIn(t, eve.email, 'eves-pass-31')).rejects.toThrow(/401/);
  });

  it('says nothing about an address that already has an account, and changes nothing', async () => {
    const [fay, gus] = [await signUp(t), await signUp(t)];
    const taken = await changeEmail(fay, gus.email);
    expect(taken.statusCode).toBe(200);
    expect(await me(t, fay)).toMatchObject({ email: fay.email });
    // Gus got no mail about Fay's request.
    expect((await linksTo(gus.email)).length).toBe(1); // his own sign-up's
  });

  it('mails a new address a few times an hour at most', async () => {
    const hal = await signUp(t);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await changeEmail(hal, `hal-${i}-${hal.email}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('SESSION_MAX_AGE_DAYS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SESSION_MAX_AGE_DAYS: '30' });
  });
  afterAll(() => t.close());

  it('ends a session 30 days after sign-in, however recently it was used', async () => {
    const dee = await signUp(t);
    const young = await signIn(t, dee.email, dee.password);
    const ageBy = async (user: { token: string }, days: number) =>
      t.db
        .update(sessions)
        .set({ createdAt: sql`now() - make_interval(days => ${days})` })
        .where(eq(sessions.token, user.token.split('.')[0]!));

    await ageBy(young, 29);
    expect(await me(t, young)).toMatchObject({ email: dee.email });
    await ageBy(dee, 31);
    expect(await me(t, dee)).toBeNull();
    // Gone from the database too, so Better Auth's own endpoints refuse it as well.
    expect(await t.db.$count(sessions, eq(sessions.token, dee.token.split('.')[0]!))).toBe(0);
    const listed = await t.app.inject({ url: '/api/auth/list-sessions', headers: bearer(dee) });
    expect(listed.statusCode).toBe(401);
  });
});
