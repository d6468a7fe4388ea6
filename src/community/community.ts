// What a listing page shows one visitor about its community: the counts
// (votes that count, votes the team discounted, followers) and, for a
// signed-in person, whether they voted, follow, and their own review.
import type { Context } from '../context.js';
import { ownReview } from './reviews.js';

export interface CommunityState {
  votes: number;
  votes_discounted: number;
  followers: number;
  voted: boolean;
  following: boolean;
  review: { rating: number; body: string } | null;
}

export async function communityState(ctx: Context, listingId: number, userId: number | null): Promise<CommunityState> {
  const counts = ctx.db
    .selectFrom('listings')
    .select(['votes_count', 'votes_discounted', 'followers_count'])
    .where('id', '=', listingId)
    .executeTakeFirstOrThrow();
  /** Whether the visitor has a row in `table` for this listing (a vote, a follow). */
  const visitorHas = async (table: 'votes' | 'follows') =>
    userId !== null &&
    (await ctx.db
      .selectFrom(table)
      .select('user_id')
      .where('listing_id', '=', listingId)
      .where('user_id', '=', userId)
      .executeTakeFirst()) !== undefined;
  const [row, voted, following, review] = await Promise.all([
    counts,
    visitorHas('votes'),
    visitorHas('follows'),
    userId === null ? null : ownReview(ctx, listingId, userId),
  ]);
  return {
    votes: Number(row.votes_count),
    votes_discounted: Number(row.votes_discounted),
    followers: Number(row.followers_count),
    voted,
    following,
    review,
  };
}
