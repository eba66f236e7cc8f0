/**
 * `PATCH /api/doctor/:id` (admin): changes a doctor's name, specialty or photo in place, and
 * answers the doctor as saved. A new photo is uploaded to our image host first, as when adding.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Doctor, DoctorUpdate } from '@clinic/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { doctorsQueryKey } from '../../../lib/doctors-query.ts';
import { availabilityQueryKey, publicDoctorsQueryKey } from '../../../lib/query-keys.ts';
import { uploadImage } from './upload-image.ts';

export function updateDoctor(id: string, change: DoctorUpdate): Promise<Doctor> {
  return apiRequest<Doctor>(`/doctor/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
}

/** What the edit form changed: only the fields given are sent; `photo` is uploaded first. */
export type DoctorChange = {
  id: string;
  name?: string | undefined;
  specialty?: string | undefined;
  photo?: File | undefined;
};

export async function uploadPhotoAndUpdateDoctor({
  id,
  photo,
  name,
  specialty,
}: DoctorChange): Promise<Doctor> {
  const img = photo ? (await uploadImage(photo)).data.url : undefined;
  return updateDoctor(id, {
    ...(name !== undefined && { name }),
    ...(specialty !== undefined && { specialty }),
    ...(img !== undefined && { img }),
  });
}

export function useUpdateDoctor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhotoAndUpdateDoctor,
    // Whatever the answer (a 404 means the doctor is gone): the admin's list (`['doctors']`, the
    // front desk's `['doctors', 'public']` under it), the patients' list with ratings, and the
    // booking dialog's doctors all name the doctor and show the photo.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: doctorsQueryKey }),
        queryClient.invalidateQueries({ queryKey: publicDoctorsQueryKey }),
        queryClient.invalidateQueries({ queryKey: availabilityQueryKey }),
      ]),
  });
}
