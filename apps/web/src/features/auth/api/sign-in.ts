/** `POST /api/auth/sign-in/email`, then the token step. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginForm } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { completeSignIn } from './get-access-token.ts';

export function signInWithEmail({ email, password }: LoginForm): Promise<unknown> {
  return api.post('/auth/sign-in/email', { email: email.toLowerCase(), password });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginForm) => {
      await signInWithEmail(input);
      await completeSignIn(queryClient, input.email);
    },
  });
}
