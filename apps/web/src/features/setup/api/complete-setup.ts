/**
 * `POST /api/setup`: the first run creates the owner's account and the clinic's profile; 201
 * `{ email }`. A wrong token is 403, a portal already set up 404, bad fields 400 with `errors`
 * per field (`clinic.name`, `admin.password`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { setupDoneSchema, SetupRequest } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { clinicQueryKey } from '../../../lib/clinic-query.ts';

export type SetupDone = z.infer<typeof setupDoneSchema>;

export function completeSetup(request: SetupRequest): Promise<SetupDone> {
  return api.post<SetupDone>('/setup', request);
}

export function useCompleteSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSetup,
    // The clinic now has a name, contacts and a zone. The setup page's own status is left as it
    // was: it signs the owner in and moves on, rather than turning into the home page meanwhile.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: clinicQueryKey });
    },
  });
}
