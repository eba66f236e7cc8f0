/** `GET /api/doctors/public` (anyone): the clinic's doctors, for choosing whose day to see. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicDoctor } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export function getPublicDoctors(signal?: AbortSignal): Promise<PublicDoctor[]> {
  return api.get<PublicDoctor[]>('/doctors/public', signal);
}

export function publicDoctorsQueryOptions() {
  return queryOptions({ queryKey: ['doctors', 'public'], queryFn: ({ signal }) => getPublicDoctors(signal) });
}

export function usePublicDoctors(isEnabled = true) {
  return useQuery({ ...publicDoctorsQueryOptions(), enabled: isEnabled });
}
