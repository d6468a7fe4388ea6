// The images store: images this program made (process.ts), in the `images`
// table keyed by the SHA-256 of their bytes, served from our origin at
// /media/<hash>.webp (router.ts). The same bytes are one row however many
// listings show them; a row no logo, gallery or draft points at any more goes
// (at once when a listing drops it, a day after an upload nothing used).
import { createHash } from 'node:crypto';
import { sql, type WhereInterface } from 'kysely';
import type { Database } from '../../db/schema.js';
import { z } from 'zod';
import type { Context } from '../context.js';
import type { Db } from '../platform/db.js';
import type { ProcessedImage } from './process.js';

/** An image as clients see it: where on this site, and its size in pixels. */
export const storedImage = z.object({
  url: z.string().describe('On this site, cached for good'),
  width: z.number().int(),
  height: z.number().int(),
});
export type StoredImage = z.infer<typeof storedImage>;

const EXTENSION: Record<string, string> = { 'image/webp': 'webp', 'image/png': 'png' };

/** `/media/<hash>.<ext>`: the path of a stored image. */
export function imagePath(image: { hash: string; content_type: string }): string {
  return `/media/${image.hash}.${EXTENSION[image.content_type] ?? 'bin'}`;
}

/** An image row as clients see it. */
export function imageView(
  ctx: Pick<Context, 'config'>,
  image: { hash: string; content_type: string; width: number; height: number },
): StoredImage {
  return {
    url: `${ctx.config.publicUrl}${imagePath(image)}`,
    width: Number(image.width),
    height: Number(image.height),
  };
}

/** The hash and extension a /media file name names, or null when it is not one. */
export function parseImageFile(file: string): { hash: string; extension: string } | null {
  const match = /^([0-9a-f]{64})\.([a-z]{3,4})$/.exec(file);
  return match ? { hash: match[1]!, extension: match[2]! } : null;
}

/** The stored image a URL of this site names (`{public_url}/media/<hash>.webp`), or null. */
export function ownImageHash(ctx: Pick<Context, 'config'>, url: string): string | null {
  const prefix = `${ctx.config.publicUrl}/media/`;
  return url.startsWith(prefix) ? (parseImageFile(url.slice(prefix.length))?.hash ?? null) : null;
}

export const imageHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Stores an image (once: the same bytes are already there under the same hash) and returns its hash. */
export async function saveImage(db: Db, image: ProcessedImage, now: string): Promise<string> {
  const hash = imageHash(image.bytes);
  await db
    .insertInto('images')
    .values({
      hash,
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      size: image.bytes.length,
      bytes: image.bytes,
      created_at: now,
    })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
  return hash;
}

/** Stores an image made now (an upload, a picture copied from a site) and returns it as clients see it. */
export async function storeImage(
  ctx: Pick<Context, 'db' | 'config' | 'clock'>,
  image: ProcessedImage,
): Promise<StoredImage> {
  const hash = await saveImage(ctx.db, image, ctx.clock.now().toISOString());
  return imageView(ctx, { hash, content_type: image.contentType, width: image.width, height: image.height });
}

/** One stored image with its bytes (for serving), or undefined. */
export async function imageFile(db: Db, hash: string) {
  return db
    .selectFrom('images')
    .select(['hash', 'content_type', 'size', 'bytes'])
    .where('hash', '=', hash)
    .executeTakeFirst();
}

/** The size and type of stored images, by hash. */
export async function imagesByHash(db: Db, hashes: readonly string[]) {
  if (hashes.length === 0)
    return new Map<string, { hash: string; content_type: string; width: number; height: number }>();
  const rows = await db
    .selectFrom('images')
    .select(['hash', 'content_type', 'width', 'height'])
    .where('hash', 'in', [...new Set(hashes)])
    .execute();
  return new Map(rows.map((r) => [r.hash, r]));
}

/**
 * Images nothing shows: no listing's logo, no gallery, no founder's photo, and
 * no draft names it (an uploaded logo or photo waits in its draft until the
 * draft is submitted).
 */
function unused<Q extends WhereInterface<Database, 'images'>>(query: Q): Q {
  return query
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('listing_screenshots')
            .select(sql`1`.as('one'))
            .whereRef('listing_screenshots.image_hash', '=', 'images.hash'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('listings').select(sql`1`.as('one')).whereRef('listings.logo_image', '=', 'images.hash'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('drafts')
            .select(sql`1`.as('one'))
            .where(
              sql<boolean>`(cast(drafts.fields as text) like '%' || images.hash || '%' or cast(drafts.founders as text) like '%' || images.hash || '%')`,
            ),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('founders')
            .select(sql`1`.as('one'))
            .where(sql<boolean>`founders.avatar_url like '%' || images.hash || '%'`),
        ),
      ),
    ) as Q;
}

/** Deletes those of `hashes` that nothing shows any more. */
export async function dropUnusedImages(db: Db, hashes: readonly string[]): Promise<void> {
  if (hashes.length === 0) return;
  await unused(db.deleteFrom('images').where('hash', 'in', [...new Set(hashes)])).execute();
}

/** How long an uploaded image may wait for a draft or a listing to show it. */
export const UNUSED_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

/** Deletes the images stored before `now` less the grace that nothing shows (uploads never used); returns how many. */
export async function pruneUnusedImages(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - UNUSED_IMAGE_GRACE_MS).toISOString();
  const result = await unused(db.deleteFrom('images').where('created_at', '<', before)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
