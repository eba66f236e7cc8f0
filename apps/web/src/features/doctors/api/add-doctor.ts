/**
 * `POST /api/doctor` (admin): adds a doctor whose `img` is a photo already on our image host.
 * `useAddDoctor` does both steps in order: upload the photo, then save the doctor with its URL.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DoctorRequest } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { doctorsQueryKey } from '../../../lib/doctors-query.ts';
import { uploadImage } from './upload-image.ts';

export type DoctorAdded = { insertedId: string };

export function addDoctor(input: DoctorRequest): Promise<DoctorAdded> {
  return api.post<DoctorAdded>('/doctor', input);
}

export type NewDoctor = Omit<DoctorRequest, 'img'> & { photo: File };

export async function uploadPhotoAndAddDoctor({ photo, ...doctor }: NewDoctor): Promise<DoctorAdded> {
  const uploaded = await uploadImage(photo);
  return addDoctor({ ...doctor, img: uploaded.data.url });
}

export function useAddDoctor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhotoAndAddDoctor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doctorsQueryKey }),
  });
}
