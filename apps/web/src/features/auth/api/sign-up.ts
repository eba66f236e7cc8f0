/** `POST /api/auth/sign-up/email` (the server signs the new account in), then the token step. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterForm } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { completeSignIn } from './exchange-access-token.ts';

export function signUpWithEmail({ name, email, password }: RegisterForm): Promise<unknown> {
  return api.post('/auth/sign-up/email', { name, email: email.toLowerCase(), password });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterForm) => {
      await signUpWithEmail(input);
      await completeSignIn(queryClient, input.email);
    },
  });
}
