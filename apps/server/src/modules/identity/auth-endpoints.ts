/**
 * Which of Better Auth's endpoints the portal serves over HTTP, and how a request's path is
 * read before anything (the rate limiter, this allowlist, Better Auth) decides on it.
 *
 * Better Auth and its plugins mount far more than the product uses (the admin plugin's
 * impersonation, role and password endpoints, account deletion, session listing...), and
 * those skip the product's own rules and audit log. Only what the web app calls is served;
 * everything else under /api/auth is a 404. The server's own `auth.api.*` calls do not go
 * through HTTP and are unaffected. docs/decisions/009.
 */
export const AUTH_BASE_PATH = '/api/auth';

export interface AuthEndpoint {
  method: 'GET' | 'POST';
  /** Below AUTH_BASE_PATH, as Better Auth names it (`/sign-in/email`). */
  path: string;
}

/** The endpoints of email and password accounts: the login and register screens, sign-out. */
const PASSWORD_ENDPOINTS: AuthEndpoint[] = [
  { method: 'POST', path: '/sign-up/email' },
  { method: 'POST', path: '/sign-in/email' },
  { method: 'POST', path: '/sign-out' },
  // The link in the mail that confirms a new account's address (it redirects to /verify-email).
  { method: 'GET', path: '/verify-email' },
  // The profile: the signed-in account changes its password (other sessions then end), sees
  // where it is signed in, and signs out everywhere else.
  { method: 'POST', path: '/change-password' },
  { method: 'POST', path: '/change-email' },
  { method: 'GET', path: '/list-sessions' },
  { method: 'POST', path: '/revoke-other-sessions' },
];

/**
 * Password reset: the forgot-password screen asks for the mail, the reset screen sends the
 * mail's token with the new password. The mail links to the web app's page, not to Better
 * Auth's `GET /reset-password/:token`, which stays unserved.
 */
const PASSWORD_RESET_ENDPOINTS: AuthEndpoint[] = [
  { method: 'POST', path: '/request-password-reset' },
  { method: 'POST', path: '/reset-password' },
];

/**
 * Two-step sign-in (docs/decisions/013): turning it on (the password, then a first code from the
 * app) and off, new backup codes, and the second step of a sign-in with a code or a backup
 * code. The email-code variant (`send-otp`, `verify-otp`) and re-showing the app's link
 * (`get-totp-uri`) are not used.
 */
const TWO_FACTOR_ENDPOINTS: AuthEndpoint[] = [
  { method: 'POST', path: '/two-factor/enable' },
  { method: 'POST', path: '/two-factor/disable' },
  { method: 'POST', path: '/two-factor/verify-totp' },
  { method: 'POST', path: '/two-factor/verify-backup-code' },
  { method: 'POST', path: '/two-factor/generate-backup-codes' },
];

/**
 * Google sign-in: the button starts the flow, Google sends the browser back to the callback,
 * and a callback that fails before it knows where to send the browser shows Better Auth's
 * error page.
 */
const GOOGLE_ENDPOINTS: AuthEndpoint[] = [
  { method: 'POST', path: '/sign-in/social' },
  { method: 'GET', path: '/callback/google' },
  { method: 'GET', path: '/error' },
];

export function servedAuthEndpoints(options: { google: boolean }): AuthEndpoint[] {
  return [
    ...PASSWORD_ENDPOINTS,
    ...PASSWORD_RESET_ENDPOINTS,
    ...TWO_FACTOR_ENDPOINTS,
    ...(options.google ? GOOGLE_ENDPOINTS : []),
  ];
}

export type AuthPath =
  | { ok: true; endpoint: AuthEndpoint; url: URL }
  | { ok: false; reason: 'not-canonical' | 'not-served' };

/**
 * Reads a request for /api/auth/* the way Better Auth will: through `new URL`, which removes
 * dot segments (`/./`, `/x/../`, and their `%2e` spellings). A path that this changes is
 * refused outright, so that no check made on one spelling can be passed with another; what
 * is left is matched exactly against the served endpoints.
 */
export function resolveAuthPath(
  method: string,
  rawUrl: string,
  publicUrl: string,
  served: AuthEndpoint[],
): AuthPath {
  const rawPath = rawUrl.split('?')[0]!;
  let url: URL;
  try {
    url = new URL(rawUrl, publicUrl);
  } catch {
    return { ok: false, reason: 'not-canonical' };
  }
  // Escapes and empty segments are refused too: no endpoint needs them, and a proxy in front
  // might read them otherwise than Better Auth's router does.
  if (url.pathname !== rawPath || /%|\/\//.test(rawPath) || !rawPath.startsWith(`${AUTH_BASE_PATH}/`)) {
    return { ok: false, reason: 'not-canonical' };
  }
  const path = rawPath.slice(AUTH_BASE_PATH.length);
  const endpoint = served.find((e) => e.method === method && e.path === path);
  return endpoint ? { ok: true, endpoint, url } : { ok: false, reason: 'not-served' };
}
