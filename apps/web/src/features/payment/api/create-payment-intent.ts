/**
 * `POST /api/booking/:id/payment-intent`: the Stripe PaymentIntent for the booking's own amount.
 * The server hands back the open intent when there is one, so asking again (a remount, a second
 * tab) does not create another: that is why it can be read like a query.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { paymentIntentSchema } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

export function createPaymentIntent(bookingId: string): Promise<PaymentIntent> {
  return api.post<PaymentIntent>(`/booking/${encodeURIComponent(bookingId)}/payment-intent`, {});
}

export function paymentIntentQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: ['payment-intent', bookingId],
    queryFn: () => createPaymentIntent(bookingId),
    // One intent per visit of the page; a later visit asks the server again.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function usePaymentIntent(bookingId: string) {
  return useQuery(paymentIntentQueryOptions(bookingId));
}
