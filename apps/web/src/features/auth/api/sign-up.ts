/** `POST /api/auth/sign-up/email` (the server signs the new account in), then the token step. */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { RegisterForm } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { configQueryOptions } from '../../../lib/client-config.ts';
import { currentLocale } from '../../../i18n/locale.ts';
import { completeSignIn } from './exchange-access-token.ts';

/**
 * The new account's language is the one the visitor reads the page in (chosen in the footer, say),
 * not only the browser's: the server takes it from Accept-Language at sign-up, so the welcome and
 * confirmation mails come in it (practice-loop.md section 9).
 */
export function signUpWithEmail({ name, email, password }: RegisterForm): Promise<unknown> {
  return api.post('/auth/sign-up/email', { name, email: email.toLowerCase(), password }, { 'Accept-Language': currentLocale() });
}

/** The part of the sign-up answer that says whether the new address is confirmed yet. */
const signedUpSchema = z.object({ user: z.object({ emailVerified: z.boolean() }) });

/**
 * Whether the new patient has a confirmation mail to follow before they can book: the address is
 * unconfirmed and this clinic asks for it (GET /api/config). When the config cannot be read, say
 * nothing rather than send them looking for a mail that may not exist.
 */
async function mustConfirmEmail(queryClient: QueryClient, signedUp: unknown): Promise<boolean> {
  const parsed = signedUpSchema.safeParse(signedUp);
  if (!parsed.success || parsed.data.user.emailVerified) return false;
  try {
    const config = await queryClient.fetchQuery(configQueryOptions());
    return config.emailVerification === 'booking';
  } catch {
    return false;
  }
}

export type SignedUp = { email: string; mustConfirmEmail: boolean };

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterForm): Promise<SignedUp> => {
      const signedUp = await signUpWithEmail(input);
      await completeSignIn(queryClient, input.email);
      return {
        email: input.email.toLowerCase(),
        mustConfirmEmail: await mustConfirmEmail(queryClient, signedUp),
      };
    },
  });
}
