/**
 * Whether a URL we put in a page is a path on our own origin. `//host/x` and `/\host/x` begin
 * with a slash but name another host (browsers read a backslash as a slash, and drop tabs and
 * line breaks before reading), so the string is resolved as a browser would and the origin kept
 * only when it is ours.
 */
const BASE = new URL('https://same-origin.invalid/');

export function isSameOriginPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  try {
    return new URL(value, BASE).origin === BASE.origin;
  } catch {
    return false;
  }
}
