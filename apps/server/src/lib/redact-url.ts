/**
 * Request URLs as they go into the log: the API names patients by email in paths
 * (`/api/user/<email>`, `/api/admin/<email>`) and in `?patient=`, and logs outlive patients'
 * consent and are read by more people than the database. Email-looking path segments and query
 * values, and every `patient` value, are replaced.
 */
const REDACTED = '[redacted]';

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

const looksLikeEmail = (text: string) => decode(text).includes('@');

export function redactUrl(url: string): string {
  // Most URLs hold nothing to take out: no '@', plain or percent-encoded, and no `patient`.
  if (!url.includes('@') && !url.includes('%') && !url.includes('patient')) return url;
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const safePath = path
    .split('/')
    .map((segment) => (looksLikeEmail(segment) ? REDACTED : segment))
    .join('/');
  if (queryStart === -1) return safePath;
  const safeQuery = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const name = separator === -1 ? pair : pair.slice(0, separator);
      const value = separator === -1 ? '' : pair.slice(separator + 1);
      if (decode(name) === 'patient' || looksLikeEmail(value)) return `${name}=${REDACTED}`;
      return looksLikeEmail(name) ? REDACTED : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}
