// The values search_listings' filters can take that live listings actually
// have (the search page's pickers, get_site_info's `filters`), so a visitor
// or an assistant never picks a filter that finds nothing and never has to
// guess a spelling.
import { sql } from 'kysely';
import type { Context } from '../context.js';

export interface CountryOption {
  /** Two-letter code, upper-case, as the country filter takes it. */
  code: string;
  /** Its English name ("DE" → "Germany"), or the code when the name is unknown. */
  name: string;
}

export interface PricingOption {
  /** Lower-case, as the pricing_model filter compares it. */
  value: string;
  /** "open-source" → "Open-source". */
  label: string;
}

export interface FilterOptions {
  countries: CountryOption[];
  pricingModels: PricingOption[];
}

/** The distinct countries and pricing models of live listings, countries by name. */
export async function filterOptions(ctx: Context): Promise<FilterOptions> {
  const [countries, pricing] = await Promise.all([
    distinctLiveValues(ctx, 'country'),
    distinctLiveValues(ctx, 'pricing_model'),
  ]);
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return {
    countries: countries
      // The filter takes two letters only; anything else stored could never be chosen.
      .filter((code) => /^[A-Z]{2}$/.test(code))
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en')),
    pricingModels: pricing
      .filter((value) => value.trim() === value && value.length <= 40)
      .map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) })),
  };
}

/** The stage filter takes a slug (SPEC Part 2 "Common"): a stage like "early access" is shown but cannot be filtered. */
const STAGE_SLUG = /^[a-z0-9][a-z0-9-]{0,219}$/;

/**
 * The distinct stages of live listings that search_listings' stage filter
 * can take (lower-case, as it compares them), in order: for get_site_info
 * (the search page has no stage picker, so it does not pay for them).
 */
export async function stageOptions(ctx: Context): Promise<string[]> {
  return (await distinctLiveValues(ctx, 'stage')).filter((value) => STAGE_SLUG.test(value));
}

/**
 * The distinct values of `upper(country)`, `lower(pricing_model)` or `lower(stage)` among live
 * listings, in index order. A plain `SELECT DISTINCT` would read one index
 * entry per live listing (100k entries at 100k listings); this walks the
 * (status, expression) index of migration 0003 as a loose index scan instead:
 * each step of the recursive query seeks the next value greater than the last,
 * so the cost is one index seek per distinct value (a few dozen), whatever the
 * number of listings, with nothing to cache or invalidate. The same SQL runs
 * on SQLite and PostgreSQL (the subquery only refers to the previous row,
 * which both allow in a recursive term).
 */
async function distinctLiveValues(ctx: Context, column: 'country' | 'pricing_model' | 'stage'): Promise<string[]> {
  // Written out in full: each must be the indexed expression exactly for the index to serve it.
  const value =
    column === 'country'
      ? sql`upper(l.country)`
      : column === 'pricing_model'
        ? sql`lower(l.pricing_model)`
        : sql`lower(l.stage)`;
  const { rows } = await sql<{ value: string }>`
    WITH RECURSIVE seen(value) AS (
      SELECT CAST('' AS TEXT)
      UNION ALL
      SELECT (
        SELECT ${value} FROM listings l
        WHERE l.status = 'live' AND ${value} > seen.value
        ORDER BY ${value} LIMIT 1
      ) FROM seen WHERE seen.value IS NOT NULL
    )
    SELECT value FROM seen WHERE value IS NOT NULL AND value <> ''`.execute(ctx.db);
  return rows.map((r) => r.value);
}
