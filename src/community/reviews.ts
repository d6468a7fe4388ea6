// Reviews with a 1–5 rating: one per person per listing (writing again
// replaces your review), never by the listing's owner, from confirmed
// accounts only; the maker is told of each new one. Reviews an admin flags
// stay visible to the team but leave the "genuine" community rating and the
// public list.
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { inTransaction } from '../platform/db.js';
import { notify } from './notifications.js';
import { emitListingEvent } from '../webhooks/events.js';

export const REVIEW_BODY_MAX = 2000;

export interface ReviewView {
  id: number;
  listing: { slug: string; name: string };
  rating: number;
  body: string;
  /** The reviewer's display name (their email is never shown publicly). */
  author: string;
  created_at: string;
  flagged: boolean;
}

export function validateReview(rating: unknown, body: unknown): { rating: number; body: string } {
  const n = typeof rating === 'string' && /^[1-5]$/.test(rating) ? Number(rating) : rating;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 5) {
    throw new AppError('invalid', 'Choose a rating from 1 to 5 stars.', {
      errors: [{ path: 'rating', message: 'an integer from 1 to 5' }],
    });
  }
  const text = typeof body === 'string' ? body.trim() : '';
  if (text.length > REVIEW_BODY_MAX) {
    throw new AppError('invalid', `Keep the review under ${REVIEW_BODY_MAX} characters.`, {
      errors: [{ path: 'body', message: `at most ${REVIEW_BODY_MAX} characters` }],
    });
  }
  return { rating: n, body: text };
}

/** Writes (or replaces) the person's review of a live listing. */
export async function writeReview(
  ctx: Context,
  args: { userId: number; listingId: number; rating: unknown; body: unknown },
): Promise<void> {
  const review = validateReview(args.rating, args.body);
  const now = ctx.clock.now().toISOString();
  await inTransaction(ctx, async (tx) => {
    const trx = tx.db;
    const listing = await trx
      .selectFrom('listings')
      .select(['id', 'owner_id', 'status', 'name'])
      .where('id', '=', args.listingId)
      .executeTakeFirst();
    if (listing?.status !== 'live') throw new AppError('not_found', 'Only live listings take reviews.');
    if (listing.owner_id === args.userId) throw new AppError('forbidden', 'You cannot review your own listing.');
    const user = await trx
      .selectFrom('users')
      .select(['email_verified_at', 'name'])
      .where('id', '=', args.userId)
      .executeTakeFirst();
    if (!user?.email_verified_at)
      throw new AppError('forbidden', 'Confirm your email address before writing a review.');
    const earlier = await trx
      .selectFrom('reviews')
      .select('id')
      .where('listing_id', '=', listing.id)
      .where('user_id', '=', args.userId)
      .executeTakeFirst();
    await trx
      .insertInto('reviews')
      .values({
        listing_id: listing.id,
        user_id: args.userId,
        rating: review.rating,
        body: review.body,
        created_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['listing_id', 'user_id'])
          .doUpdateSet({ rating: review.rating, body: review.body, updated_at: now }),
      )
      .execute();
    // The maker hears of a new review, not of each edit to it.
    if (!earlier)
      await emitListingEvent(tx, 'review.created', listing.id, {
        review: { rating: review.rating, body: review.body, author: user.name?.trim() || 'A member' },
      });
    if (!earlier && listing.owner_id !== null)
      await notify(tx, [
        {
          userId: listing.owner_id,
          kind: 'review',
          listingId: listing.id,
          title: `${user.name?.trim() || 'A member'} reviewed ${listing.name}: ${review.rating} of 5 stars`,
          body: review.body,
          actorId: args.userId,
        },
      ]);
  });
}

function reviewQuery(ctx: Context): SelectQueryBuilder<Database, 'reviews' | 'listings' | 'users', object> {
  return ctx.db
    .selectFrom('reviews')
    .innerJoin('listings', 'listings.id', 'reviews.listing_id')
    .innerJoin('users', 'users.id', 'reviews.user_id');
}

const toView = (r: {
  id: number;
  slug: string;
  listing_name: string;
  rating: number;
  body: string;
  author: string | null;
  created_at: string;
  flagged: number;
}): ReviewView => ({
  id: r.id,
  listing: { slug: r.slug, name: r.listing_name },
  rating: Number(r.rating),
  body: r.body,
  author: r.author?.trim() || 'A member',
  created_at: r.created_at,
  flagged: Number(r.flagged) === 1,
});

const COLUMNS = [
  'reviews.id',
  'listings.slug',
  'listings.name as listing_name',
  'reviews.rating',
  'reviews.body',
  'users.name as author',
  'reviews.created_at',
  'reviews.flagged',
] as const;

/** The genuine (unflagged) reviews of a listing, newest first. */
export async function listingReviews(ctx: Context, listingId: number, opts: { limit: number }): Promise<ReviewView[]> {
  const rows = await reviewQuery(ctx)
    .select(COLUMNS)
    .where('reviews.listing_id', '=', listingId)
    .where('reviews.flagged', '=', 0)
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(opts.limit)
    .execute();
  return rows.map(toView);
}

/** The person's own review of a listing, flagged or not. */
export async function ownReview(
  ctx: Context,
  listingId: number,
  userId: number,
): Promise<{ rating: number; body: string } | null> {
  const row = await ctx.db
    .selectFrom('reviews')
    .select(['rating', 'body'])
    .where('listing_id', '=', listingId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { rating: Number(row.rating), body: row.body } : null;
}

/** The moderation list: latest reviews first (or only the flagged ones). */
export async function recentReviews(
  ctx: Context,
  opts: { limit: number; flaggedOnly?: boolean },
): Promise<ReviewView[]> {
  let query = reviewQuery(ctx).select(COLUMNS).orderBy('reviews.id', 'desc').limit(opts.limit);
  if (opts.flaggedOnly) query = query.where('reviews.flagged', '=', 1);
  return (await query.execute()).map(toView);
}

export async function setReviewFlag(
  ctx: Context,
  args: { reviewId: number; adminId: number; flagged: boolean },
): Promise<void> {
  const result = await ctx.db
    .updateTable('reviews')
    .set({ flagged: args.flagged ? 1 : 0, flagged_by: args.flagged ? args.adminId : null })
    .where('id', '=', args.reviewId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('not_found', 'No such review.');
}

/** The listing a review belongs to (reports of reviews link to it). */
export async function reviewListing(
  ctx: Context,
  reviewId: number,
): Promise<{ listingId: number; body: string } | null> {
  const row = await ctx.db
    .selectFrom('reviews')
    .select(['listing_id', 'body'])
    .where('id', '=', reviewId)
    .executeTakeFirst();
  return row ? { listingId: row.listing_id, body: row.body } : null;
}
