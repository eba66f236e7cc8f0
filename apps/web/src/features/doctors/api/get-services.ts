/** `GET /api/service`: the treatments' names, the choices of a doctor's specialty (spec section 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { servicesQueryKey } from '../../../lib/query-keys.ts';

export function getServices(signal?: AbortSignal): Promise<Service[]> {
  return api.get<Service[]>('/service', signal);
}

export function servicesQueryOptions() {
  return queryOptions({ queryKey: servicesQueryKey, queryFn: ({ signal }) => getServices(signal) });
}

export function useServices() {
  return useQuery(servicesQueryOptions());
}
