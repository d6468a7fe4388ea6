// The listing summary every feed, search result, leaderboard row and award
// carries (SPEC Part 2: "includes name, url, votes; shorter than the profile").
// One shape, one loader, so every list reads the same.
import { z } from 'zod';
import type { Context } from '../context.js';
import { imageView, storedImage } from '../media/images.js';

export const listingSummary = z.object({
  slug: z.string(),
  name: z.string(),
  url: z.string().describe("The product's own website"),
  tagline: z.string().nullable(),
  logo_url: z.string().nullable().describe("The maker's link to the logo"),
  logo: storedImage.nullable().describe('Our copy of the logo (square WebP); null until copied'),
  status: z.string(),
  votes: z.number().int().describe('Community votes'),
  followers: z.number().int(),
  views: z.number().int(),
  launch_week: z.string().nullable().describe('Monday (YYYY-MM-DD) of the launch week'),
  launched_at: z.string().nullable(),
  primary_category: z.object({ slug: z.string(), name: z.string() }).nullable(),
  country: z.string().nullable(),
  pricing_model: z.string().nullable(),
  stage: z.string().nullable(),
  profile_url: z.string().describe('The listing page on this site'),
});
export type ListingSummary = z.infer<typeof listingSummary>;

/** Statuses the public may see: live listings, and upcoming ones (scheduled). */
export const PUBLIC_STATUSES = ['live', 'scheduled'] as const;

/**
 * Summaries for listing ids, in the order given (ids that do not exist are
 * skipped). Each is built once per profile version (ctx.summaries: the
 * version follows every change a summary shows but the view count, which is
 * read fresh), so a feed or a search page costs one read by id when nothing
 * changed, and two more for the listings that did.
 */
/** Listing ids per lookup: far below every database's limit on bound parameters. */
const IDS_PER_QUERY = 500;

/** The live listings among `ids`, each with its vote count, in no order (callers rank them their own way). */
export async function liveVoteCounts(
  ctx: Context,
  ids: readonly number[],
): Promise<{ id: number; votes_count: number }[]> {
  const live: { id: number; votes_count: number }[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const rows = await ctx.db
      .selectFrom('listings')
      .select(['id', 'votes_count'])
      .where('status', '=', 'live')
      .where('id', 'in', ids.slice(i, i + IDS_PER_QUERY))
      .execute();
    for (const row of rows) live.push({ id: Number(row.id), votes_count: Number(row.votes_count) });
  }
  return live;
}

export async function summariesByIds(ctx: Context, ids: readonly number[]): Promise<ListingSummary[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const stamps = await ctx.db
    .selectFrom('listings')
    .select(['id', 'profile_version', 'views_count'])
    .where('id', 'in', unique)
    .execute();
  const versionOf = new Map(stamps.map((r) => [r.id, Number(r.profile_version)]));
  const viewsOf = new Map(stamps.map((r) => [r.id, Number(r.views_count)]));
  const byId = new Map<number, ListingSummary>();
  for (const { id } of stamps) {
    const cached = ctx.summaries.get(id, versionOf.get(id)!);
    if (cached) byId.set(id, cached);
  }
  // Built from rows read after the versions: a write in between stores newer text under the older
  // version, which the next read's newer version does not match, so it is built again.
  const stale = stamps.filter((r) => !byId.has(r.id)).map((r) => r.id);
  for (const { id, summary } of await buildSummaries(ctx, stale)) {
    ctx.summaries.set(id, versionOf.get(id)!, summary);
    byId.set(id, summary);
  }
  return ids.flatMap((id) => {
    const summary = byId.get(id);
    return summary ? [{ ...summary, views: viewsOf.get(id) ?? summary.views }] : [];
  });
}

/** Summaries of listing ids, in no particular order. Two queries whatever the number of ids. */
async function buildSummaries(
  ctx: Context,
  unique: readonly number[],
): Promise<{ id: number; summary: ListingSummary }[]> {
  if (unique.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('listings as l')
    .leftJoin('images as i', 'i.hash', 'l.logo_image')
    .select([
      'l.id',
      'l.slug',
      'l.name',
      'l.url',
      'l.tagline',
      'l.logo_url',
      'l.status',
      'l.votes_count',
      'l.followers_count',
      'l.views_count',
      'l.launch_week',
      'l.launched_at',
      'l.country',
      'l.pricing_model',
      'l.stage',
      'i.hash as logo_hash',
      'i.content_type as logo_type',
      'i.width as logo_width',
      'i.height as logo_height',
    ])
    .where('l.id', 'in', unique)
    .execute();
  const primaries = await ctx.db
    .selectFrom('listing_categories as lc')
    .innerJoin('categories as c', 'c.id', 'lc.category_id')
    .select(['lc.listing_id', 'c.slug', 'c.name'])
    .where('lc.listing_id', 'in', unique)
    .where('lc.is_primary', '=', 1)
    .execute();
  const primaryOf = new Map(primaries.map((p) => [p.listing_id, { slug: p.slug, name: p.name }]));
  return rows.map((r) => ({
    id: r.id,
    summary: {
      slug: r.slug,
      name: r.name,
      url: r.url,
      tagline: r.tagline,
      logo_url: r.logo_url,
      logo:
        r.logo_hash === null
          ? null
          : imageView(ctx, {
              hash: r.logo_hash,
              content_type: r.logo_type!,
              width: r.logo_width!,
              height: r.logo_height!,
            }),
      status: r.status,
      votes: Number(r.votes_count),
      followers: Number(r.followers_count),
      views: Number(r.views_count),
      launch_week: r.launch_week,
      launched_at: r.launched_at,
      primary_category: primaryOf.get(r.id) ?? null,
      country: r.country,
      pricing_model: r.pricing_model,
      stage: r.stage,
      profile_url: `${ctx.config.publicUrl}/listings/${r.slug}`,
    } satisfies ListingSummary,
  }));
}

/**
 * Summaries for listing ids by slug, so rows read earlier are matched to their
 * summary by slug: a listing deleted between the reads cannot shift its
 * neighbours' data onto another listing.
 */
export async function summariesBySlug(ctx: Context, ids: readonly number[]): Promise<Map<string, ListingSummary>> {
  return new Map((await summariesByIds(ctx, ids)).map((s) => [s.slug, s]));
}
