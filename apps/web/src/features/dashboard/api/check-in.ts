/**
 * `POST /api/booking/:id/check-in` (no body): the patient is at the clinic (practice-loop.md
 * section 6.4). Allowed from CHECKIN_OPENS_MINUTES before the start until 30 minutes after; a
 * 409 `check_in_closed` says when in its detail. A second check-in keeps the first time.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bookingKeyOf } from '../../../lib/query-keys.ts';

export type CheckInResult = { arrivedAt: string };

export function checkIn(bookingId: string): Promise<CheckInResult> {
  return api.post<CheckInResult>(`/booking/${encodeURIComponent(bookingId)}/check-in`, undefined);
}

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkIn,
    // The appointment's page lists the check-in in its history.
    onSuccess: (_, bookingId) => queryClient.invalidateQueries({ queryKey: bookingKeyOf(bookingId) }),
  });
}
