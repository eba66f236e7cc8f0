/**
 * `PUT /api/user/:email`: after a sign-in or sign-up the client exchanges the identity session
 * (its cookie) for the access token (spec section 4), stores it, and reloads the auth state
 * before navigating on. The email in the path must be the signed-in account's own.
 */
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setAccessToken } from '../../../lib/token-storage.ts';
import { meQueryOptions } from './get-me.ts';

export type AccessTokenResponse = { token: string };

export function exchangeAccessToken(email: string): Promise<AccessTokenResponse> {
  const normalized = email.toLowerCase();
  return api.put<AccessTokenResponse>(`/user/${encodeURIComponent(normalized)}`, {
    email: normalized,
  });
}

/** The token step every successful sign-in and sign-up ends with. */
export async function completeSignIn(queryClient: QueryClient, email: string): Promise<void> {
  const { token } = await exchangeAccessToken(email);
  setAccessToken(token);
  // Fetch now (not just invalidate) so a guarded page we return to already sees the user.
  await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
}
