/** `POST /api/contact`: the server stores the message first, then mails it (DESIGN.md section 6). */
import { useMutation } from '@tanstack/react-query';
import type { ContactForm } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export type ContactResponse = { success: true; _id: string };

export function sendContactMessage(input: ContactForm): Promise<ContactResponse> {
  return api.post<ContactResponse>('/contact', { ...input, email: input.email.toLowerCase() });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
