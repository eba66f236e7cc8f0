/**
 * `POST /api/image` (admin): uploads a doctor's photo as multipart/form-data, field `image`, and
 * answers like the spec's image host, `{ success, data: { url } }` (DESIGN.md section 5).
 * The shared client only speaks JSON, so this one call builds its own request with the same
 * bearer header and the same problem+json -> ApiError translation.
 */
import { problemSchema } from '@clinic/shared';
import { API_BASE, ApiError } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/token-storage.ts';

export type ImageUploaded = { success: true; data: { url: string } };

export async function uploadImage(image: File): Promise<ImageUploaded> {
  const body = new FormData();
  body.append('image', image);
  const headers = new Headers({ Accept: 'application/json, application/problem+json' });
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // No Content-Type: the browser sets multipart/form-data with its boundary.
  const response = await fetch(`${API_BASE}/image`, {
    method: 'POST',
    headers,
    body,
    credentials: 'same-origin',
  });
  const parsed: unknown = await response.json().catch(() => undefined);
  if (response.ok) return parsed as ImageUploaded;

  const problem = problemSchema.safeParse(parsed);
  throw problem.success
    ? new ApiError({ ...problem.data, status: response.status }, parsed)
    : new ApiError({
        status: response.status,
        title: response.statusText || `Request failed with status ${response.status}`,
        code: response.status >= 500 ? 'internal_error' : 'unknown',
      });
}
