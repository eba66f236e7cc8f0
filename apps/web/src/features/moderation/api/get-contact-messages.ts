/** `GET /api/contact` (admin): messages sent through the contact form, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactMessage } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export function getContactMessages(signal?: AbortSignal): Promise<ContactMessage[]> {
  return api.get<ContactMessage[]>('/contact', signal);
}

export function contactMessagesQueryOptions() {
  // New messages arrive all the time: show the cached list at once, but always ask again.
  return queryOptions({
    queryKey: ['contact-messages'],
    queryFn: ({ signal }) => getContactMessages(signal),
    staleTime: 0,
  });
}

export function useContactMessages() {
  return useQuery(contactMessagesQueryOptions());
}
