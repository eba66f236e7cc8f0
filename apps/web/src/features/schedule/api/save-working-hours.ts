/**
 * `PUT /api/admin/working-hours?doctorId=` (admin): replaces the clinic's weekly hours, or one
 * doctor's (`weekdays: null`: the doctor follows the clinic's). Bookings now outside the hours
 * stay booked; their ids come back in `affectedBookings` for the admin to see to.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Weekdays, workingHoursSavedSchema } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { workingHoursPath, workingHoursQueryOptions } from './get-working-hours.ts';
import { invalidateSchedule } from './invalidate-schedule.ts';

export type WorkingHoursSaved = z.infer<typeof workingHoursSavedSchema>;
export type SaveWorkingHoursInput = { doctorId: string | null; weekdays: Weekdays | null };

export function saveWorkingHours({
  doctorId,
  weekdays,
}: SaveWorkingHoursInput): Promise<WorkingHoursSaved> {
  return api.put<WorkingHoursSaved>(workingHoursPath(doctorId), { weekdays });
}

export function useSaveWorkingHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkingHours,
    onSuccess: ({ doctorId, weekdays }, input) => {
      const { queryKey } = workingHoursQueryOptions(input.doctorId);
      queryClient.setQueryData(queryKey, { doctorId, weekdays });
      invalidateSchedule(queryClient, []);
    },
  });
}
