// What sitemap.xml lists beyond the fixed section pages: categories, recent
// launch weeks, published blog posts, live listings and the founders behind
// them. One bounded query per kind (never one per row), only the columns a
// sitemap needs, and never more than the protocol's 50,000 URLs in total.
import type { Context } from '../context.js';
import { behindLiveListing } from './founders.js';
import { mondayOf } from '../launches/weeks.js';

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** How many launch weeks (with live launches, newest first) the sitemap names. */
export const SITEMAP_RECENT_WEEKS = 12;

export interface SitemapEntry {
  /** Site-relative path. */
  path: string;
  /** Last modification (ISO-8601), when known. */
  lastmod: string | null;
}

/**
 * Entries in priority order, at most `limit`: categories, recent launch
 * weeks, blog posts, live listings (newest first), founders. When the
 * directory outgrows the limit, the oldest listings and founders drop off.
 */
export async function sitemapEntries(ctx: Context, limit: number = SITEMAP_MAX_URLS): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  const room = () => limit - entries.length;
  const now = ctx.clock.now();

  if (room() > 0) {
    const categories = await ctx.db
      .selectFrom('categories')
      .select('slug')
      .orderBy('position')
      .orderBy('slug')
      .limit(room())
      .execute();
    for (const c of categories) entries.push({ path: `/categories/${c.slug}`, lastmod: null });
  }
  if (room() > 0) {
    const weeks = await ctx.db
      .selectFrom('listings')
      // Only the (status, launch_week) index is read: no lastmod, which would visit every row.
      .select('launch_week')
      .distinct()
      .where('status', '=', 'live')
      .where('launch_week', 'is not', null)
      .where('launch_week', '<=', mondayOf(now))
      .orderBy('launch_week', 'desc')
      .limit(Math.min(room(), SITEMAP_RECENT_WEEKS))
      .execute();
    for (const w of weeks) entries.push({ path: `/launches/weeks/${w.launch_week}`, lastmod: null });
  }
  if (room() > 0) {
    const posts = await ctx.db
      .selectFrom('blog_posts')
      .select(['slug', 'updated_at'])
      .where('published_at', 'is not', null)
      .where('published_at', '<=', now.toISOString())
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(room())
      .execute();
    for (const p of posts) entries.push({ path: `/blog/${p.slug}`, lastmod: p.updated_at });
  }
  if (room() > 0) {
    const listings = await ctx.db
      .selectFrom('listings')
      .select(['slug', 'updated_at'])
      .where('status', '=', 'live')
      .orderBy('id', 'desc')
      .limit(room())
      .execute();
    for (const l of listings) entries.push({ path: `/listings/${l.slug}`, lastmod: l.updated_at });
  }
  if (room() > 0) {
    const founders = await ctx.db
      .selectFrom('founders')
      .select(['founders.slug', 'founders.updated_at'])
      .where(behindLiveListing)
      .orderBy('founders.id', 'desc')
      .limit(room())
      .execute();
    for (const f of founders) entries.push({ path: `/founders/${f.slug}`, lastmod: f.updated_at });
  }
  return entries;
}
