/**
 * `POST /api/booking/:id/payment-confirmation`: after Stripe.js confirms the payment in the
 * browser, the server asks Stripe itself whether the intent succeeded and marks the booking paid
 * (402 when it has not gone through yet).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshAfterPayment } from './get-booking.ts';
import type { PaymentDone } from './pay-with-test-card.ts';

export function confirmStripePayment(bookingId: string): Promise<PaymentDone> {
  return api.post<PaymentDone>(
    `/booking/${encodeURIComponent(bookingId)}/payment-confirmation`,
    {},
  );
}

export function useConfirmStripePayment(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmStripePayment(bookingId),
    onSuccess: () => refreshAfterPayment(queryClient, bookingId),
  });
}
