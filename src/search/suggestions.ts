// What a search offers beside its results: a corrected query when a word is
// unknown to the directory ("prodcutivity" → "productivity", with how many it
// finds), and the categories whose names the query matches ("calendar" →
// Calendars, 9 products), so a search that finds little still shows what
// exists.
import { sql } from 'kysely';
import { z } from 'zod';
import type { Context } from '../context.js';
import { subtreeIds } from '../directory/categories.js';
import { findMatches } from './descriptions.js';
import type { IndexedStatus, QueryResult } from './listing-index.js';
import { isStopWord, stem, tokens } from './text.js';

export const categorySuggestion = z.object({
  slug: z.string(),
  name: z.string(),
  listing_count: z.number().int().describe('Live listings in the category and its subcategories'),
});
export type CategorySuggestion = z.infer<typeof categorySuggestion>;

export interface SearchSuggestions {
  did_you_mean: { q: string; total: number } | null;
  categories: CategorySuggestion[];
}

/** Categories offered at most. */
const MAX_CATEGORIES = 3;

export async function suggestionsFor(
  ctx: Context,
  q: string,
  found: QueryResult,
  status: IndexedStatus,
): Promise<SearchSuggestions> {
  return { did_you_mean: await didYouMean(ctx, q, found, status), categories: await matchingCategories(ctx, found) };
}

/**
 * The query with each word the index does not know replaced by its most
 * common typo neighbour, when that finds listings. A word the index knows is
 * never replaced, however rare ("outage" is not "usage"), and the rest of
 * the query stays as written: its stop words, hyphens and capitals
 * ("on-call" stays "on-call").
 */
async function didYouMean(
  ctx: Context,
  q: string,
  found: QueryResult,
  status: IndexedStatus,
): Promise<SearchSuggestions['did_you_mean']> {
  const index = ctx.search.index;
  const corrections = new Map<string, string>();
  for (const { word } of found.words) {
    if (index.frequency(stem(word)) > 0) continue;
    const [neighbour] = index.typoWords(word);
    if (neighbour !== undefined) corrections.set(word, neighbour);
  }
  if (corrections.size === 0) return null;
  // Each word of q as written, read as the index reads it (lower-cased, accents folded), replaced when corrected.
  const written = q.trim().replace(/\s+/g, ' ');
  const suggestion = written.replace(/[\p{L}\p{M}\p{N}]+/gu, (w) => {
    const read = tokens(w);
    return read.length === 1 ? (corrections.get(read[0]!) ?? w) : w;
  });
  if (suggestion === written) return null;
  const total = (await findMatches(ctx, suggestion, { status, limit: 0 })).matched;
  return total > 0 ? { q: suggestion, total } : null;
}

/**
 * Categories with at least half of their name's words matched by the
 * query's words (through stems, the last word's prefixes and typos), the
 * best covered first, with listings.
 */
async function matchingCategories(ctx: Context, found: QueryResult): Promise<CategorySuggestion[]> {
  const matches = (nameWord: string) => found.words.some((w) => w.terms.has(stem(nameWord)));
  const all = ctx.search.categories();
  const candidates = all
    .map((c) => {
      const words = tokens(c.name).filter((w) => !isStopWord(w));
      const matched = words.filter(matches).length;
      const queryWordsCovered = found.words.filter((w) => words.some((n) => w.terms.has(stem(n)))).length;
      return { c, share: words.length === 0 ? 0 : matched / words.length, queryWordsCovered };
    })
    .filter((m) => m.share >= 0.5)
    .sort(
      (a, b) => b.queryWordsCovered - a.queryWordsCovered || b.share - a.share || a.c.name.length - b.c.name.length,
    );
  const suggestions: CategorySuggestion[] = [];
  for (const { c } of candidates) {
    if (suggestions.length === MAX_CATEGORIES) break;
    const count = await liveCount(ctx, c.id);
    if (count > 0) suggestions.push({ slug: c.slug, name: c.name, listing_count: count });
  }
  return suggestions;
}

/**
 * Live listings in a category and below it. Counted once per index version
 * (any listing change bumps it, a category's count cannot change without
 * one): a big category's count costs milliseconds.
 */
async function liveCount(ctx: Context, categoryId: number): Promise<number> {
  const version = ctx.search.index.version;
  const memory = ctx.search.categoryCounts;
  if (memory.version !== version) {
    memory.version = version;
    memory.counts.clear();
  }
  const known = memory.counts.get(categoryId);
  if (known !== undefined) return known;
  const row = await ctx.db
    .selectFrom('listing_categories as lc')
    .innerJoin('listings as l', 'l.id', 'lc.listing_id')
    .select(sql<number>`count(DISTINCT lc.listing_id)`.as('n'))
    .where('lc.category_id', 'in', subtreeIds(ctx.search.categories(), categoryId))
    .where('l.status', '=', 'live')
    .executeTakeFirstOrThrow();
  const count = Number(row.n);
  memory.counts.set(categoryId, count);
  return count;
}
