/**
 * `POST /api/links/:token/callback { note? }`: "Please call me", the front desk phones. It does
 * not use up the link: the patient can still confirm, move or cancel.
 */
import { useMutation } from '@tanstack/react-query';
import type { LinkCallbackRequest, LinkResult } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { linkPath } from './get-link.ts';

export function requestCallback(token: string, input: LinkCallbackRequest): Promise<LinkResult> {
  return api.post<LinkResult>(linkPath(token, 'callback'), input);
}

export function useRequestCallback(token: string) {
  return useMutation({
    mutationFn: (input: LinkCallbackRequest) => requestCallback(token, input),
  });
}
