/**
 * `GET /api/doctors/public` (anyone): the clinic's doctors by id and name, for the front desk's
 * filters and for choosing whose day to see. The owner's `GET /api/doctor` (emails too) is not the
 * receptionist's to read.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicDoctor } from '@clinic/shared';
import { api } from './api-client.ts';

export function getClinicDoctors(signal?: AbortSignal): Promise<PublicDoctor[]> {
  return api.get<PublicDoctor[]>('/doctors/public', signal);
}

export function clinicDoctorsQueryOptions() {
  return queryOptions({ queryKey: ['doctors', 'public'], queryFn: ({ signal }) => getClinicDoctors(signal) });
}

export function useClinicDoctors(isEnabled = true) {
  return useQuery({ ...clinicDoctorsQueryOptions(), enabled: isEnabled });
}
