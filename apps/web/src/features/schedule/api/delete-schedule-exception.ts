/** `DELETE /api/admin/schedule-exceptions/:id` (admin): the closed or blocked time opens again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { scheduleExceptionsQueryKey } from './get-schedule-exceptions.ts';
import { invalidateSchedule } from './invalidate-schedule.ts';

export function deleteScheduleException(id: string): Promise<void> {
  return api.delete<void>(`/admin/schedule-exceptions/${encodeURIComponent(id)}`);
}

export function useDeleteScheduleException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScheduleException,
    onSettled: () => invalidateSchedule(queryClient, [scheduleExceptionsQueryKey]),
  });
}
