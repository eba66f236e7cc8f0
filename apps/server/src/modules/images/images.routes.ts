import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { ErrorCode, IMAGE_MAX_BYTES, imageUploadResponseSchema } from '@clinic/shared';
import { AppError } from '../../lib/app-error.ts';
import type { CallerResolver } from '../identity/caller.ts';
import type { ImagesService } from './images.service.ts';

/**
 * The bytes of the first file in the field `image`. Busboy's complaints about the body (no
 * boundary, a body cut short, a part without headers) are plain errors without a code or status,
 * so the error handler could only tell them from our own faults by their wording: here, where
 * only the client's bytes are being read, every such error is the client's bad request.
 * @fastify/multipart's own coded errors (limits: 413) keep their status.
 */
async function readImageField(request: FastifyRequest): Promise<Buffer | undefined> {
  let buffer: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'image' && !buffer) {
        buffer = await part.toBuffer();
      } else if (part.type === 'file') {
        part.file.resume(); // drain anything else
      }
    }
  } catch (error) {
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'The photo must be 5 MB or smaller.');
    }
    if (error instanceof AppError || (statusCode !== undefined && statusCode >= 400 && statusCode < 500)) throw error;
    throw new AppError(ErrorCode.VALIDATION, 'The upload is not valid multipart/form-data.', { cause: error });
  }
  return buffer;
}

export async function imagesRoutes(
  app: FastifyInstance,
  opts: { images: ImagesService; callers: CallerResolver },
) {
  const { images, callers } = opts;
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: true,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/image',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Upload a doctor photo (multipart field `image`, up to 5 MB)',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: imageUploadResponseSchema },
      },
    },
    async (request) => {
      const caller = await callers.requireAdmin(request);
      if (!request.isMultipart()) {
        throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send the photo as multipart/form-data.');
      }
      const buffer = await readImageField(request);
      if (!buffer || buffer.length === 0) {
        throw new AppError(ErrorCode.VALIDATION, 'Attach the photo in the field `image`.', {
          errors: { image: ['Image is Required'] },
        });
      }
      return images.upload(caller, buffer);
    },
  );

  api.get(
    '/api/image/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'A stored photo (WebP, cached for a year: its URL never changes content)',
        params: z.object({ id: z.string() }),
      },
    },
    async (request, reply) => {
      const image = await images.get(request.params.id);
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'same-origin')
        .type(image.contentType)
        .send(image.content);
    },
  );
}
