/**
 * `GET /api/clinic` (public): the clinic's own details. The home page's cards, the footer, the
 * contact, about and legal pages and the patients' times all follow it, so it lives here rather
 * than in one feature. An empty text means "not set": callers then show what a fresh install
 * shows. While it loads or when it fails, it is simply absent (`data` undefined).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClinicProfile } from '@clinic/shared';
import { api } from './api-client.ts';

export const clinicQueryKey = ['clinic'] as const;

// The profile changes when the owner edits it (which refreshes it), rarely otherwise.
const CLINIC_STALE_MS = 30 * 60 * 1000;

export function getClinic(signal?: AbortSignal): Promise<ClinicProfile> {
  return api.get<ClinicProfile>('/clinic', signal);
}

export function clinicQueryOptions() {
  return queryOptions({
    queryKey: clinicQueryKey,
    queryFn: ({ signal }) => getClinic(signal),
    staleTime: CLINIC_STALE_MS,
    gcTime: CLINIC_STALE_MS,
  });
}

export function useClinic() {
  return useQuery(clinicQueryOptions());
}

/** The zone the clinic's times are shown in, once known (undefined: the browser's own). */
export function useClinicTimeZone(): string | undefined {
  const { data } = useClinic();
  return data?.timezone || undefined;
}
