/**
 * `POST /api/links/:token/stop` (no body): no more messages of the link's kind, the same choice
 * as the profile's. A reminder's link stops the reminder mails; a recall link the check-up
 * reminders. It does not use up the link.
 */
import { useMutation } from '@tanstack/react-query';
import type { LinkResult } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { linkPath } from './get-link.ts';

export function stopReminders(token: string): Promise<LinkResult> {
  return api.post<LinkResult>(linkPath(token, 'stop'), undefined);
}

export function useStopReminders(token: string) {
  return useMutation({ mutationFn: () => stopReminders(token) });
}
