/**
 * ADMIN_EMAIL at start-up, across restarts on one database: the account is created as an admin,
 * an admin is left alone, and a patient's account under that address is never promoted.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { users } from '../../db/schema.ts';
import { bearer, buildTestApp, createTestStorage, signIn, signUp, testDb, type TestApp, type TestStorage } from '../../test/helper.ts';

const BOSS = 'boss@example.com';
const operator = { ADMIN_EMAIL: BOSS, ADMIN_PASSWORD: 'operator-secret-1' };

let storage: TestStorage | undefined;
const running: TestApp[] = [];
afterEach(async () => {
  for (const app of running.splice(0)) await app.close();
  storage?.remove();
  storage = undefined;
});

async function start(env: Record<string, string> = {}) {
  storage ??= await createTestStorage();
  const app = await buildTestApp(env, { storage });
  running.push(app);
  return app;
}

async function stop(app: TestApp) {
  running.splice(running.indexOf(app), 1);
  await app.close();
}

const signInStatus = (t: TestApp, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: t.origin }, payload: { email: BOSS, password } });

describe('the ADMIN_EMAIL account at start-up', () => {
  it("refuses to start when a patient registered ADMIN_EMAIL first, and promotes nobody", async () => {
    const before = await start();
    await signUp(before, { email: BOSS, password: 'attacker-password' });
    await stop(before);

    const refused = start(operator);
    await expect(refused).rejects.toThrow(ConfigError);
    await expect(refused).rejects.toThrow(
      /^ADMIN_EMAIL boss@example\.com belongs to an account that is not an admin, so it was not promoted: .*have an admin make it one .*set ADMIN_EMAIL to an address nobody has registered/s,
    );

    // The refused start let go of the database: the next one starts, and nothing changed.
    const after = await start();
    const [row] = await after.db.select({ role: users.role }).from(users).where(eq(users.email, BOSS));
    expect(row).toEqual({ role: 'user' });
    const attacker = await signIn(after, BOSS, 'attacker-password');
    expect((await after.app.inject({ url: `/api/admin/${BOSS}`, headers: bearer(attacker) })).json()).toEqual({ admin: false });
    expect((await after.app.inject({ url: '/api/user', headers: bearer(attacker) })).statusCode).toBe(403);
    expect((await signInStatus(after, operator.ADMIN_PASSWORD)).statusCode).toBe(401);
  });

  it.each([
    ['boss-password', 'This password contains your email address'],
    ['password123', 'too common'],
  ])('refuses to start, in one line naming ADMIN_PASSWORD, with the password %j', async (password, why) => {
    const refused = start({ ADMIN_EMAIL: BOSS, ADMIN_PASSWORD: password });
    await expect(refused).rejects.toThrow(ConfigError);
    await expect(refused).rejects.toThrow(new RegExp(`^ADMIN_PASSWORD: .*${why}`, 'i'));
    const after = await start();
    expect(await after.db.$count(users, eq(users.email, BOSS))).toBe(0);
  });

  it('creates the admin when nobody has the address, and leaves it alone on the next start', async () => {
    const first = await start(operator);
    const boss = await signIn(first, BOSS, operator.ADMIN_PASSWORD);
    expect((await first.app.inject({ url: `/api/admin/${BOSS}`, headers: bearer(boss) })).json()).toEqual({ admin: true });
    await stop(first);

    // A changed ADMIN_PASSWORD does not reset the admin's password: the operator may have changed it.
    const second = await start({ ...operator, ADMIN_PASSWORD: 'another-password' });
    expect((await signInStatus(second, operator.ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await signInStatus(second, 'another-password')).statusCode).toBe(401);
    expect(await second.db.$count(users, eq(users.email, BOSS))).toBe(1);
  });

  // PGlite allows one process per DATA_DIR, so only PostgreSQL has instances starting together.
  it.skipIf(testDb !== 'postgres')('creates one admin when several instances start together', async () => {
    storage = await createTestStorage();
    const instances = await Promise.all(
      Array.from({ length: 3 }, () => buildTestApp(operator, { storage })),
    );
    running.push(...instances);
    const [one] = instances;
    const rows = await one!.db.select({ role: users.role }).from(users).where(eq(users.email, BOSS));
    expect(rows).toEqual([{ role: 'admin' }]);
    for (const instance of instances) expect((await signInStatus(instance, operator.ADMIN_PASSWORD)).statusCode).toBe(200);
  });
});
