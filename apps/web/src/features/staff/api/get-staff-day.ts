/** `GET /api/staff/day` (receptionist, doctor, admin): one doctor's patients on one date. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IsoDate, StaffDay } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export const staffDayQueryKey = ['staff-day'] as const;

/** A doctor's account leaves `doctorId` out: the server answers with its own lane. */
export type StaffDayFilter = { date: IsoDate; doctorId?: string };

export function getStaffDay({ date, doctorId }: StaffDayFilter, signal?: AbortSignal): Promise<StaffDay> {
  const search = new URLSearchParams({ date });
  if (doctorId) search.set('doctorId', doctorId);
  return api.get<StaffDay>(`/staff/day?${search.toString()}`, signal);
}

export function staffDayQueryOptions(filter: StaffDayFilter) {
  return queryOptions({
    queryKey: [...staffDayQueryKey, filter.date, filter.doctorId ?? 'own'],
    queryFn: ({ signal }) => getStaffDay(filter, signal),
    // Patients arrive and are marked by others at the desk: always ask again on return.
    staleTime: 0,
  });
}

export function useStaffDay(filter: StaffDayFilter, isEnabled = true) {
  return useQuery({ ...staffDayQueryOptions(filter), enabled: isEnabled });
}
