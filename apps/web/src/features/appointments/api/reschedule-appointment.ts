/**
 * `POST /api/booking/:id/reschedule`: moves the booking to another free time of its treatment
 * (and, for one with doctors, possibly another doctor). `If-Match: "v<version>"` names the
 * version the patient was looking at: if the booking changed since, the server answers 412
 * rather than move something the patient has not seen. A time taken meanwhile is the spec's
 * conflict (409 with `{ success: false, booking }`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, RescheduleRequest } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { availabilityQueryKey } from '../../../lib/query-keys.ts';
import { refreshAfterChange } from './get-appointment.ts';

export type RescheduleResult = { booking: Booking };

export function rescheduleAppointment(
  id: string,
  version: number,
  input: RescheduleRequest,
): Promise<RescheduleResult> {
  return api.post<RescheduleResult>(`/booking/${encodeURIComponent(id)}/reschedule`, input, {
    'If-Match': `"v${version}"`,
  });
}

export function useRescheduleAppointment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, input }: { version: number; input: RescheduleRequest }) =>
      rescheduleAppointment(id, version, input),
    // Whatever the answer, the booking or the free times may have changed: a 412 needs the new
    // version, a 409 the slots without the one just taken.
    onSettled: () => {
      refreshAfterChange(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: availabilityQueryKey });
    },
  });
}
