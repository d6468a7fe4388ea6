// A listing's logo, copied to our side: where logo_url is written (a draft
// submitted or edited after submission, drafts/submit.ts) the stored copy is
// forgotten and, unless the link names an image uploaded here (shown at
// once), a `listing_logo` job is queued in the same transaction, so the
// write never waits for, nor fails with, someone else's server. The job
// fetches the image (fetch.ts) and stores a square WebP; pages show it from
// our origin, and the monogram until then or when it cannot be copied (the
// reason is kept in listings.logo_error, never thrown at the maker).
import type { Context } from '../context.js';
import type { Db } from '../platform/db.js';
import { enqueue, type Job } from '../platform/jobs.js';
import { webLink } from '../platform/links.js';
import { ImageFetchError, fetchImage } from './fetch.js';
import { dropUnusedImages, imagesByHash, ownImageHash, saveImage } from './images.js';

export const LISTING_LOGO = 'listing_logo';
/** Tries of a logo whose server failed in a way that may pass (a timeout, a 5xx). */
const LOGO_ATTEMPTS = 3;

/**
 * Called in the transaction that wrote a listing's logo_url, when it changed:
 * the stored copy of the old logo goes, and the new one is queued.
 */
export async function logoUrlChanged(tx: Context, listingId: number, logoUrl: string | null): Promise<void> {
  const before = await tx.db.selectFrom('listings').select('logo_image').where('id', '=', listingId).executeTakeFirst();
  // A logo uploaded here (uploads.ts) is already stored: the listing shows it at once, nothing is fetched.
  const own = logoUrl ? ownImageHash(tx, logoUrl) : null;
  const stored = own ? await imagesByHash(tx.db, [own]) : null;
  await tx.db
    .updateTable('listings')
    .set({
      logo_image: own && stored?.has(own) ? own : null,
      logo_error:
        own && !stored?.has(own) ? 'There is no such image on this site any more; upload the logo again.' : null,
    })
    .where('id', '=', listingId)
    .execute();
  if (before?.logo_image && before.logo_image !== own) await dropUnusedImages(tx.db, [before.logo_image]);
  if (own) return;
  // The job names the link as stored (it checks the listing still has it) and fetches its normalised form.
  if (logoUrl) await enqueue(tx, LISTING_LOGO, { listing_id: listingId, url: logoUrl }, { maxAttempts: LOGO_ATTEMPTS });
}

function payloadOf(payload: unknown): { listing_id: number; url: string } | null {
  const p = payload as { listing_id?: unknown; url?: unknown } | null;
  return typeof p?.listing_id === 'number' && typeof p.url === 'string'
    ? { listing_id: p.listing_id, url: p.url }
    : null;
}

/**
 * The `listing_logo` job: copies the logo the listing still links to (a job
 * for a link changed since does nothing). A failure that may pass is thrown
 * for the queue to retry while tries are left; any other, and the last, is
 * kept in logo_error and the job ends.
 */
export async function runLogoJob(ctx: Context, payload: unknown, job: Job): Promise<void> {
  const task = payloadOf(payload);
  if (!task) return;
  // The listing while it still links to this logo (its current copy's hash), else undefined.
  const stillLinked = (db: Db) =>
    db
      .selectFrom('listings')
      .select('logo_image')
      .where('id', '=', task.listing_id)
      .where('logo_url', '=', task.url)
      .executeTakeFirst();
  if (!(await stillLinked(ctx.db))) return;
  try {
    const url = webLink(task.url);
    if (!url) throw new ImageFetchError('The logo link is not an http(s) address.', false);
    const image = await fetchImage(ctx, url, 'logo');
    await ctx.db.transaction().execute(async (trx) => {
      const hash = await saveImage(trx, image, ctx.clock.now().toISOString());
      const listing = await stillLinked(trx);
      // The link changed while this one was fetched: its copy is nobody's.
      if (!listing) return dropUnusedImages(trx, [hash]);
      await trx
        .updateTable('listings')
        .set({ logo_image: hash, logo_error: null })
        .where('id', '=', task.listing_id)
        .execute();
      if (listing.logo_image && listing.logo_image !== hash) await dropUnusedImages(trx, [listing.logo_image]);
    });
  } catch (err) {
    if (!(err instanceof ImageFetchError)) throw err;
    if (err.transient && job.attempts < job.max_attempts) throw err;
    await ctx.db
      .updateTable('listings')
      .set({ logo_error: err.message })
      .where('id', '=', task.listing_id)
      .where('logo_url', '=', task.url)
      .execute();
    ctx.logger.info({ listingId: task.listing_id, reason: err.message }, 'logo not copied');
  }
}
