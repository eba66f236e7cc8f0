/**
 * Better Auth, the identity provider (DESIGN.md section 4): email + password, database sessions,
 * the bearer plugin so the spec's `accessToken` is the signed session token (revoked by sign-out),
 * and the admin plugin's `role` column.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { admin, bearer, genericOAuth, twoFactor } from 'better-auth/plugins';
import { extendNewestResetLink } from './welcome-links.repository.ts';
import { PASSWORD_MIN_LENGTH, PASSWORD_RESET_LINK_SECONDS, bestLocale, fitName, nameSchema } from '@clinic/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { MailService } from '../mail/mail.service.ts';
import { accounts, sessions, twoFactors, users, verifications } from '../../db/schema.ts';
import { WEAK_PASSWORD_MESSAGES, weakPasswordReason } from './common-passwords.ts';
import { EMAIL_LINK_ALREADY_USED, claimEmailLink } from './email-link-once.ts';
import { TOTP_CODE_USED_MESSAGE, claimTotpCode, type TotpOnceDeps } from './totp-once.ts';
import { claimTotpStep, findTotpSecret } from './two-factor.repository.ts';
import { generateBackupCodes } from './backup-codes.ts';

/**
 * A session lasts this long after its last refresh (Better Auth's sliding lifetime, its default
 * made explicit: the bearer fast path checks it without asking Better Auth).
 */
export const SESSION_EXPIRES_IN_SECONDS = 7 * 24 * 3600;
/** A session used this long after its last refresh is refreshed (its expiry moved on). */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 3600;

/** The name authenticator apps show next to the code. */
export const TWO_FACTOR_ISSUER = 'Doctors Portal';

/**
 * The shared name rule on every path Better Auth writes a name on (sign-up, profile updates, a
 * server-side call). A name from an OAuth provider's profile is made to fit instead: the person
 * cannot correct it there, and a sign-in must not fail over it.
 */
export function accountName(name: unknown, path: string | undefined, fallback: string): string {
  if (path?.startsWith('/callback/')) return fitName(name, fitName(fallback, 'Patient'));
  const result = nameSchema.safeParse(name);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => issue.message);
  throw new APIError('BAD_REQUEST', { code: 'INVALID_NAME', message: messages[0], errors: { name: messages } });
}

/** The body field that carries a new password, on each path that sets one. */
const NEW_PASSWORD_FIELDS = new Map<string, string>([
  ['/sign-up/email', 'password'],
  ['/reset-password', 'newPassword'],
  ['/change-password', 'newPassword'],
]);

/** The new password a request sets, if it is one of the paths that set one. */
export function newPasswordOf(path: string | undefined, body: unknown): string | undefined {
  const field = path === undefined ? undefined : NEW_PASSWORD_FIELDS.get(path);
  if (!field || body === null || typeof body !== 'object') return undefined;
  const password = (body as Record<string, unknown>)[field];
  // A password too short is refused by the length rule first, with the spec's message.
  return typeof password === 'string' && password.length >= PASSWORD_MIN_LENGTH ? password : undefined;
}

/**
 * Refuses a weak new password wherever one is set (common-passwords.ts): one of the most common,
 * one of very few distinct characters, or one containing `email`, the account's address.
 */
export function refuseWeakPassword(path: string | undefined, body: unknown, email?: string): void {
  const password = newPasswordOf(path, body);
  const reason = password === undefined ? null : weakPasswordReason(password, email);
  if (!reason) return;
  const message = WEAK_PASSWORD_MESSAGES[reason];
  throw new APIError('BAD_REQUEST', {
    code: reason === 'common' ? 'PASSWORD_TOO_COMMON' : 'PASSWORD_TOO_WEAK',
    message,
    errors: { password: [message] },
  });
}

/**
 * The address of the account a new password is for: the sign-up's, the signed-in account's, or
 * the account the reset token names (Better Auth keeps it as `reset-password:<token>`, the one
 * place that knows; a token it does not find is refused by Better Auth itself).
 */
async function passwordOwnerEmail(ctx: AuthMiddlewareContext, signedInUser: SignedInUser): Promise<string | undefined> {
  const body = ctx.body as Record<string, unknown> | undefined;
  if (ctx.path === '/sign-up/email') return typeof body?.email === 'string' ? body.email : undefined;
  if (ctx.path === '/change-password') return ctx.headers ? (await signedInUser(ctx.headers))?.email : undefined;
  const token = typeof body?.token === 'string' ? body.token : (ctx.query as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string' || token === '') return undefined;
  const reset = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return reset ? (await ctx.context.internalAdapter.findUserById(reset.value))?.email : undefined;
}

type AuthMiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
/**
 * The signed-in account, read as Better Auth's session endpoint reads it (a bearer token
 * included: the bearer plugin turns it into a cookie only for the endpoint, after our hook).
 */
type SignedInUser = (headers: Headers) => Promise<{ id: string; email: string } | undefined>;

/** The paths whose new session has passed a second factor (a code, or a backup code). */
const SECOND_FACTOR_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/**
 * Whether a session being made has passed a second factor: made by one of the second step's
 * paths, or replacing (change of password) a session that had.
 */
export function sessionPassedSecondFactor(path: string | undefined, replacing?: unknown): boolean {
  if (path !== undefined && SECOND_FACTOR_PATHS.has(path)) return true;
  const current = (replacing as { session?: { secondFactorVerified?: unknown } } | null | undefined)?.session;
  return path === '/change-password' && current?.secondFactorVerified === true;
}

/** The message a Google sign-in into an account with two-step sign-in is sent back with. */
export const GOOGLE_NEEDS_SECOND_FACTOR =
  'This account uses two-step sign-in. Sign in with your email, password and the code from your app.';

/**
 * Whose second factor a request checks: the signed-in account (turning two-step sign-in on), or
 * the one the sign-in's signed `two_factor` challenge cookie names (as two-factor-account.ts).
 */
async function secondFactorAccount(ctx: AuthMiddlewareContext, signedInUser: SignedInUser): Promise<string | undefined> {
  const user = ctx.headers ? await signedInUser(ctx.headers) : undefined;
  if (user) return user.id;
  const identifier = await ctx.getSignedCookie(ctx.context.createAuthCookie('two_factor').name, ctx.context.secret);
  if (!identifier) return undefined;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return challenge && challenge.expiresAt.valueOf() > Date.now() ? challenge.value : undefined;
}

/**
 * `mail`: Better Auth's mails (verification) go into our outbox, never straight to SMTP from
 * inside its request.
 */
/**
 * Why a password-reset link is being made, when not at the account owner's request: set only by
 * our own server code around `auth.api.requestPasswordReset` (never from a request), read by
 * `sendResetPassword` for the mail's wording. Better Auth calls it within that call.
 */
const resetPurpose = new AsyncLocalStorage<'staff' | 'patient'>();

/** How long a welcome's set-password link lasts: days, not a reset link's hour (issue 31). */
export const WELCOME_LINK_DAYS = 7;

/**
 * Runs `work` (signing up an account someone else makes, then asking for its password link) as
 * a welcome: the link's mail is the staff or patient welcome, it lasts WELCOME_LINK_DAYS, and no
 * separate "confirm your address" mail goes (the welcome's link proves the address when used).
 */
export function asWelcome<T>(kind: 'staff' | 'patient', work: () => Promise<T>): Promise<T> {
  return resetPurpose.run(kind, work);
}

/**
 * How password accounts' passwords are hashed and checked. Better Auth's own (scrypt, about 0.2 s
 * a hash on the CI machine, deliberately) unless the app is built with another: the integration
 * tests use a quick one (test/helper.ts), since hundreds of sign-ups were minutes of their run.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

export function createAuth(config: Config, db: Db, mail: MailService, passwordHasher?: PasswordHasher) {
  // Bound once the instance exists, before any request can reach the hook that uses it.
  let signedInUser: SignedInUser = async () => undefined;
  const totpOnce: TotpOnceDeps = {
    findSecret: (userId) => findTotpSecret(db, userId),
    claimStep: (userId, step) => claimTotpStep(db, userId, step),
  };
  const auth = betterAuth({
    appName: 'Doctors Portal',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      // Set by databaseHooks.session.create below, never from a request.
      additionalFields: {
        secondFactorVerified: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      ...(passwordHasher && { password: passwordHasher }),
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      // The mail links to the web app's page, which posts the token with the new password; Better
      // Auth's own GET /reset-password/:token (a redirect) is not served.
      async sendResetPassword({ user, token }) {
        const url = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        const to = { userId: user.id, email: user.email, name: user.name, url };
        // An account someone else just made gets the same link worded as a welcome, for days.
        const welcome = resetPurpose.getStore();
        if (!welcome) return mail.queuePasswordReset(db, to);
        const now = new Date();
        await extendNewestResetLink(db, user.id, now, new Date(now.getTime() + WELCOME_LINK_DAYS * 86_400_000));
        await (welcome === 'staff' ? mail.queueStaffWelcome(db, to) : mail.queuePatientWelcome(db, to));
      },
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_SECONDS,
      // Whoever knew the old password (or holds a stolen session) is out once it is reset.
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      // Every new password account gets the mail; whether an unverified one may book is
      // REQUIRE_EMAIL_VERIFICATION's (the booking service). The link goes through Better Auth's
      // own endpoint, which marks the address verified and sends the browser to /verify-email
      // (with ?error=… when the link was bad or old). Following it does not sign anyone in: the
      // link may be opened on another device than the one the patient uses.
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 3600,
      async sendVerificationEmail({ user, token }) {
        // The operator's account is made verified at start-up (users.service ensureAdmin); an
        // account someone else made gets a welcome whose link proves the address instead.
        if (config.admin && user.email === config.admin.email) return;
        if (resetPurpose.getStore()) return;
        const url = `${config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent('/verify-email')}`;
        await mail.queueEmailVerification(db, { userId: user.id, email: user.email, name: user.name, url });
      },
    },
    // Reset and verification tokens are kept as hashes: a copy of the table opens no account.
    verification: { storeIdentifier: 'hashed' },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // A verification link works once (email-link-once.ts). Sent to our own page, never to the
        // link's callbackURL: Better Auth checks that URL's origin only inside its handler.
        if (ctx.path === '/verify-email' && !(await claimEmailLink(ctx))) {
          throw ctx.redirect(`/verify-email?error=${EMAIL_LINK_ALREADY_USED}`);
        }
        if (newPasswordOf(ctx.path, ctx.body) !== undefined) {
          refuseWeakPassword(ctx.path, ctx.body, await passwordOwnerEmail(ctx, signedInUser));
        }
        // An authenticator code is good once (totp-once.ts).
        const code = (ctx.body as { code?: unknown } | undefined)?.code;
        if (ctx.path === '/two-factor/verify-totp' && typeof code === 'string') {
          const account = await secondFactorAccount(ctx, signedInUser);
          if (account && !(await claimTotpCode(totpOnce, account, code, ctx.context.secretConfig))) {
            throw new APIError('UNAUTHORIZED', { code: 'TOTP_CODE_USED', message: TOTP_CODE_USED_MESSAGE });
          }
        }
      }),
      // Better Auth's twoFactor plugin challenges the password sign-in only: Google's callback
      // would make a full session for an account with two-step sign-in on. Such a callback's
      // session is withdrawn (row and cookie) and the browser sent back to the login page, which
      // shows the reason under the form. docs/decisions/024.
      after: createAuthMiddleware(async (ctx) => {
        const made = ctx.context.newSession;
        if (!ctx.path.startsWith('/callback/') || !made?.user.twoFactorEnabled) return;
        await ctx.context.internalAdapter.deleteSession(made.session.token);
        deleteSessionCookie(ctx, true);
        ctx.context.setNewSession(null);
        const params = new URLSearchParams({ google: 'failed', error: 'two_factor_required', error_description: GOOGLE_NEEDS_SECOND_FACTOR });
        throw ctx.redirect(`/login?${params.toString()}`);
      }),
    },
    // Our profile's phone (PATCH /api/me): known to Better Auth so its reads carry it as ours do,
    // never taken from a sign-up or its own update endpoint.
    user: {
      additionalFields: {
        phone: { type: 'string', required: false, defaultValue: '', input: false },
        remindersOptOut: { type: 'boolean', required: false, defaultValue: false, input: false },
        recallOptOut: { type: 'boolean', required: false, defaultValue: false, input: false },
        // Texts go to this number (E.164) while the patient takes them (PATCH /api/me {smsOptIn}).
        smsPhone: { type: 'string', required: false, input: false },
        // The doctor a doctor's account works as (set by an admin, users module): read with the
        // session so the caller knows its lane.
        doctorId: { type: 'string', required: false, input: false },
        // A dependent's row (practice-loop.md section 7, decision 037) and its date of birth:
        // read with a session as ours are; never anyone's input here.
        kind: { type: 'string', required: false, input: false },
        dateOfBirth: { type: 'string', required: false, input: false },
        // The language of the account's mails (practice-loop.md section 9), set by PATCH /api/me.
        // Not an input, though a validator could hold it to our languages: Better Auth also fills
        // input fields from an OAuth provider's profile, whose OpenID `locale` claim (`en-GB`) would
        // then fail a Google sign-in, or overwrite the patient's own choice at each one. A sign-up
        // takes the browser's language instead (the user create hook below).
        locale: { type: 'string', required: false, input: false },
      },
      // A new address takes effect only when the link mailed to it is followed (the verification
      // mail above, sent to the new address): nobody can move an account to an address they do
      // not hold, and a typo cannot lock the patient out.
      changeEmail: { enabled: true },
    },
    databaseHooks: {
      // REQUIRE_ADMIN_2FA counts a session only if its sign-in passed a second factor (caller.ts).
      session: {
        create: {
          before: async (session, context) => ({
            data: { ...session, secondFactorVerified: sessionPassedSecondFactor(context?.path, context?.context.session) },
          }),
        },
      },
      user: {
        create: {
          before: async (user, context) => {
            // A patient signing up (by password or Google) reads in their browser's language, when
            // it is one of ours; an account someone else makes (a welcome) keeps the clinic's default.
            const locale = resetPurpose.getStore() ? null : bestLocale(context?.headers?.get('accept-language'));
            return {
              data: { ...user, name: accountName(user.name, context?.path, user.email.split('@')[0] ?? ''), ...(locale ? { locale } : {}) },
            };
          },
        },
        update: {
          before: async (user, context) => {
            let data = user;
            if ('name' in data) data = { ...data, name: accountName(data.name, context?.path, 'Patient') };
            // A new address arrives through the link mailed to it (change-email): following that
            // link proves it, whatever the old address's state was (Better Auth keeps the old one's).
            if (context?.path === '/verify-email' && typeof data.email === 'string') data = { ...data, emailVerified: true };
            return data === user ? undefined : { data };
          },
        },
      },
    },
    // Our own limiter runs in front of these routes and keeps its counters in the database, so
    // that every instance shares them (modules/rate-limit).
    rateLimit: { enabled: false },
    // The session and its user in one query (the relations in db/schema/auth.ts), not two.
    advanced: { database: { joins: true } },
    telemetry: { enabled: false },
    logger: { level: 'error' },
    account: {
      accountLinking: {
        enabled: true,
        // A Google account joins an existing password account with its email only when Google
        // says the address is verified (the id token's email_verified) and the password
        // account's owner proved the address too, so that nobody can pre-register a victim's
        // Gmail address and keep a password into the account Google later links to
        // (docs/decisions/004).
        requireLocalEmailVerified: true,
      },
    },
    plugins: [
      // Two-step sign-in, for any account that turns it on: an authenticator app's code (TOTP),
      // or one of ten single-use backup codes. With it on, sign-in answers `twoFactorRedirect`
      // and the session (so the spec's accessToken) exists only after the second factor.
      // Before bearer: its hook then sees the password step's session already withdrawn and
      // hands out no token for it. docs/decisions/013.
      // Backup codes without look-alike characters (backup-codes.ts).
      twoFactor({ issuer: TWO_FACTOR_ISSUER, backupCodeOptions: { customBackupCodesGenerate: () => generateBackupCodes() } }),
      bearer({ requireSignature: true }),
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      ...(config.google
        ? [
            // Google through OpenID Connect discovery, so GOOGLE_ISSUER can point at a local
            // provider in tests; the callback is /api/auth/callback/google.
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: `${config.google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
  signedInUser = async (headers) => (await auth.api.getSession({ headers }))?.user;
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
