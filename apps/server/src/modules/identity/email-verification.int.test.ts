/**
 * Email verification: every new password account is mailed a link (through the outbox); with
 * REQUIRE_EMAIL_VERIFICATION=booking, an unverified patient cannot book until they follow it.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users } from '../../db/schema.ts';
import { bearer, buildTestApp, signIn, signUp, type TestApp, type TestUser } from '../../test/helper.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
const DAY = '2030-06-07';

async function verificationLinks(t: TestApp, email: string): Promise<string[]> {
  const mails = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'email-verification')))
    .orderBy(outbox.createdAt);
  return mails.map((m) => /https?:\/\/\S+/.exec(m.textBody)![0]);
}

async function book(t: TestApp, user: TestUser, slotIndex = 0) {
  const [treatment] = (await t.app.inject(`/api/available?date=${DAY}`)).json<{ _id: string; slots: string[] }[]>();
  return t.app.inject({
    method: 'POST', url: '/api/booking', headers: bearer(user),
    payload: { treatmentId: treatment!._id, date: DAY, slot: treatment!.slots[slotIndex] },
  });
}

/** Opens a link from a mail against the app, as the patient's browser would. */
const follow = (t: TestApp, link: string) => {
  const url = new URL(link);
  expect(url.origin).toBe(t.config.publicUrl);
  return t.app.inject({ url: `${url.pathname}${url.search}` });
};

describe('email verification, not required (no SMTP_URL: the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => NOW });
  });
  afterAll(() => t.close());

  it('mails a new patient a link, and lets them book before following it', async () => {
    const ann = await signUp(t);
    const [link] = await verificationLinks(t, ann.email);
    expect(link).toMatch(/\/api\/auth\/verify-email\?token=[^&]+&callbackURL=%2Fverify-email$/);
    expect((await book(t, ann)).statusCode).toBe(201);
  });

  it('tells the web app that no confirmation is asked for', async () => {
    expect((await t.app.inject('/api/config')).json()).toMatchObject({ emailVerification: 'none' });
  });
});

describe('email verification required for booking', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      { REQUIRE_EMAIL_VERIFICATION: 'booking', ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' },
      { now: () => NOW },
    );
  });
  afterAll(() => t.close());

  it('tells the web app, so sign-up can say to check the inbox', async () => {
    expect((await t.app.inject('/api/config')).json()).toMatchObject({ emailVerification: 'booking' });
  });

  it('refuses an unverified patient with a clear problem, and books once the link is followed', async () => {
    const ann = await signUp(t);
    const refused = await book(t, ann, 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({
      code: 'email_unverified',
      email: ann.email,
      detail: `Please confirm your email address first: follow the link we sent to ${ann.email}, then book again.`,
    });

    const [link] = await verificationLinks(t, ann.email);
    const landed = await follow(t, link!);
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toBe('/verify-email');
    const [row] = await t.db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, ann.email));
    expect(row!.verified).toBe(true);
    // The same session and token: the change shows on the next request.
    expect((await book(t, ann, 1)).statusCode).toBe(201);
  });

  it('sends the browser to /verify-email with an error for a bad or used link', async () => {
    const bob = await signUp(t);
    const [link] = await verificationLinks(t, bob.email);
    const bad = await follow(t, link!.replace(/token=[^&]+/, 'token=not-a-token'));
    expect(bad.statusCode).toBe(302);
    expect(bad.headers.location).toMatch(/^\/verify-email\?error=/);
    expect((await follow(t, link!)).headers.location).toBe('/verify-email');
    expect((await book(t, bob, 2)).statusCode).toBe(201);
  });

  it('lets a link work once: a second use, even a simultaneous one, is told so and verifies nothing', async () => {
    const dan = await signUp(t);
    const [link] = await verificationLinks(t, dan.email);
    const [first, second] = await Promise.all([follow(t, link!), follow(t, link!)]);
    expect([first!.headers.location, second!.headers.location].sort()).toEqual([
      '/verify-email',
      '/verify-email?error=LINK_ALREADY_USED',
    ]);
    expect((await follow(t, link!)).headers.location).toBe('/verify-email?error=LINK_ALREADY_USED');

    // A used link does not verify again: an address made unverified since stays so.
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.email, dan.email));
    const again = await follow(t, link!);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/verify-email?error=LINK_ALREADY_USED');
    const [row] = await t.db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, dan.email));
    expect(row!.verified).toBe(false);
    // The used link goes to our own page whatever callbackURL it is given.
    const elsewhere = await follow(t, link!.replace('callbackURL=%2Fverify-email', 'callbackURL=https%3A%2F%2Fevil.example'));
    expect(elsewhere.headers.location).toBe('/verify-email?error=LINK_ALREADY_USED');
  });

  it('resends the mail to its owner only, a few times an hour', async () => {
    const cy = await signUp(t);
    const resend = () => t.app.inject({ method: 'POST', url: '/api/me/verification-email', headers: bearer(cy) });
    const first = await resend();
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ sent: true, email: cy.email });
    expect(await resend()).toHaveProperty('statusCode', 202);
    expect(await resend()).toHaveProperty('statusCode', 202);
    const fourth = await resend();
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // The sign-up's mail and three more; each link works (the newest is followed here).
    const links = await verificationLinks(t, cy.email);
    expect(links).toHaveLength(4);
    expect((await follow(t, links.at(-1)!)).headers.location).toBe('/verify-email');
    expect((await book(t, cy, 3)).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/api/me/verification-email', headers: bearer(cy) })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: '/api/me/verification-email' })).statusCode).toBe(401);
  });

  it('counts the operator-made admin as verified, without mailing it', async () => {
    const boss = { email: 'boss@clinic.test', name: 'Clinic Admin', password: 'admin-password', ...(await signIn(t, 'boss@clinic.test', 'admin-password')) };
    expect(await verificationLinks(t, boss.email)).toEqual([]);
    expect((await book(t, boss, 4)).statusCode).toBe(201);
  });

  it("does not serve Better Auth's own resend endpoint, which mails any address it is given", async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/send-verification-email', headers: { origin: t.origin },
      payload: { email: 'someone@example.com' },
    });
    expect(res.statusCode).toBe(404);
  });
});
