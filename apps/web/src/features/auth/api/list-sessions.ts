/** `GET /api/auth/list-sessions` and `POST /api/auth/revoke-other-sessions`: where the account is signed in. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signedInSessionSchema, type SignedInSession } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export const sessionsQueryKey = ['sessions'] as const;

export async function listSessions(signal?: AbortSignal): Promise<SignedInSession[]> {
  const sessions = signedInSessionSchema
    .array()
    .parse(await api.get<unknown>('/auth/list-sessions', signal));
  // This device first, then the most recently used.
  return sessions.sort(
    (a, b) => Number(b.current) - Number(a.current) || b.updatedAt.localeCompare(a.updatedAt),
  );
}

export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => listSessions(signal) });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/auth/revoke-other-sessions', {}),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
