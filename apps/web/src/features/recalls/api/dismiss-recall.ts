/**
 * `PATCH /api/admin/recalls/:id { status: 'dismissed', note? }` (front desk): the patient is not
 * to be recalled for this visit (moved away, treated elsewhere); no more messages go out. The
 * worklist asks again afterwards, also after a refusal (a colleague may have acted first).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRecallItem, RecallDismissRequest } from '@clinic/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { recallsQueryKey } from './get-recalls.ts';

export type DismissRecallInput = { id: string; note?: string };

export function dismissRecall({ id, note }: DismissRecallInput): Promise<AdminRecallItem> {
  const body: RecallDismissRequest = { status: 'dismissed', ...(note ? { note } : {}) };
  return apiRequest<AdminRecallItem>(`/admin/recalls/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
}

export function useDismissRecall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissRecall,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recallsQueryKey }),
  });
}
