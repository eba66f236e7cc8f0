/**
 * `POST /api/auth/sign-in/email`, then the token step. An account with two-step sign-in on
 * answers `twoFactorRedirect` instead and has no session yet: the form then asks for the code
 * (verify-two-factor.ts), which ends with the token step.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginForm } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { completeSignIn } from './exchange-access-token.ts';

export type SignInResult = { needsSecondFactor: boolean };

export function signInWithEmail({ email, password }: LoginForm): Promise<unknown> {
  return api.post('/auth/sign-in/email', { email: email.toLowerCase(), password });
}

function asksForSecondFactor(answer: unknown): boolean {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    (answer as { twoFactorRedirect?: unknown }).twoFactorRedirect === true
  );
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginForm): Promise<SignInResult> => {
      const answer = await signInWithEmail(input);
      if (asksForSecondFactor(answer)) return { needsSecondFactor: true };
      await completeSignIn(queryClient, input.email);
      return { needsSecondFactor: false };
    },
  });
}
