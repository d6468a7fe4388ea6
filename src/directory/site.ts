// What the site is and where everything lives: the answer of get_site_info and
// the source of every public URL a client may need.
import { sql } from 'kysely';
import type { Context } from '../context.js';
import { countCategories } from './categories.js';
import { filterOptions, stageOptions } from './filter-options.js';
import { getSetting } from './settings.js';

export const MCP_PROTOCOL_VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'] as const;

export function siteUrls(publicUrl: string) {
  return {
    home: `${publicUrl}/`,
    search: `${publicUrl}/search`,
    launches: `${publicUrl}/launches`,
    leaderboards: `${publicUrl}/leaderboards`,
    categories: `${publicUrl}/categories`,
    founders: `${publicUrl}/founders`,
    blog: `${publicUrl}/blog`,
    awards: `${publicUrl}/awards`,
    api_base: `${publicUrl}/api/v1`,
    openapi: `${publicUrl}/api/v1/openapi.json`,
    docs: `${publicUrl}/docs`,
    mcp: `${publicUrl}/mcp`,
  };
}

/**
 * Live listings: the search index's count once it is built (synced first, so
 * it includes every write the index has seen), else SQL's. Counting 100k rows
 * in SQL costs ~8 ms, too much for the call every assistant starts with.
 */
export async function countLiveListings(ctx: Context): Promise<number> {
  if (ctx.search.count('live') !== undefined) {
    await ctx.search.sync();
    return ctx.search.count('live')!;
  }
  const row = await ctx.db
    .selectFrom('listings')
    .select(sql<number>`count(*)`.as('n'))
    .where('status', '=', 'live')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function siteInfo(ctx: Context) {
  const [name, purpose, liveListings, categories, sites, filters, stages] = await Promise.all([
    getSetting(ctx.db, 'site_name'),
    getSetting(ctx.db, 'site_purpose'),
    countLiveListings(ctx),
    countCategories(ctx),
    ctx.db.selectFrom('sites').select(['key', 'name', 'base_url']).orderBy('id').execute(),
    filterOptions(ctx),
    stageOptions(ctx),
  ]);
  const urls = siteUrls(ctx.config.publicUrl);
  return {
    name,
    purpose,
    version: ctx.config.version,
    urls,
    counts: { live_listings: liveListings, categories },
    // The directories this installation publishes (`main` always): a listing
    // belongs to one; a company may be listed on several, each with that
    // site's own headline, summary and SEO text (update_my_listing apply_to).
    sites: [
      // `main` is this site (its row is made at the first submission, and follows PUBLIC_URL).
      { key: 'main', name, url: ctx.config.publicUrl },
      ...sites.filter((s) => s.key !== 'main').map((s) => ({ key: s.key, name: s.name, url: s.base_url })),
    ],
    // What search_listings' filters can take that live listings have now.
    filters: {
      stages,
      pricing_models: filters.pricingModels.map((p) => p.value),
      countries: filters.countries.map((c) => c.code).sort(),
    },
    api: { base_url: urls.api_base, openapi_url: urls.openapi, docs_url: urls.docs, openapi_version: '3.1.0' },
    mcp: { url: urls.mcp, transport: 'streamable-http', protocol_versions: [...MCP_PROTOCOL_VERSIONS] },
    rules: [
      'Votes come only from people on the site; awards follow community votes only.',
      'The billboard is a paid ranking and is always labelled as paid.',
      'Prices are set by the admin, in USD cents, excluding VAT.',
      'Payment happens on the checkout page; never ask for card details.',
    ],
  };
}
