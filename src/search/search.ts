// Listing search (search_listings): words through the in-memory index
// (listing-index.ts, kept in step by search-index.ts) and descriptions
// through the database's full-text index (descriptions.ts), filters and
// sorts through SQL. A query ranks listings matching every word above those
// matching some; when it finds little, the result offers a corrected query
// that finds more and the categories whose names match (suggestions.ts).
// Paid plans never change relevance (ARCHITECTURE §5).
//
// Relevance results are remembered per query while the index version they
// were computed at holds (any indexed change bumps it): the ranking, totals,
// highlights and suggestions come from the index, so only the summaries
// (whose counters change without a new version) are read again.
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { MigrationDialect } from '../../db/migrations/index.js';
import type { Database } from '../../db/schema.js';
import type { Context } from '../context.js';
import { subtreeIds } from '../directory/categories.js';
import { trendingScores } from '../launches/trending.js';
import { listingSummary, summariesByIds } from '../listings/summary.js';
import { findMatches } from './descriptions.js';
import type { IndexedStatus, QueryWord } from './listing-index.js';
import { stem, tokens } from './text.js';
import { categorySuggestion, type SearchSuggestions, suggestionsFor } from './suggestions.js';

export { createSearchIndex, type SearchIndex } from './search-index.js';

/** The most matches ranked before filtering (the best first). */
const CANDIDATE_CAP = 2000;
/** Recent relevance results remembered. */
const RESULT_MEMORY = 500;

export type SearchSort = 'relevance' | 'newest' | 'votes' | 'trending' | 'most_viewed' | 'most_followed';

export interface SearchInput {
  q?: string;
  category?: string;
  stage?: string;
  country?: string;
  pricing_model?: string;
  domain?: string;
  status: 'live' | 'upcoming';
  sort: SearchSort;
  page: number;
  per_page: number;
}

/** One search result: the listing summary, with its relevance and matched words when a query was given. */
export const searchHit = listingSummary.extend({
  score: z.number().optional().describe('Relevance 0..1 (only when q is given)'),
  matched: z
    .array(z.string())
    .optional()
    .describe(
      'Words of the name, tagline and primary category that match q, lower-cased, to highlight (only when q is given; may be empty when the match is elsewhere in the listing)',
    ),
  words_matched: z
    .array(z.string())
    .optional()
    .describe(
      'Which of query_words this listing matched, anywhere in it (name, tagline, categories, keywords, features, description…); fewer than query_words: it matches only some (only when q is given)',
    ),
});
export type SearchHit = z.infer<typeof searchHit>;

/** What a search adds beside its page of results. */
export const searchExtras = {
  query_words: z
    .array(z.string())
    .optional()
    .describe(
      'The words of q the search looked for, stop words left out; listings matching all of them come first (only when q is given)',
    ),
  did_you_mean: z
    .object({ q: z.string(), total: z.number().int() })
    .nullable()
    .optional()
    .describe(
      'A corrected query and how many listings of the status asked for it finds (other filters aside), when q has a word the directory does not know (only when q is given)',
    ),
  categories: z
    .array(categorySuggestion)
    .optional()
    .describe(
      'Categories whose names match q, with their live listing counts: browse one with category=slug (only when q is given)',
    ),
};

export interface SearchResult extends Partial<SearchSuggestions> {
  items: SearchHit[];
  total: number;
  /** The words of q looked for (only when q is given). */
  query_words?: string[];
}

/** `https://www.Example.com/pricing` → `example.com`. */
export function normalizeDomain(input: string): string {
  let d = input.trim().toLowerCase();
  d = d
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '');
  return d.replace(/^www\./, '').replace(/\.$/, '');
}

async function categoryAndDescendants(db: Kysely<Database>, slug: string): Promise<number[]> {
  const all = await db.selectFrom('categories').select(['id', 'slug', 'parent_id']).execute();
  const root = all.find((c) => c.slug === slug);
  if (!root) return [];
  return subtreeIds(all, root.id);
}

/** The words of a listing's name, tagline and category that the query's words matched (through their stems), lower-cased. */
export function matchedWords(texts: readonly (string | null)[], words: readonly QueryWord[]): string[] {
  const found = new Set<string>();
  for (const text of texts)
    for (const word of tokens(text ?? '')) if (words.some((w) => w.terms.has(stem(word)))) found.add(word);
  return [...found];
}

/** A relevance page as remembered: everything but the summaries. */
interface RankedPage extends SearchSuggestions {
  ids: number[];
  scores: number[];
  total: number;
  words: QueryWord[];
  /** Per id, which of `words` it matched (bit i: words[i]). */
  wordMasks: number[];
  /** Per id, its matched words (filled when the page is first shown). */
  matched?: string[][];
}

export async function searchListings(ctx: Context, input: SearchInput): Promise<SearchResult> {
  const q = input.q?.trim() ?? '';
  if (q === '') {
    const { items, total } = await browseIds(ctx, input, null);
    return { items: await summariesByIds(ctx, items), total };
  }
  await ctx.search.sync();
  const wanted: IndexedStatus = input.status === 'live' ? 'live' : 'scheduled';
  const key = JSON.stringify([
    q,
    input.status,
    input.sort,
    input.category,
    input.stage,
    input.country,
    input.pricing_model,
    input.domain,
    input.page,
    input.per_page,
  ]);
  const version = ctx.search.index.version;
  const results = ctx.search.results;
  const known = results.get(key);
  let ranked: RankedPage;
  if (known && known.version === version) {
    ranked = known.value as RankedPage;
    results.delete(key); // refresh its place in the LRU order
  } else {
    // Ranked in memory, only the page is needed; SQL filters and other sorts pick from the best CANDIDATE_CAP.
    const inMemory = input.sort === 'relevance' && !hasSqlFilters(input);
    const limit = inMemory ? input.page * input.per_page : CANDIDATE_CAP;
    const found = await findMatches(ctx, q, { status: wanted, limit });
    const suggestions = await suggestionsFor(ctx, q, found, wanted);
    const page = await rankPage(ctx, input, found.best);
    ranked = {
      ...suggestions,
      ...page,
      total: inMemory ? found.matched : page.total,
      words: found.words,
      wordMasks: page.ids.map((id) => found.wordsOf.get(id) ?? 0),
    };
  }
  results.set(key, { version, value: ranked });
  if (results.size > RESULT_MEMORY) results.delete(results.keys().next().value!);

  const summaries = await summariesByIds(ctx, ranked.ids);
  // The matched words hold with the version: a new name or tagline is a new version.
  ranked.matched ??= summaries.map((s) =>
    matchedWords([s.name, s.tagline, s.primary_category?.name ?? null], ranked.words),
  );
  const matched = ranked.matched;
  const queryWords = ranked.words.map((w) => w.word);
  return {
    items: summaries.map((s, i) => ({
      ...s,
      score: round(ranked.scores[i]!),
      matched: matched[i] ?? [],
      words_matched: queryWords.filter((_, w) => (ranked.wordMasks[i]! & (1 << w)) !== 0),
    })),
    total: ranked.total,
    query_words: queryWords,
    did_you_mean: ranked.did_you_mean,
    categories: ranked.categories,
  };
}

/** The page of matches asked for, filtered, in relevance order or by another sort. */
async function rankPage(
  ctx: Context,
  input: SearchInput,
  relevance: Map<number, number>,
): Promise<{ ids: number[]; scores: number[]; total: number }> {
  if (relevance.size === 0) return { ids: [], scores: [], total: 0 };
  if (input.sort !== 'relevance') {
    const { items, total } = await browseIds(ctx, input, [...relevance.keys()]);
    return { ids: items, scores: items.map((id) => relevance.get(id)!), total };
  }
  // The index gave matches of the wanted status, best first; only the other filters need SQL.
  let ids = [...relevance.keys()];
  if (hasSqlFilters(input)) {
    const categoryIds = input.category ? await categoryAndDescendants(ctx.db, input.category) : null;
    if (categoryIds?.length === 0) return { ids: [], scores: [], total: 0 };
    const kept = new Set(
      (
        await ctx.db
          .selectFrom('listings')
          .select('id')
          .where((eb) => filters(eb, input, categoryIds))
          .where((eb) => idIn(ctx.dialect, eb, ids))
          .execute()
      ).map((r) => r.id),
    );
    ids = ids.filter((id) => kept.has(id));
  }
  const offset = (input.page - 1) * input.per_page;
  const page = ids.slice(offset, offset + input.per_page);
  return { ids: page, scores: page.map((id) => relevance.get(id)!), total: ids.length };
}

/** Listings by a sort other than relevance (among `matches` when a query gave some), as ids. */
async function browseIds(
  ctx: Context,
  input: SearchInput,
  matches: number[] | null,
): Promise<{ items: number[]; total: number }> {
  const categoryIds = input.category ? await categoryAndDescendants(ctx.db, input.category) : null;
  if (categoryIds?.length === 0) return { items: [], total: 0 };
  const where = (eb: ExpressionBuilder<Database, 'listings'>) => {
    const conditions = [filters(eb, input, categoryIds)];
    if (matches) conditions.push(idIn(ctx.dialect, eb, matches));
    return eb.and(conditions);
  };
  const offset = (input.page - 1) * input.per_page;
  const sort = input.sort === 'relevance' ? 'votes' : input.sort;

  if (sort === 'trending') {
    // Listings with recent votes, by time-decayed score, then the rest by votes.
    const scores = await trendingScores(ctx);
    const scored =
      scores.size === 0
        ? []
        : (
            await ctx.db
              .selectFrom('listings')
              .select('id')
              .where(where)
              .where((eb) => idIn(ctx.dialect, eb, [...scores.keys()]))
              .execute()
          ).map((r) => r.id);
    scored.sort((a, b) => scores.get(b)! - scores.get(a)! || a - b);
    const countRow = await ctx.db
      .selectFrom('listings')
      .select(sql<number>`count(*)`.as('n'))
      .where(where)
      .executeTakeFirstOrThrow();
    let page = scored.slice(offset, offset + input.per_page);
    if (page.length < input.per_page) {
      const restOffset = Math.max(0, offset - scored.length);
      const scoredSet = new Set(scored);
      const rest = await ctx.db
        .selectFrom('listings')
        .select('id')
        .where(where)
        .orderBy('listings.votes_count', 'desc')
        .orderBy('listings.id')
        .limit(restOffset + input.per_page + scored.length)
        .execute();
      page = [
        ...page,
        ...rest
          .map((r) => r.id)
          .filter((id) => !scoredSet.has(id))
          .slice(restOffset, restOffset + input.per_page - page.length),
      ];
    }
    return { items: page, total: Number(countRow.n) };
  }

  const order = {
    // Live listings have launched_at; upcoming ones only their launch week.
    newest: [sql.ref(input.status === 'live' ? 'listings.launched_at' : 'listings.launch_week'), 'desc'],
    votes: [sql`listings.votes_count`, 'desc'],
    most_viewed: [sql`listings.views_count`, 'desc'],
    most_followed: [sql`listings.followers_count`, 'desc'],
  } as const;
  const [orderBy, direction] = order[sort];
  const [countRow, rows] = await Promise.all([
    ctx.db.selectFrom('listings').select(sql<number>`count(*)`.as('n')).where(where).executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('listings')
      .select('id')
      .where(where)
      .orderBy(orderBy, direction)
      .orderBy('listings.id')
      .limit(input.per_page)
      .offset(offset)
      .execute(),
  ]);
  return { items: rows.map((r) => r.id), total: Number(countRow.n) };
}

/** The filters other than the query, as one SQL condition. */
function filters(eb: ExpressionBuilder<Database, 'listings'>, input: SearchInput, categoryIds: number[] | null) {
  const conditions = [eb('listings.status', '=', input.status === 'live' ? 'live' : 'scheduled')];
  if (categoryIds) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('listing_categories as lc')
          .select('lc.listing_id')
          .whereRef('lc.listing_id', '=', 'listings.id')
          .where('lc.category_id', 'in', categoryIds),
      ),
    );
  }
  if (input.stage) conditions.push(eb(eb.fn('lower', ['listings.stage']), '=', input.stage.toLowerCase()));
  if (input.country) conditions.push(eb(eb.fn('upper', ['listings.country']), '=', input.country.toUpperCase()));
  if (input.pricing_model)
    conditions.push(eb(eb.fn('lower', ['listings.pricing_model']), '=', input.pricing_model.toLowerCase()));
  if (input.domain) {
    const domain = normalizeDomain(input.domain);
    conditions.push(eb.or([eb('listings.domain', '=', domain), eb('listings.domain', '=', `www.${domain}`)]));
  }
  return eb.and(conditions);
}

/** Filters the in-memory index cannot answer. */
function hasSqlFilters(input: SearchInput): boolean {
  return Boolean(input.category || input.stage || input.country || input.pricing_model || input.domain);
}

/** `listings.id` among `ids`, as one bound parameter (one prepared statement for any number of ids). */
function idIn(dialect: MigrationDialect, eb: ExpressionBuilder<Database, 'listings'>, ids: number[]) {
  return dialect === 'postgres'
    ? eb(sql`listings.id`, '=', sql`ANY(${ids}::int[])`)
    : eb('listings.id', 'in', sql<number>`(SELECT value FROM json_each(${JSON.stringify(ids)}))`);
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
