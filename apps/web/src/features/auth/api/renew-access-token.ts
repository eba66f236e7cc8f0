/**
 * Turning two-step sign-in on or off replaces the session (Better Auth signs the browser into a
 * new one and ends the old), so the stored access token of the old one stops working. The new
 * session's cookie came with the answer: the token step runs again on it alone.
 */
import type { QueryClient } from '@tanstack/react-query';
import { clearAccessToken } from '../../../lib/token-storage.ts';
import { completeSignIn } from './exchange-access-token.ts';

export async function renewAccessToken(queryClient: QueryClient, email: string): Promise<void> {
  clearAccessToken();
  await completeSignIn(queryClient, email);
}
