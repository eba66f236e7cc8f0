/**
 * `POST /api/admin/bookings/:id/payment` (front desk): the patient paid the booking's price in
 * person, in cash or on the clinic's card terminal. The answer is the payment, not the booking:
 * the row is marked paid at the desk at once, then the lists ask again. A refusal (409: paid
 * already, cancelled meanwhile, free; 404: gone) means the row is stale: the lists ask again too.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeskPaymentRequest } from '@clinic/shared';
import { api, isApiError } from '../../../lib/api-client.ts';
import { adminBookingChanged } from './admin-booking-changed.ts';

export type DeskPaymentResult = { paid: true; transactionId: string; amount: number };
export type RecordDeskPaymentInput = { id: string; request: DeskPaymentRequest };

export function recordDeskPayment({
  id,
  request,
}: RecordDeskPaymentInput): Promise<DeskPaymentResult> {
  return api.post<DeskPaymentResult>(`/admin/bookings/${encodeURIComponent(id)}/payment`, request);
}

export function useRecordDeskPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordDeskPayment,
    onSuccess: ({ transactionId }, { id }) =>
      adminBookingChanged(queryClient, {
        _id: id,
        paid: true,
        transactionId,
        paymentMode: 'desk',
        payment: { paid: true, refunded: 0 },
      }),
    onError: (error) => {
      if (isStaleRow(error)) adminBookingChanged(queryClient, undefined);
    },
  });
}

/** The server refused because the booking is not as the row shows it: nothing to retry. */
export function isStaleRow(error: unknown): boolean {
  return isApiError(error) && (error.status === 409 || error.status === 404);
}
