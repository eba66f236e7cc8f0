/**
 * Request URLs as they go into the log: the API names patients by email in paths
 * (`/api/user/<email>`, `/api/admin/<email>`) and in `?patient=`, and logs outlive patients'
 * consent and are read by more people than the database. Email-looking path segments and query
 * values, and every `patient` value, are replaced.
 *
 * Credentials carried in a URL are replaced too: a mail's link holds a token (the verification
 * link's token is a signed JWT naming the address), an OAuth callback a code, and a log line
 * must not be a way to replay them. Query values named like a credential (`token`, `code`,
 * `otp`, `state`, `secret`, `password`, `…_token`, ...), the segment after a path that takes a
 * token (`/reset-password/<token>`, `/verify-email/<token>`, a signed link's `/l/<token>` and
 * `/api/links/<token>/…`), and any JWT-shaped segment or value.
 */
const REDACTED = '[redacted]';

/** Query parameters whose values are credentials, whatever else they look like. */
const CREDENTIAL_PARAM = /token|^(?:code|otp|totp|state|secret|password|pass|pwd|signature|sig|key|apikey|api_key|ticket)$/i;
/** Path segments whose next segment is a token. */
const TOKEN_PATH = /^(?:reset-password|verify-email|verify|magic-link|invite|token|l|links)$/i;
/** A JWT (three base64url parts, the first a JSON object) anywhere in the URL. */
const JWT = /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/;
/** Nothing to take out unless one of these occurs (most URLs: `/api/available?date=…`). */
const MAY_HOLD_SECRETS = /[@%]|patient|token|code|otp|state|secret|pass|pwd|sig|key|ticket|eyJ|verify|reset|magic|invite|\/l\/|links/i;

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

const looksLikeEmail = (text: string) => decode(text).includes('@');
const looksLikeSecret = (text: string) => looksLikeEmail(text) || JWT.test(decode(text));

export function redactUrl(url: string): string {
  if (!MAY_HOLD_SECRETS.test(url)) return url;
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const segments = path.split('/');
  const safePath = segments
    .map((segment, i) => {
      const afterTokenPath = i > 0 && segment !== '' && TOKEN_PATH.test(decode(segments[i - 1]!));
      return afterTokenPath || looksLikeSecret(segment) ? REDACTED : segment;
    })
    .join('/');
  if (queryStart === -1) return safePath;
  const safeQuery = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const name = separator === -1 ? pair : pair.slice(0, separator);
      const value = separator === -1 ? '' : pair.slice(separator + 1);
      const plainName = decode(name);
      if (plainName === 'patient' || CREDENTIAL_PARAM.test(plainName) || looksLikeSecret(value)) {
        return `${name}=${REDACTED}`;
      }
      return looksLikeSecret(name) ? REDACTED : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}
