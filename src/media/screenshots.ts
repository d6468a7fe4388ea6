// A listing's screenshot gallery (update_my_listing `screenshots`): up to six
// image links, each fetched and stored like a logo but at once, so a link
// that cannot be used is refused with the call, naming it (`screenshots.2`),
// and nothing is written. The list replaces the gallery; a link already in
// it, or the URL of our copy (get_listing's media.screenshots), keeps the
// stored image without fetching it again. The public profile shows the
// gallery in the paid `media` section (SPEC Part 2), the owner always.
import PQueue from 'p-queue';
import type { Context } from '../context.js';
import { AppError, type FieldError } from '../errors.js';
import type { Db } from '../platform/db.js';
import { ImageFetchError, fetchImage, type RobotsCache } from './fetch.js';
import {
  dropUnusedImages,
  imageHash,
  imagesByHash,
  imageView,
  ownImageHash,
  saveImage,
  type StoredImage,
} from './images.js';
import type { ProcessedImage } from './process.js';

export const MAX_SCREENSHOTS = 6;
/** Images fetched at once for one gallery. */
const FETCHES_AT_ONCE = 2;

/** One gallery entry ready to write: the link given, the image's hash, and the image when it is new. */
export interface PreparedScreenshot {
  source_url: string;
  hash: string;
  image?: ProcessedImage;
}

/** A gallery entry as its owner sees it: our copy and the link it came from. */
export type Screenshot = StoredImage & { source_url: string };

/** A listing's gallery, in order. */
export async function screenshotsOf(ctx: Context, listingId: number): Promise<Screenshot[]> {
  const rows = await ctx.db
    .selectFrom('listing_screenshots as s')
    .innerJoin('images as i', 'i.hash', 's.image_hash')
    .select(['s.source_url', 'i.hash', 'i.content_type', 'i.width', 'i.height'])
    .where('s.listing_id', '=', listingId)
    .orderBy('s.position')
    .execute();
  return rows.map((r) => ({ ...imageView(ctx, r), source_url: r.source_url }));
}

/**
 * Fetches and checks every link of a new gallery that is not stored yet. Any
 * link that cannot be used fails the whole call (400, each one named by its
 * index), before anything is written.
 */
export async function prepareScreenshots(
  ctx: Context,
  listingId: number,
  urls: readonly string[],
): Promise<PreparedScreenshot[]> {
  const current = await ctx.db
    .selectFrom('listing_screenshots')
    .select(['source_url', 'image_hash'])
    .where('listing_id', '=', listingId)
    .execute();
  const hashOfSource = new Map(current.map((c) => [c.source_url, c.image_hash]));
  const sourceOfHash = new Map(current.map((c) => [c.image_hash, c.source_url]));
  const ours = urls.map((url) => ownImageHash(ctx, url));
  const known = await imagesByHash(
    ctx.db,
    ours.filter((h): h is string => h !== null),
  );
  const robots: RobotsCache = new Map();
  const queue = new PQueue({ concurrency: FETCHES_AT_ONCE });
  const errors: FieldError[] = [];
  const prepared = await Promise.all(
    urls.map(async (url, i): Promise<PreparedScreenshot | null> => {
      const own = ours[i];
      if (own) {
        if (known.has(own)) return { source_url: sourceOfHash.get(own) ?? url, hash: own };
        errors.push({ path: `screenshots.${i}`, message: 'no such image on this site' });
        return null;
      }
      const kept = hashOfSource.get(url);
      if (kept) return { source_url: url, hash: kept };
      try {
        const image = await queue.add(() => fetchImage(ctx, url, 'screenshot', robots), { throwOnTimeout: true });
        return { source_url: url, hash: imageHash(image.bytes), image };
      } catch (err) {
        if (!(err instanceof ImageFetchError)) throw err;
        errors.push({ path: `screenshots.${i}`, message: err.message });
        return null;
      }
    }),
  );
  if (errors.length > 0) {
    errors.sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true }));
    throw new AppError(
      'invalid',
      `${errors.length === 1 ? 'A screenshot link' : `${errors.length} screenshot links`} could not be used: ${errors.map((e) => `${e.path}: ${e.message}`).join(' ')}`,
      { errors },
    );
  }
  return prepared as PreparedScreenshot[];
}

/**
 * Writes a prepared gallery in place of the listing's (inside the caller's
 * transaction) and returns the change for the version history: the links
 * before and after, or nothing when the gallery is the same.
 */
export async function replaceScreenshots(
  trx: Db,
  listingId: number,
  gallery: readonly PreparedScreenshot[],
  now: string,
): Promise<Record<string, { before: unknown; after: unknown }>> {
  const before = await trx
    .selectFrom('listing_screenshots')
    .select(['source_url', 'image_hash'])
    .where('listing_id', '=', listingId)
    .orderBy('position')
    .execute();
  const same =
    before.length === gallery.length &&
    before.every((b, i) => b.image_hash === gallery[i]!.hash && b.source_url === gallery[i]!.source_url);
  if (same) return {};
  for (const shot of gallery) if (shot.image) await saveImage(trx, shot.image, now);
  await trx.deleteFrom('listing_screenshots').where('listing_id', '=', listingId).execute();
  if (gallery.length > 0)
    await trx
      .insertInto('listing_screenshots')
      .values(
        gallery.map((shot, position) => ({
          listing_id: listingId,
          position,
          image_hash: shot.hash,
          source_url: shot.source_url,
          created_at: now,
        })),
      )
      .execute();
  const kept = new Set(gallery.map((g) => g.hash));
  await dropUnusedImages(
    trx,
    before.map((b) => b.image_hash).filter((h) => !kept.has(h)),
  );
  await trx.updateTable('listings').set({ updated_at: now }).where('id', '=', listingId).execute();
  return {
    screenshots: { before: before.map((b) => b.source_url), after: gallery.map((g) => g.source_url) },
  };
}
