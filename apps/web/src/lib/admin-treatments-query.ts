/**
 * `GET /api/admin/treatments` (admin): every treatment the clinic offers or once offered
 * (archived ones too), with price in dollars, duration, whether it needs a doctor and who does it.
 * The schedule screens edit them; the front desk filters by them and books them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTreatment } from '@clinic/shared';
import { api } from './api-client.ts';

export const adminTreatmentsQueryKey = ['admin-treatments'] as const;

export function getAdminTreatments(signal?: AbortSignal): Promise<AdminTreatment[]> {
  return api.get<AdminTreatment[]>('/admin/treatments', signal);
}

export function adminTreatmentsQueryOptions() {
  // Another admin may have changed them: show the cached list at once, but always ask again.
  return queryOptions({
    queryKey: adminTreatmentsQueryKey,
    queryFn: ({ signal }) => getAdminTreatments(signal),
    staleTime: 0,
  });
}

export function useAdminTreatments() {
  return useQuery(adminTreatmentsQueryOptions());
}
