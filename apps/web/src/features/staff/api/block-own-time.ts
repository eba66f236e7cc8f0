/**
 * `POST /api/staff/blocked-time` (a doctor): takes a stretch of one day out of the doctor's own
 * lane. A confirmed booking in the way is a 409 whose detail says so; nothing is cancelled.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnBlockedTimeRequest, ScheduleException } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { availabilityQueryKey, availableQueryKey } from '../../../lib/query-keys.ts';

export function blockOwnTime(request: OwnBlockedTimeRequest): Promise<ScheduleException> {
  return api.post<ScheduleException>('/staff/blocked-time', request);
}

export function useBlockOwnTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockOwnTime,
    // Patients' free times change with it.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: availableQueryKey });
      await queryClient.invalidateQueries({ queryKey: availabilityQueryKey });
    },
  });
}
