/** `GET /api/admin/:email` (bearer): whether this account is an admin. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type AdminResponse = { admin: boolean };

export function getAdmin(email: string, signal?: AbortSignal): Promise<AdminResponse> {
  return api.get<AdminResponse>(`/admin/${encodeURIComponent(email.toLowerCase())}`, signal);
}

export function adminQueryOptions(email: string) {
  return queryOptions({
    queryKey: ['admin', email.toLowerCase()],
    queryFn: ({ signal }) => getAdmin(email, signal),
  });
}
