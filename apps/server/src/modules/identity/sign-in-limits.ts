/**
 * The limits on signing in and signing up: they slow guessing down without locking people out
 * (docs/decisions/009).
 *
 * - Per address, every attempt counts against a generous cap (a clinic's Wi-Fi or a carrier's
 *   shared address carries many patients), and failed attempts against a lower one: one address
 *   cannot guess many passwords, many patients behind it can still sign in.
 * - Per account, only failures count and a success clears them. The first few are free; after
 *   that each attempt waits a delay after the last failure that doubles with every failure,
 *   up to a cap of a few minutes. Someone else's wrong guesses cost the owner a short wait,
 *   never a lockout.
 *
 * Counters live in the database (modules/rate-limit), shared by every instance.
 */
import type { Config } from '../../config.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.service.ts';

/** Failures of one account are forgotten this long after the last, or at a success. */
const ACCOUNT_MEMORY_SECONDS = 24 * 3600;

/** Longer addresses are not addresses; they must not grow the table's keys without bound. */
const MAX_KEY_EMAIL_LENGTH = 320;

/**
 * Mails with a link (a reset, a change of address) one address or account may be sent per hour,
 * whoever asks: enough for a lost or late mail, too few to flood someone's inbox. Unknown
 * addresses are counted alike, so a refusal says nothing about whether an account exists.
 */
const LINK_MAILS_PER_HOUR = 3;
const LINK_MAIL_WINDOW_SECONDS = 3600;

/** Password resets count against the address caps like sign-ins; a bad or old link is a failure. */
export type AuthAttempt = 'sign-in' | 'sign-up' | 'password-reset-request' | 'password-reset';

/**
 * Checking a second factor (a code from the app, a backup code) or the password that turns
 * two-step sign-in on or off. Its failures count per account, by user id, apart from the
 * password's: knowing the password must not clear the guesses at the code.
 */
export type SecondFactorAttempt = 'two-factor' | 'session-password' | 'change-email';

/** The key an account's failures are counted under, when this kind of attempt counts them. */
function accountFailuresKey(kind: AuthAttempt | SecondFactorAttempt, account: string): string | null {
  if (!account) return null;
  if (kind === 'sign-in') return `auth:account-failures:${account.slice(0, MAX_KEY_EMAIL_LENGTH)}`;
  if (kind === 'two-factor') return `auth:two-factor-failures:${account}`;
  // The current password re-entered by a signed-in account (changing it): a stolen session must
  // not be a way to guess it quickly.
  if (kind === 'session-password') return `auth:session-password-failures:${account}`;
  // A sign-up cannot guess a password.
  return null;
}

export function createSignInLimits(limiter: RateLimiter, config: Config['authRateLimit']) {
  const { perIp, failuresPerIp, perAccount, maxDelaySeconds, windowSeconds } = config;
  return {
    /**
     * Runs before an attempt: throws 429 (with Retry-After) when it must wait. Returns what to
     * call once the outcome is known.
     */
    async begin(kind: AuthAttempt | SecondFactorAttempt, ip: string, email: string): Promise<(succeeded: boolean) => Promise<void>> {
      await limiter.consume([
        {
          key: `auth:ip:${ip}`,
          max: perIp,
          windowSeconds,
          message: (s) => `Too many sign-in attempts from your network. Please wait ${s} seconds and try again.`,
        },
      ]);
      const ipFailures = {
        key: `auth:ip-failures:${ip}`,
        max: failuresPerIp,
        windowSeconds,
        message: (s: number) => `Too many failed sign-ins from your network. Please wait ${s} seconds and try again.`,
      };
      await limiter.check(ipFailures);

      // `email` is the account's user id for a second factor.
      const account = accountFailuresKey(kind, email);
      if (account) {
        await limiter.claimAttempt(
          account,
          { freeFailures: perAccount, maxDelaySeconds, memorySeconds: ACCOUNT_MEMORY_SECONDS },
          (s) => `Too many failed sign-ins for this account. Please wait ${s} seconds and try again.`,
        );
      }

      // Each change of address mails a link to the new one: a few an hour per account.
      if (kind === 'change-email' && email) {
        await limiter.consume([
          {
            key: `auth:change-email:${email}`,
            max: LINK_MAILS_PER_HOUR,
            windowSeconds: LINK_MAIL_WINDOW_SECONDS,
            message: (s) => `Too many changes of address asked for. Please wait ${s} seconds and try again.`,
          },
        ]);
      }

      if (kind === 'password-reset-request' && email) {
        await limiter.consume([
          {
            key: `auth:reset-requests:${email.slice(0, MAX_KEY_EMAIL_LENGTH)}`,
            max: LINK_MAILS_PER_HOUR,
            windowSeconds: LINK_MAIL_WINDOW_SECONDS,
            message: (s) => `Too many reset links asked for this address. Please wait ${s} seconds and try again.`,
          },
        ]);
      }

      return async (succeeded) => {
        if (succeeded) {
          if (account) await limiter.clear(account);
        } else {
          await limiter.count(ipFailures);
        }
      };
    },
  };
}

export type SignInLimits = ReturnType<typeof createSignInLimits>;
