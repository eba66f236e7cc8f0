/**
 * `POST /api/booking/:id/cancel`: the patient cancels before the deadline; a paid booking is
 * refunded (the answer's `refund`, pending until the card processor confirms it). After the
 * deadline the server answers 409 `cancel_window_closed` with the clinic's phone.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BookingDetail, cancelRequestSchema, cancelResultSchema } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { appointmentQueryKey, refreshAfterChange } from './get-appointment.ts';

export type CancelRequest = z.input<typeof cancelRequestSchema>;
export type CancelResult = z.infer<typeof cancelResultSchema>;

export function cancelAppointment(id: string, input: CancelRequest): Promise<CancelResult> {
  return api.post<CancelResult>(`/booking/${encodeURIComponent(id)}/cancel`, input);
}

export function useCancelAppointment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CancelRequest) => cancelAppointment(id, input),
    onSuccess: ({ booking, refund }) => {
      // Shown as cancelled at once; the history with its new entry follows from the refetch.
      queryClient.setQueryData<BookingDetail>(appointmentQueryKey(id), (current) =>
        current ? { ...current, ...booking, refund: refund ?? booking.refund } : current,
      );
    },
    // A refusal may mean the booking changed (the deadline passed, the clinic cancelled it).
    onSettled: () => refreshAfterChange(queryClient, id),
  });
}
