/**
 * `POST /api/admin/callbacks/:id/resolve` (front desk, no body): the patient has been called. The
 * callback leaves the open list at once; then the callbacks and the appointments (whose rows say
 * "Call back") ask again, also after a refusal (a colleague may have resolved it first).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Callback, CallbacksPage } from '@clinic/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminBookingsQueryKey } from './get-admin-bookings.ts';
import { callbacksQueryKey, openCallbacksQueryKey } from './get-open-callbacks.ts';

export function resolveCallback(id: string): Promise<Callback> {
  return apiRequest<Callback>(`/admin/callbacks/${encodeURIComponent(id)}/resolve`, {
    method: 'POST',
  });
}

export function useResolveCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveCallback,
    onSuccess: (callback) =>
      queryClient.setQueryData<CallbacksPage>(
        openCallbacksQueryKey,
        (page) => page && { items: page.items.filter((item) => item._id !== callback._id) },
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: callbacksQueryKey });
      void queryClient.invalidateQueries({ queryKey: adminBookingsQueryKey });
    },
  });
}
