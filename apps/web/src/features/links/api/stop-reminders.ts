/**
 * `POST /api/links/:token/stop` (no body): no more reminder mails, the same choice as the
 * profile's. It does not use up the link.
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
