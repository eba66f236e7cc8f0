/**
 * `POST /api/links/:token/snooze` (no body, a recall link): "Not now", no recall message for 30
 * days. It does not use up the link.
 */
import { useMutation } from '@tanstack/react-query';
import type { LinkResult } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { linkPath } from './get-link.ts';

export function snoozeLink(token: string): Promise<LinkResult> {
  return api.post<LinkResult>(linkPath(token, 'snooze'), undefined);
}

export function useSnoozeLink(token: string) {
  return useMutation({ mutationFn: () => snoozeLink(token) });
}
