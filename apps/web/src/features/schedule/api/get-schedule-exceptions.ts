/**
 * `GET /api/admin/schedule-exceptions?from&to&doctorId` (admin): closures, leave, blocked
 * stretches and special hours that touch the dates asked about.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IsoDate, ScheduleException } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

/** Every list of exceptions, as a prefix: the query adds whose and from when. */
export const scheduleExceptionsQueryKey = ['schedule-exceptions'] as const;

export type ScheduleExceptionsFilter = { doctorId: string | null; from: IsoDate };

export function getScheduleExceptions(
  { doctorId, from }: ScheduleExceptionsFilter,
  signal?: AbortSignal,
): Promise<ScheduleException[]> {
  const query = new URLSearchParams({ from });
  if (doctorId) query.set('doctorId', doctorId);
  return api.get<ScheduleException[]>(`/admin/schedule-exceptions?${query.toString()}`, signal);
}

export function scheduleExceptionsQueryOptions(filter: ScheduleExceptionsFilter) {
  return queryOptions({
    queryKey: [...scheduleExceptionsQueryKey, filter.doctorId ?? 'clinic', filter.from],
    queryFn: ({ signal }) => getScheduleExceptions(filter, signal),
    staleTime: 0,
  });
}

export function useScheduleExceptions(filter: ScheduleExceptionsFilter) {
  return useQuery(scheduleExceptionsQueryOptions(filter));
}
