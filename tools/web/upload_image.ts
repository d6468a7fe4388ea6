// upload_image (website only): a file a signed-in person chose, stored as a
// logo or a screenshot with the checks and processing a link's image gets.
// The page then gives its address to update_draft (the logo link) or
// update_my_listing (the gallery).
import { z } from 'zod';
import { webUserId } from '../../src/auth/caller.js';
import { storedImage } from '../../src/media/images.js';
import { ACCEPTED_FORMATS } from '../../src/media/process.js';
import { MAX_UPLOAD_BYTES, storeUpload } from '../../src/media/uploads.js';
import { defineWebOperation } from '../define.js';

/** Base64's length for `bytes` bytes. */
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

export default defineWebOperation({
  name: 'upload_image',
  title: 'Upload an image',
  description: `Stores an image file (${ACCEPTED_FORMATS}, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB) as a square logo or a screenshot and returns its address on this site, which a draft's logo link and a listing's gallery take.`,
  scope: null,
  input: z.strictObject({
    variant: z.enum(['logo', 'screenshot']),
    data: z
      .base64()
      .min(1, 'the file is empty')
      .max(base64Length(MAX_UPLOAD_BYTES), `larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`),
  }),
  output: storedImage,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    webUserId(caller); // a person signed in on the site, no other caller
    return storeUpload(ctx, { bytes: Buffer.from(input.data, 'base64'), variant: input.variant });
  },
});
