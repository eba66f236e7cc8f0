/**
 * `GET /api/audit` (admin): who did what, when, newest first, narrowed by exact actor address,
 * action and target; `before` (the oldest entry's time) pages back.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export type AuditFilters = { actor: string; action: string; target: string };

export const AUDIT_PAGE_SIZE = 50;

export function getAudit(filters: AuditFilters, before: string | undefined, signal?: AbortSignal): Promise<AuditEntry[]> {
  const search = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  for (const key of ['actor', 'action', 'target'] as const) {
    const value = filters[key].trim();
    if (value) search.set(key, value);
  }
  if (before) search.set('before', before);
  return api.get<AuditEntry[]>(`/audit?${search.toString()}`, signal);
}

export function auditQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: ['audit', filters],
    queryFn: ({ pageParam, signal }) => getAudit(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // A short page is the last one; otherwise the next page ends before its oldest entry.
    getNextPageParam: (last) => (last.length < AUDIT_PAGE_SIZE ? undefined : last[last.length - 1]?.at),
    staleTime: 0,
  });
}

export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery(auditQueryOptions(filters));
}
