/**
 * `POST /api/auth/sign-in/social`: starts the Google (OpenID Connect) flow; the browser then
 * follows the returned `url` to the provider and comes back to `callbackURL`.
 */
import { api } from '../../../lib/api-client.ts';

export type SocialSignInResponse = { url: string; redirect?: boolean };

export function signInWithGoogle(callbackURL: string): Promise<SocialSignInResponse> {
  return api.post<SocialSignInResponse>('/auth/sign-in/social', {
    provider: 'google',
    callbackURL,
  });
}
