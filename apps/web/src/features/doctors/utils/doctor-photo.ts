/**
 * A doctor's photo as the forms take it from a file picker: the file types and size the image
 * host accepts, checked before uploading. Adding a doctor needs one; editing one may change it.
 */
import { z } from 'zod';
import { IMAGE_MAX_BYTES, messages } from '@clinic/shared';

/** Shown size of a doctor's photo (the image host stores it at most 512 px on its long edge). */
export const DOCTOR_AVATAR_SIZE = 48;

/** What the image host takes (it checks the content again); the file picker offers only these. */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** The chosen file of a file input (RHF hands over its FileList), or undefined when none. */
function firstFile(value: unknown): File | undefined {
  if (value instanceof File) return value;
  if (typeof FileList !== 'undefined' && value instanceof FileList) return value[0];
  return undefined;
}

const photoFileSchema = z
  .file({ error: messages.imageRequired })
  .mime([...PHOTO_TYPES], 'Choose a PNG, JPEG, WebP or GIF image.')
  .max(IMAGE_MAX_BYTES, 'The photo must be 5 MB or smaller.');

/** A file input's value that must hold a photo. */
export const photoSchema = z.unknown().transform(firstFile).pipe(photoFileSchema);

/** A file input's value that may hold a photo; none chosen is undefined. */
export const optionalPhotoSchema = z
  .unknown()
  .transform(firstFile)
  .pipe(photoFileSchema.optional());
