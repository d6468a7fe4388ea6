// An image a person uploads from a page (a logo, a screenshot): checked and
// re-encoded exactly as one fetched from a link (process.ts), stored once
// (images.ts) and named by its address on this site. update_draft's logo link
// and update_my_listing's gallery take that address like any link, and use
// the stored image without fetching it; an upload nothing comes to show is
// deleted a day later (pruneUnusedImages).
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { type StoredImage, storeImage } from './images.js';
import { IMAGE_LIMITS, ImageRefused, type ImageVariant, processImage } from './process.js';

/** Stores an uploaded image as `variant`; a refusal is a 400 on upload_image's `data`. */
export async function storeUpload(
  ctx: Context,
  upload: { bytes: Buffer; variant: ImageVariant },
): Promise<StoredImage> {
  const field = 'data';
  if (upload.bytes.length === 0)
    throw new AppError('invalid', `${field}: the file is empty.`, {
      errors: [{ path: field, message: 'the file is empty' }],
    });
  let image: Awaited<ReturnType<typeof processImage>>;
  try {
    // The bytes say what the file is; the type a browser declares for a file is a guess from its name.
    image = await processImage(upload.bytes, '', upload.variant);
  } catch (err) {
    if (!(err instanceof ImageRefused)) throw err;
    throw new AppError('invalid', `${field}: ${err.message}`, { errors: [{ path: field, message: err.message }] });
  }
  return storeImage(ctx, image);
}

/** The largest upload read, in bytes: what a link's image may be. */
export const MAX_UPLOAD_BYTES = IMAGE_LIMITS.maxBytes;
