/**
 * `POST /api/booking/:id/pay`: pays a booking through the built-in test-mode processor (no real
 * charge). 402 is a declined card, 400 names bad fields, 409 says it is already paid or cancelled.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { testCardPaymentSchema } from '@clinic/shared';
import { api, isApiError } from '../../../lib/api-client.ts';
import { refreshAfterPayment } from './get-booking.ts';

/** The card as the shared schema leaves it: the number as bare digits. */
export type TestCard = z.output<typeof testCardPaymentSchema>;
export type PaymentDone = { paid: true; transactionId: string };

export function payWithTestCard(bookingId: string, card: TestCard): Promise<PaymentDone> {
  return api.post<PaymentDone>(`/booking/${encodeURIComponent(bookingId)}/pay`, card);
}

export function usePayWithTestCard(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: TestCard) => payWithTestCard(bookingId, card),
    onSettled: (_done, error) => {
      if (!error || (isApiError(error) && error.status === 409)) {
        refreshAfterPayment(queryClient, bookingId);
      }
    },
  });
}
