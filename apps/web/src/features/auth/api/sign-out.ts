/**
 * `POST /api/auth/sign-out`: ends the identity session and forgets the token (spec section 4).
 * The local state is cleared even when the call fails, so the screen never shows a signed-in
 * user the person asked to sign out.
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client.ts';
import { clearAccessToken } from '../../../lib/token-storage.ts';
import { meQueryKey } from './get-me.ts';

export function signOut(): Promise<unknown> {
  return api.post('/auth/sign-out', {});
}

/** Returns `signOut(redirectTo = '/')`. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (redirectTo = '/') => {
      try {
        await signOut();
      } catch {
        // The cookie session may outlive a failed call; the token and cached user go regardless.
      } finally {
        clearAccessToken();
        // Leave guarded pages first, so they do not bounce the user to /login on the way out.
        // flushSync: commit the new page before the user is cleared below; otherwise the guarded
        // page could still render signed-out and redirect to /login instead.
        flushSync(() => void navigate(redirectTo));
        // Drop everything cached for this user, then record the signed-out state.
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
        queryClient.setQueryData(meQueryKey, null);
      }
    },
    [queryClient, navigate],
  );
}
