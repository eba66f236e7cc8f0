/**
 * `GET /api/payments/config`: how this clinic takes card payments (DESIGN.md section 5), the
 * built-in test mode or Stripe with its publishable key.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return api.get<PaymentConfig>('/payments/config', signal);
}

export function paymentConfigQueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'config'],
    queryFn: ({ signal }) => getPaymentConfig(signal),
  });
}

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
