/**
 * `POST /api/admin/schedule-exceptions?cancelAffected=` (admin): adds a closure, leave, a blocked
 * stretch or special hours. A closure or block over confirmed bookings answers 409
 * `has_future_bookings` listing them, unless `cancelAffected` is set: then they are cancelled
 * and each patient is mailed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduleException, ScheduleExceptionRequest } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { scheduleExceptionsQueryKey } from './get-schedule-exceptions.ts';
import { invalidateSchedule } from './invalidate-schedule.ts';

export type CreateScheduleExceptionInput = {
  exception: ScheduleExceptionRequest;
  cancelAffected: boolean;
};

export function createScheduleException({
  exception,
  cancelAffected,
}: CreateScheduleExceptionInput): Promise<ScheduleException> {
  return api.post<ScheduleException>(
    `/admin/schedule-exceptions?cancelAffected=${String(cancelAffected)}`,
    exception,
  );
}

export function useCreateScheduleException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScheduleException,
    onSuccess: (_data, { cancelAffected }) =>
      invalidateSchedule(queryClient, [scheduleExceptionsQueryKey], {
        bookingsCancelled: cancelAffected,
      }),
  });
}
