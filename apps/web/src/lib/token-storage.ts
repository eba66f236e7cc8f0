/**
 * The access token the server issues after sign-in (spec section 4), kept in localStorage under
 * the spec's key. Storage can throw (private mode, disabled storage): the app then behaves as if
 * no token were stored rather than crashing.
 */
export const ACCESS_TOKEN_KEY = 'accessToken';

export function getAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setAccessToken(token: string): void {
  try {
    localStorage.setItem(ACCESS_TOKEN_KEY, token);
  } catch {
    // Without storage the cookie session still works; bearer-only calls will ask to sign in again.
  }
}

export function clearAccessToken(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
