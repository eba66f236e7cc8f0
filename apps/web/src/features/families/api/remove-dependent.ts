/**
 * `DELETE /api/me/dependents/:id`: removes a family member. While they have upcoming
 * appointments the server answers 409 `has_future_bookings` with `upcoming: <count>`, unless
 * asked with `?cancelFuture=true`, which cancels those with the removal.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@clinic/shared';
import { api, isApiError } from '../../../lib/api-client.ts';
import {
  availableQueryKey,
  bookingsQueryKey,
  dependentsQueryKey,
} from '../../../lib/query-keys.ts';

export function removeDependent(id: string, cancelFuture: boolean): Promise<void> {
  const query = cancelFuture ? '?cancelFuture=true' : '';
  return api.delete<void>(`/me/dependents/${encodeURIComponent(id)}${query}`);
}

export function useRemoveDependent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cancelFuture }: { id: string; cancelFuture: boolean }) =>
      removeDependent(id, cancelFuture),
    onSuccess: (_done, { cancelFuture }) => {
      void queryClient.invalidateQueries({ queryKey: dependentsQueryKey });
      if (cancelFuture) {
        void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
        void queryClient.invalidateQueries({ queryKey: availableQueryKey });
      }
    },
  });
}

/** How many upcoming appointments stand in the way of a removal, or null when that is not the refusal. */
export function upcomingInTheWay(error: unknown): number | null {
  if (!isApiError(error) || error.code !== ErrorCode.HAS_FUTURE_BOOKINGS) return null;
  const upcoming = (error.body as { upcoming?: unknown } | undefined)?.upcoming;
  return typeof upcoming === 'number' && upcoming > 0 ? upcoming : 1;
}
