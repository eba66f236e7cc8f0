/** `PATCH /api/me`: the signed-in account's name and phone; answers the account as `GET /api/me`. */
import { useMutation } from '@tanstack/react-query';
import type { Me, ProfileUpdate } from '@clinic/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export async function updateProfile(input: ProfileUpdate): Promise<NonNullable<Me>> {
  const { user } = await apiRequest<{ user: NonNullable<Me> }>('/me', {
    method: 'PATCH',
    body: input,
  });
  return user;
}

/** `onSaved` gets the account as saved, for whoever caches it (the route owns the `me` query). */
export function useUpdateProfile(onSaved: (user: NonNullable<Me>) => void) {
  return useMutation({ mutationFn: updateProfile, onSuccess: onSaved });
}
