import { useLocation } from 'react-router';

/** Router state a guard leaves when it sends a visitor to /login. */
export type ReturnState = { from?: string };

/**
 * Only paths of this app: a protocol-relative `//host` or a full URL would leave the portal, and
 * so would `/\host` or `/<tab>/host`, since browsers read a backslash as a slash and drop tabs
 * and newlines from URLs. Backslashes and control characters are refused outright.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return '/';
  if (/^\/(login|register)(?:[/?#]|$)/.test(value)) return '/';
  // Whatever else a browser makes of it, it must stay on this origin.
  const base = 'http://portal.invalid';
  if (new URL(value, base).origin !== base) return '/';
  return value;
}

/**
 * Where to go after signing in: the page the visitor came from (path and search), else '/'.
 * A guard leaves it in router state; a return from Google brings it back as `?from=`.
 */
export function useReturnPath(): string {
  const location = useLocation();
  const state = location.state as ReturnState | null;
  const fromQuery = new URLSearchParams(location.search).get('from');
  return safeReturnPath(state?.from ?? fromQuery);
}

/**
 * Where a new account goes after signing up: '/' as the spec says, unless the visitor was sent
 * to sign up from a link in a message (an invitation, `/l/:token`), which they go back to.
 */
export function signUpReturnPath(returnPath: string): string {
  return returnPath.startsWith('/l/') ? returnPath : '/';
}
