/**
 * `POST /api/waitlist/offers/:id/claim`: books the offered time through the ordinary booking path
 * and answers as `POST /api/booking` does. The time is not held for the offer, so whoever books
 * first wins: 409 `slot_taken` for the others, 410 `offer_expired` after the offer's deadline.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, WaitlistClaim } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { availableQueryKey, bookingsQueryKey } from '../../../lib/query-keys.ts';
import { waitlistQueryKey } from './get-waitlist.ts';

export type OfferClaimed = { success: true; booking: Booking };

export function claimOffer(offerId: string, input: WaitlistClaim): Promise<OfferClaimed> {
  return api.post<OfferClaimed>(`/waitlist/offers/${encodeURIComponent(offerId)}/claim`, input);
}

export function useClaimOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, ...input }: WaitlistClaim & { offerId: string }) =>
      claimOffer(offerId, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
      void queryClient.invalidateQueries({ queryKey: availableQueryKey });
    },
    // Won or lost, the offers have changed: the winner's entry is booked, a loser's waits again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistQueryKey }),
  });
}
