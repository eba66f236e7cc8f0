import { useLocation } from 'react-router';

/** Router state a guard leaves when it sends a visitor to /login. */
export type ReturnState = { from?: string };

/** Only paths of this app: a protocol-relative `//host` or a full URL would leave the portal. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/';
  if (/^\/(login|register)(?:[/?#]|$)/.test(value)) return '/';
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
