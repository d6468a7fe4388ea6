// Alternatives to a listing: the ones its owner approved come first (marked
// approved=true), then other live listings of the same primary category, most
// voted first. Only live listings are ever suggested.
import { z } from 'zod';
import type { Context } from '../context.js';
import { listingSummary, summariesByIds } from '../listings/summary.js';
import { publicListingBySlug } from '../listings/profile.js';

export const MAX_ALTERNATIVES = 20;

export const alternatives = z.object({
  listing: listingSummary,
  items: z.array(listingSummary.extend({ approved: z.boolean().describe('Approved by the listing owner') })),
});
export type Alternatives = z.infer<typeof alternatives>;

export async function alternativesTo(
  ctx: Context,
  slug: string,
  viewerId: number | null = null,
): Promise<Alternatives> {
  const listing = await publicListingBySlug(ctx, slug, viewerId);
  const approved = await ctx.db
    .selectFrom('listing_alternatives as a')
    .innerJoin('listings as l', 'l.id', 'a.alternative_id')
    .select('l.id')
    .where('a.listing_id', '=', listing.id)
    .where('a.approved', '=', 1)
    .where('l.status', '=', 'live')
    .where('l.id', '!=', listing.id)
    .orderBy('l.votes_count', 'desc')
    .orderBy('l.id')
    .limit(MAX_ALTERNATIVES)
    .execute();
  const approvedIds = approved.map((r) => r.id);

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
