/**
 * `GET /api/admin/working-hours?doctorId=` (admin): the clinic's weekly hours (no doctor), or one
 * doctor's. Per ISO weekday ('1' Monday … '7' Sunday) a list of stretches in minutes after
 * midnight; gaps are breaks. A doctor's `weekdays: null` means they follow the clinic's hours.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkingHours } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

/** Everyone's hours, as a prefix: the query adds the doctor's id, or 'clinic'. */
export const workingHoursQueryKey = ['working-hours'] as const;

export function workingHoursPath(doctorId: string | null): string {
  return doctorId
    ? `/admin/working-hours?doctorId=${encodeURIComponent(doctorId)}`
    : '/admin/working-hours';
}

export function getWorkingHours(
  doctorId: string | null,
  signal?: AbortSignal,
): Promise<WorkingHours> {
  return api.get<WorkingHours>(workingHoursPath(doctorId), signal);
}

export function workingHoursQueryOptions(doctorId: string | null) {
  return queryOptions({
    queryKey: [...workingHoursQueryKey, doctorId ?? 'clinic'],
    queryFn: ({ signal }) => getWorkingHours(doctorId, signal),
    staleTime: 0,
  });
}

export function useWorkingHours(doctorId: string | null, { enabled = true } = {}) {
  return useQuery({ ...workingHoursQueryOptions(doctorId), enabled });
}
