// What `completion/complete` offers for the prompt and resource-template
// arguments (resources/index.ts, the MCP face, wires them through the SDK's `completable` and
// ResourceTemplate `complete` callbacks): category slugs, the slugs of public
// listings, and launch weeks. Public data only, whoever asks: a listing is
// offered exactly when the public reads show it (live or scheduled).
import type { Context } from '../context.js';
import { PUBLIC_STATUSES } from '../listings/summary.js';
import { addWeeks, mondayOf, parseDate } from '../launches/weeks.js';

/** Values offered per request at most: a short pick list, and a cheap query. */
export const MAX_COMPLETIONS = 20;

/** Mondays offered either side of the current week. */
const WEEKS_AROUND = 8;

const WEEK_KEYWORDS = ['this', 'next', 'last'] as const;

/**
 * What was typed, as a slug prefix, or undefined when no slug starts that way
 * (any character outside a-z, 0-9 and '-', or longer than a slug): such input
 * completes to nothing, and never reaches a LIKE pattern.
 */
function slugPrefix(value: string): string | undefined {
  const prefix = value.trim().toLowerCase();
  return prefix.length <= 220 && /^[a-z0-9-]*$/.test(prefix) ? prefix : undefined;
}

/** Category slugs starting with `value`, alphabetically. Every category is public. */
export async function completeCategorySlug(ctx: Context, value: string): Promise<string[]> {
  const prefix = slugPrefix(value);
  if (prefix === undefined) return [];
  const rows = await ctx.db
    .selectFrom('categories')
    .select('slug')
    .where('slug', 'like', `${prefix}%`)
    .orderBy('slug')
    .limit(MAX_COMPLETIONS)
    .execute();
  return rows.map((r) => r.slug);
}

/** Slugs of public listings (live or scheduled) starting with `value`, alphabetically; drafts and hidden ones never. */
export async function completeListingSlug(ctx: Context, value: string): Promise<string[]> {
  const prefix = slugPrefix(value);
  if (prefix === undefined) return [];
  const rows = await ctx.db
    .selectFrom('listings')
    .select('slug')
    .where('status', 'in', [...PUBLIC_STATUSES])
    .where('slug', 'like', `${prefix}%`)
    .orderBy('slug')
    .limit(MAX_COMPLETIONS)
    .execute();
  return rows.map((r) => r.slug);
}

/**
 * Week names starting with `value`: this, next and last, then the Mondays
 * (YYYY-MM-DD) from eight weeks back to eight ahead; a typed month
 * (YYYY-MM…) also offers that month's Mondays.
 */
export function completeWeek(now: Date, value: string): string[] {
  const typed = value.trim().toLowerCase();
  const current = mondayOf(now);
  const candidates: string[] = [...WEEK_KEYWORDS];
  for (let n = -WEEKS_AROUND; n <= WEEKS_AROUND; n++) candidates.push(addWeeks(current, n));
  const month = /^(\d{4}-\d{2})/.exec(typed)?.[1];
  const first = month ? parseDate(`${month}-01`) : null;
  if (month && first) {
    for (let monday = mondayOf(first); monday <= `${month}-31`; monday = addWeeks(monday, 1))
      if (monday.startsWith(month)) candidates.push(monday);
  }
  const matching = [...new Set(candidates)].filter((c) => c.startsWith(typed));
  const words = matching.filter((c) => !/^\d/.test(c));
  const mondays = matching.filter((c) => /^\d/.test(c)).sort();
  return [...words, ...mondays].slice(0, MAX_COMPLETIONS);
}
