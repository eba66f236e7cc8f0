/** `GET /api/service`: the treatments' names, the choices of the waitlist page's join dialog. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export function getTreatments(signal?: AbortSignal): Promise<Service[]> {
  return api.get<Service[]>('/service', signal);
}

export function treatmentsQueryOptions() {
  return queryOptions({ queryKey: ['services'], queryFn: ({ signal }) => getTreatments(signal) });
}

export function useTreatments() {
  return useQuery(treatmentsQueryOptions());
}
