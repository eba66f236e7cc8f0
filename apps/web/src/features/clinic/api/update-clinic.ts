/**
 * `PUT /api/admin/clinic` (admin): the clinic's whole profile but its opening hours (those follow
 * the schedule). Answers the profile, which replaces the cached one the public pages show.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicProfile, ClinicProfileUpdate } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { clinicQueryKey } from '../../../lib/clinic-query.ts';

export function updateClinic(update: ClinicProfileUpdate): Promise<ClinicProfile> {
  return api.put<ClinicProfile>('/admin/clinic', update);
}

export function useUpdateClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClinic,
    onSuccess: (profile) => queryClient.setQueryData(clinicQueryKey, profile),
  });
}
