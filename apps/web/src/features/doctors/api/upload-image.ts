/**
 * `POST /api/image` (admin): uploads a doctor's photo as multipart/form-data, field `image`, and
 * answers like the spec's image host, `{ success, data: { url } }` (DESIGN.md section 5).
 */
import { api } from '../../../lib/api-client.ts';

export type ImageUploaded = { success: true; data: { url: string } };

export function uploadImage(image: File): Promise<ImageUploaded> {
  const body = new FormData();
  body.append('image', image);
  return api.post<ImageUploaded>('/image', body);
}
