// Following a listing: followers are told when its maker posts an update
// (listings/content.ts), and the maker is told of new followers. Following
// twice, or unfollowing what one does not follow, changes nothing.
import { sql } from 'kysely';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { inTransaction } from '../platform/db.js';
import { notify } from './notifications.js';

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
  await inTransaction(ctx, async (tx) => {
    const trx = tx.db;
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
      await tellMakerOfFollower(tx, listing.id, args.userId);
    }
  });
}

/**
 * One unread "new follower" notification per listing at a time: following
 * and unfollowing over and over tells the maker once until they look. The
 * follower is not named (who follows what is not shown publicly either).
 */
async function tellMakerOfFollower(tx: Context, listingId: number, followerId: number): Promise<void> {
  const listing = await tx.db
    .selectFrom('listings')
    .select(['owner_id', 'name'])
    .where('id', '=', listingId)
    .executeTakeFirstOrThrow();
  if (listing.owner_id === null || listing.owner_id === followerId) return;
  const unread = await tx.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', listing.owner_id)
    .where('read_at', 'is', null)
    .where('kind', '=', 'follow')
    .where('listing_id', '=', listingId)
    .executeTakeFirst();
  if (unread) return;
  await notify(tx, [
    {
      userId: listing.owner_id,
      kind: 'follow',
      listingId,
      title: `${listing.name} has a new follower`,
      body: `Followers hear of each update you post on ${listing.name}.`,
      actorId: followerId,
    },
  ]);
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
