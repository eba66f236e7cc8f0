/**
 * `POST /api/admin/recalls/:id/contacted { channel, note? }` (front desk): someone at the desk
 * phoned or wrote to the patient; the recall keeps its status, gets `lastContactedAt`, and the
 * note, when given, replaces the one it had. The worklist asks again afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRecallItem, RecallContactedRequest } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { recallsQueryKey } from './get-recalls.ts';

export type RecallChannel = RecallContactedRequest['channel'];
export type RecordRecallContactInput = { id: string; channel: RecallChannel; note?: string };

export function recordRecallContact({
  id,
  channel,
  note,
}: RecordRecallContactInput): Promise<AdminRecallItem> {
  // An empty note is left out: sent, it would wipe the note the recall has.
  const body: RecallContactedRequest = { channel, ...(note ? { note } : {}) };
  return api.post<AdminRecallItem>(`/admin/recalls/${encodeURIComponent(id)}/contacted`, body);
}

export function useRecordRecallContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordRecallContact,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recallsQueryKey }),
  });
}
