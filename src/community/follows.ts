// Following a listing: followers are told when its maker posts an update
// (listing-content.ts writes their notifications). Following twice, or
// unfollowing what one does not follow, changes nothing.
import { sql } from 'kysely';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';

/** A listing the public may see (live or scheduled), by id; not_found for any other. */
export async function publicListing(ctx: Context, listingId: number) {
  const listing = await ctx.db
    .selectFrom('listings')
    .select(['id', 'status'])
    .where('id', '=', listingId)
    .executeTakeFirst();
  if (!listing || !['live', 'scheduled'].includes(listing.status)) throw new AppError('not_found', 'No such listing.');
  return listing;
}

export async function followListing(ctx: Context, args: { userId: number; listingId: number }): Promise<void> {
  const listing = await publicListing(ctx, args.listingId);
  await ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('follows')
      .values({ listing_id: listing.id, user_id: args.userId, created_at: ctx.clock.now().toISOString() })
      .onConflict((oc) => oc.columns(['listing_id', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
      await trx
        .updateTable('listings')
        .set({ followers_count: sql`followers_count + 1` })
        .where('id', '=', listing.id)
        .execute();
    }
  });
}

export async function unfollowListing(ctx: Context, args: { userId: number; listingId: number }): Promise<void> {
  const listing = await publicListing(ctx, args.listingId);
  await ctx.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('follows')
      .where('listing_id', '=', listing.id)
      .where('user_id', '=', args.userId)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) > 0) {
      await trx
        .updateTable('listings')
        .set({ followers_count: sql`followers_count - 1` })
        .where('id', '=', listing.id)
        .execute();
    }
  });
}
