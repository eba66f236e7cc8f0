/**
 * Sign-in limits stop guessing without locking people out (sign-in-limits.ts): failures count
 * per account and a success clears them, repeated failures wait a growing delay, and an
 * address shared by many patients lets them all in while one that guesses is stopped.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, rateLimits, users } from '../../db/schema.ts';
import { buildTestApp, signUp, type TestApp } from '../../test/helper.ts';

const signInRequest = (t: TestApp, email: string, password: string, ip = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: ip,
    headers: { origin: t.origin, ...headers },
    payload: { email, password },
  });

/** As if the account's last failed sign-in happened `seconds` earlier than it did. */
async function letTimePass(t: TestApp, email: string, seconds: number) {
  await t.db
    .update(rateLimits)
    .set({ resetAt: sql`${rateLimits.resetAt} - make_interval(secs => ${seconds})` })
    .where(eq(rateLimits.key, `auth:account-failures:${email}`));
}

/** `count` password accounts sharing `password`, made in the database (one real hash, copied). */
async function passwordPatients(t: TestApp, count: number, password: string) {
  const first = await signUp(t, { password });
  const [hashed] = await t.db
    .select({ password: accounts.password })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(users.email, first.email));
  const stamp = randomUUID().slice(0, 8);
  const people = Array.from({ length: count - 1 }, (_, i) => ({ id: `crowd-${stamp}-${i}`, email: `crowd${i}-${stamp}@example.com` }));
  await t.db.insert(users).values(people.map((p) => ({ id: p.id, email: p.email, name: `Crowd ${p.id}` })));
  await t.db.insert(accounts).values(
    people.map((p) => ({ id: `a-${p.id}`, accountId: p.id, providerId: 'credential', userId: p.id, password: hashed!.password })),
  );
  return [first.email, ...people.map((p) => p.email)];
}

describe('sign-in limits with the default settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lets 60 different patients behind one address sign in within a minute', async () => {
    const emails = await passwordPatients(t, 60, 'crowd-password');
    const answers = await Promise.all(emails.map((email) => signInRequest(t, email, 'crowd-password', '203.0.113.60')));
    expect(answers.map((res) => res.statusCode)).toEqual(emails.map(() => 200));
  });

  it('never refuses the owner signing in with the right password, however often', async () => {
    const ann = await signUp(t, { password: 'right-password' });
    for (let i = 0; i < 15; i++) {
      expect((await signInRequest(t, ann.email, 'right-password', '198.51.100.1')).statusCode, `sign-in #${i + 1}`).toBe(200);
    }
  });

  it('a success clears the failures before it', async () => {
    const bob = await signUp(t, { password: 'right-password' });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await signInRequest(t, bob.email, 'wrong', '198.51.100.2')).statusCode).toBe(401);
      expect((await signInRequest(t, bob.email, 'right-password', '198.51.100.2')).statusCode).toBe(200);
    }
  });

  it("slows someone else's guesses down with a growing delay and lets the owner in soon after", async () => {
    const cleo = await signUp(t, { password: 'right-password' });
    const attacker = '192.0.2.66';
    // Five failures are free.
    for (let i = 0; i < 5; i++) expect((await signInRequest(t, cleo.email, `guess-${i}`, attacker)).statusCode).toBe(401);
    // Then each attempt waits 1, 2, 4, 8... seconds after the last failure, right password or not.
    // Retry-After is what is left of the wait, in whole seconds rounded up: on a busy machine a
    // second may pass between the failure and the refusal, and the wait shows that much less.
    let failedAt = Date.now();
    const expectWait = (wait: number, full: number) => {
      const elapsed = Math.ceil((Date.now() - failedAt) / 1000);
      expect(wait, `a wait of ${full} s, ${elapsed} s after the failure`).toBeLessThanOrEqual(full);
      expect(wait, `a wait of ${full} s, ${elapsed} s after the failure`).toBeGreaterThanOrEqual(full - elapsed);
    };
    for (const full of [1, 2, 4, 8, 16]) {
      const refused = await signInRequest(t, cleo.email, 'right-password', '198.51.100.3');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.json()).toMatchObject({ code: 'rate_limited', status: 429 });
      const wait = Number(refused.headers['retry-after']);
      expect(refused.json().detail).toBe(`Too many failed sign-ins for this account. Please wait ${wait} seconds and try again.`);
      expectWait(wait, full);
      await letTimePass(t, cleo.email, wait);
      expect((await signInRequest(t, cleo.email, `guess-more-${full}`, attacker)).statusCode).toBe(401);
      failedAt = Date.now();
    }
    // After ten wrong guesses the owner waits half a minute, not a lockout's ten minutes or more.
    const owner = await signInRequest(t, cleo.email, 'right-password', '198.51.100.3');
    expect(owner.statusCode).toBe(429);
    expectWait(Number(owner.headers['retry-after']), 32);
    await letTimePass(t, cleo.email, 32);
    expect((await signInRequest(t, cleo.email, 'right-password', '198.51.100.3')).statusCode).toBe(200);
    // And that success cleared the failures: five free ones again.
    for (let i = 0; i < 5; i++) expect((await signInRequest(t, cleo.email, `again-${i}`, attacker)).statusCode).toBe(401);
  });

  it('caps the delay at a few minutes', async () => {
    const dan = await signUp(t, { password: 'right-password' });
    let wait = 0;
    for (let i = 0; i < 16; i++) {
      const res = await signInRequest(t, dan.email, `guess-${i}`, `192.0.2.${i}`);
      if (res.statusCode === 429) {
        wait = Number(res.headers['retry-after']);
        await letTimePass(t, dan.email, wait);
        expect((await signInRequest(t, dan.email, `guess-${i}`, `192.0.2.${i}`)).statusCode).toBe(401);
      }
    }
    expect(wait).toBe(300);
  });

  it('lets simultaneous guesses share the free failures, not multiply them', async () => {
    const eve = await signUp(t, { password: 'right-password' });
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signInRequest(t, eve.email, `burst-${i}`, `192.0.2.${100 + i}`)));
    const seconds = (Date.now() - started) / 1000;
    const failures = answers.filter((res) => res.statusCode === 401).length;
    // Five free failures, shared; after them the waits are 1, 2, 4... seconds from the last
    // failure, so a burst slowed down past a second (a loaded machine) may earn one more, never 20.
    expect(failures).toBeGreaterThanOrEqual(5);
    expect(failures).toBeLessThanOrEqual(5 + Math.floor(Math.log2(1 + seconds)));
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(20 - failures);
  });

  it('counts an unknown account like a known one', async () => {
    for (let i = 0; i < 5; i++) expect((await signInRequest(t, 'nobody-here@example.com', 'x-password', '192.0.2.200')).statusCode).toBe(401);
    expect((await signInRequest(t, 'NOBODY-here@example.com', 'x-password', '192.0.2.201')).statusCode).toBe(429);
  });
});

describe('sign-in limits per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '12', AUTH_RATE_LIMIT_FAILURES_PER_IP: '4' });
  });
  afterAll(() => t.close());

  it('stops one address that guesses across many accounts, and only that address', async () => {
    const victims = await Promise.all(Array.from({ length: 5 }, (_, i) => signUp(t, { password: `right-${i}` })));
    const statuses = [];
    for (const victim of victims) statuses.push((await signInRequest(t, victim.email, 'wrong', '192.0.2.9')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const stopped = await signInRequest(t, victims[0]!.email, 'right-0', '192.0.2.9');
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    expect(stopped.json().detail).toMatch(/^Too many failed sign-ins from your network\. Please wait \d+ seconds and try again\.$/);
    expect((await signInRequest(t, victims[0]!.email, 'right-0', '198.51.100.9')).statusCode).toBe(200);
  });

  it('counts every attempt of one address against a generous cap', async () => {
    const fay = await signUp(t, { password: 'right-password' });
    const statuses = [];
    for (let i = 0; i < 13; i++) statuses.push((await signInRequest(t, fay.email, 'right-password', '192.0.2.10')).statusCode);
    expect(statuses).toEqual([...Array(12).fill(200), 429]);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says the proxy may set it', async () => {
    const gus = await signUp(t, { password: 'right-password' });
    // Not trusted: every forwarded address is the socket's one address.
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await signInRequest(t, gus.email, 'right-password', '192.0.2.11', { 'x-forwarded-for': `198.51.100.${i}` })).statusCode);
    }
    const failures = [];
    for (let i = 0; i < 5; i++) {
      failures.push((await signInRequest(t, `ghost${i}@example.com`, 'wrong', '192.0.2.12', { 'x-forwarded-for': `198.51.100.${i}` })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(failures).toEqual([401, 401, 401, 401, 429]);
  });
});

describe('sign-in limits behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_FAILURES_PER_IP: '2', TRUST_PROXY: '192.0.2.1' });
  });
  afterAll(() => t.close());

  it('keys the limit on the client address the proxy passes', async () => {
    const viaProxy = (client: string, email: string) =>
      signInRequest(t, email, 'wrong', '192.0.2.1', { 'x-forwarded-for': client });
    expect((await viaProxy('198.51.100.1', 'h1@example.com')).statusCode).toBe(401);
    expect((await viaProxy('198.51.100.1', 'h2@example.com')).statusCode).toBe(401);
    expect((await viaProxy('198.51.100.1', 'h3@example.com')).statusCode).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await viaProxy('198.51.100.2', 'h4@example.com')).statusCode).toBe(401);
    // An untrusted peer cannot choose its address.
    expect((await signInRequest(t, 'h5@example.com', 'wrong', '192.0.2.99', { 'x-forwarded-for': '198.51.100.3' })).statusCode).toBe(401);
    expect((await signInRequest(t, 'h6@example.com', 'wrong', '192.0.2.99', { 'x-forwarded-for': '198.51.100.4' })).statusCode).toBe(401);
    expect((await signInRequest(t, 'h7@example.com', 'wrong', '192.0.2.99', { 'x-forwarded-for': '198.51.100.5' })).statusCode).toBe(429);
  });
});
