// Alternatives to a listing: the ones its owner approved come first (marked
// approved=true), then other live listings of the same primary category, most
// voted first. Only live listings are ever suggested.
import { z } from 'zod';
import type { Context } from '../context.js';
import { notFound } from '../errors.js';
import { listingSummary, liveVoteCounts, summariesByIds } from '../listings/summary.js';
import { listingForViewer } from '../listings/profile.js';

export const MAX_ALTERNATIVES = 20;

export const alternatives = z.object({
  listing: listingSummary,
  items: z.array(listingSummary.extend({ approved: z.boolean().describe('Approved by the listing owner') })),
});
export type Alternatives = z.infer<typeof alternatives>;

/**
 * The live alternatives the owner approved, most voted first. The approved
 * rows are read first by the table's key, then their listings: joined in one
 * query, a planner without statistics walks every live listing by votes and
 * probes for each (8 ms a render at 100k listings).
 */
async function approvedAlternatives(ctx: Context, listingId: number): Promise<number[]> {
  const ids = (
    await ctx.db
      .selectFrom('listing_alternatives')
      .select('alternative_id')
      .where('listing_id', '=', listingId)
      .where('approved', '=', 1)
      .where('alternative_id', '!=', listingId)
      .execute()
  ).map((r) => r.alternative_id);
  const live = await liveVoteCounts(ctx, ids);
  return live
    .sort((a, b) => b.votes_count - a.votes_count || a.id - b.id)
    .slice(0, MAX_ALTERNATIVES)
    .map((l) => l.id);
}

export async function alternativesTo(
  ctx: Context,
  slug: string,
  viewerId: number | null = null,
): Promise<Alternatives> {
  const listing = await listingForViewer(ctx, slug, viewerId);
  if (!listing) throw notFound(`No public listing with slug "${slug}". Use search_listings to find one.`);
  const approvedIds = await approvedAlternatives(ctx, listing.id);

  const primary = await ctx.db
    .selectFrom('listing_categories')
    .select('category_id')
    .where('listing_id', '=', listing.id)
    .where('is_primary', '=', 1)
    .executeTakeFirst();
  let sameCategoryIds: number[] = [];
  if (primary && approvedIds.length < MAX_ALTERNATIVES) {
    const rows = await ctx.db
      .selectFrom('listing_categories as lc')
      .innerJoin('listings as l', 'l.id', 'lc.listing_id')
      .select('l.id')
      .where('lc.category_id', '=', primary.category_id)
      .where('lc.is_primary', '=', 1)
      .where('l.status', '=', 'live')
      .where('l.id', 'not in', [listing.id, ...approvedIds])
      .orderBy('l.votes_count', 'desc')
      .orderBy('l.id')
      .limit(MAX_ALTERNATIVES - approvedIds.length)
      .execute();
    sameCategoryIds = rows.map((r) => r.id);
  }

  const [[self], approvedItems, others] = await Promise.all([
    summariesByIds(ctx, [listing.id]),
    summariesByIds(ctx, approvedIds),
    summariesByIds(ctx, sameCategoryIds),
  ]);
  return {
    listing: self!,
    items: [...approvedItems.map((s) => ({ ...s, approved: true })), ...others.map((s) => ({ ...s, approved: false }))],
  };
}
