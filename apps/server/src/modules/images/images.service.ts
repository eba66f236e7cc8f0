/**
 * Our own image host for doctors' photos (DESIGN.md section 5): PNG, JPEG, WebP or GIF recognised
 * by content, re-encoded by sharp to a WebP of at most 512 px, stored in the database.
 */
import { ErrorCode, IMAGE_MAX_EDGE } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Caller } from '../identity/caller.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findImage, insertImage } from './images.repository.ts';

const ACCEPTED = new Set(['png', 'jpeg', 'webp', 'gif']);
/**
 * Decompression bombs: a few KB can claim gigapixels. Refuse anything over 40 MP before decoding
 * (a 6000 x 6000 phone photo is 36 MP).
 */
const MAX_INPUT_PIXELS = 40_000_000;

const notAnImage = () =>
  new AppError(ErrorCode.VALIDATION, 'Upload a PNG, JPEG, WebP or GIF image.', {
    errors: { image: ['Upload a PNG, JPEG, WebP or GIF image'] },
  });

/**
 * sharp (libvips) is loaded on the first upload, not at every start: importing it costs start-up
 * time and memory (figures: docs/benchmarks.md, "Start-up: sharp").
 */
let sharpModule: Promise<typeof import('sharp')> | undefined;
async function loadSharp() {
  sharpModule ??= import('sharp').catch((error: unknown) => {
    sharpModule = undefined;
    throw error;
  });
  return (await sharpModule).default;
}

export function createImagesService(deps: { db: Db }) {
  return {
    async upload(caller: Caller, input: Buffer): Promise<{ success: true; data: { url: string } }> {
      let format: string | undefined;
      let width = 0;
      let height = 0;
      const sharp = await loadSharp();
      try {
        const metadata = await sharp(input, { limitInputPixels: false }).metadata();
        format = metadata.format;
        width = metadata.width ?? 0;
        height = metadata.height ?? 0;
      } catch {
        throw notAnImage();
      }
      if (!format || !ACCEPTED.has(format)) throw notAnImage();
      if (width * height > MAX_INPUT_PIXELS || width === 0 || height === 0) {
        throw new AppError(ErrorCode.VALIDATION, 'That image is too large in pixels; use one under 40 megapixels.', {
          errors: { image: ['Use an image under 40 megapixels'] },
        });
      }
      let output: { data: Buffer; info: { width: number; height: number } };
      try {
        output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
          .rotate() // honour EXIF orientation before dropping the metadata
          .resize(IMAGE_MAX_EDGE, IMAGE_MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw notAnImage();
      }
      const id = await deps.db.transaction(async (tx) => {
        const imageId = await insertImage(tx, {
          contentType: 'image/webp',
          content: output.data,
          width: output.info.width,
          height: output.info.height,
        });
        await recordAudit(tx, {
          actorId: caller.userId,
          actorEmail: caller.email,
          action: 'image.upload',
          target: imageId,
          detail: { sourceFormat: format, bytes: output.data.length },
        });
        return imageId;
      });
      return { success: true, data: { url: `/api/image/${id}` } };
    },

    async get(id: string) {
      const image = isUuid(id) ? await findImage(deps.db, id) : null;
      if (!image) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such image.');
      return image;
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
