/**
 * `POST /api/auth/sign-in/social`: starts the Google (OpenID Connect) flow. The browser follows
 * the returned `url` to the provider and comes back to the page it started on (login or sign-up)
 * with `google=done` (then the token step runs) or with the provider's `error`.
 */
import { api } from '../../../lib/api-client.ts';

export type SocialSignInResponse = { url: string; redirect?: boolean };

/** Where the provider sends the browser back: the same screen, remembering the return path. */
export function googleReturnUrls(screen: '/login' | '/register', returnPath: string) {
  const from = encodeURIComponent(returnPath);
  return {
    callbackURL: `${screen}?google=done&from=${from}`,
    errorCallbackURL: `${screen}?google=failed&from=${from}`,
  };
}

export function signInWithGoogle(screen: '/login' | '/register', returnPath: string): Promise<SocialSignInResponse> {
  return api.post<SocialSignInResponse>('/auth/sign-in/social', {
    provider: 'google',
    ...googleReturnUrls(screen, returnPath),
  });
}
