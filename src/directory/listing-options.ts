// The live listings a picker offers (compare two products, one listing's
// awards): name and slug, most voted first, so a visitor picks by name
// instead of typing a slug.
import type { Context } from '../context.js';

export interface ListingOption {
  slug: string;
  name: string;
}

/** The most voted live listings (at most `limit`), for a form's suggestions. */
export async function liveListingOptions(ctx: Context, limit = 500): Promise<ListingOption[]> {
  return ctx.db
    .selectFrom('listings')
    .select(['slug', 'name'])
    .where('status', '=', 'live')
    .orderBy('votes_count', 'desc')
    .orderBy('name')
    .limit(limit)
    .execute();
}
