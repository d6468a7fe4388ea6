// Listing search (search_listings). Two engines, merged:
//  - an in-memory index over the short fields (name, tagline, keywords) with
//    prefix and typo matching, so typos still find ("notin" → "Notion"); see
//    short-field-index.ts;
//  - the database's full-text index over descriptions (SQLite FTS5 bm25,
//    PostgreSQL tsvector), which is fast on long text but has no typo
//    tolerance.
// Candidate sets are capped so very common words stay fast. The in-memory
// index also knows each listing's status, so a plain relevance search is
// ranked without another query; only the filters go to SQL.
//
// The index holds public listings (live and scheduled) and follows the
// listings table through its `updated_at` change feed: every search first
// applies rows changed since the last sync, so a write by this process, or by
// another instance on the same PostgreSQL, is visible on the next query.
// Paid plans never change relevance (ARCHITECTURE §5).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely, type ExpressionBuilder } from 'kysely';
import { z } from 'zod';
import type { Database, Listing } from '../../db/schema.js';
import type { MigrationDialect } from '../../db/migrations/index.js';
import type { Context } from '../context.js';
import { subtreeIds } from '../directory/categories.js';
import { listingSummary, PUBLIC_STATUSES, summariesByIds } from '../listings/summary.js';
import { kthLargest, nthLowest, ShortFieldIndex, tokens, type IndexedStatus } from './short-field-index.js';
import { trendingScores } from '../launches/trending.js';
import { stringArray } from '../platform/json-text.js';

/** The most candidates either engine contributes before filtering. */
const CANDIDATE_CAP = 2000;
const SHORT_FIELDS_WEIGHT = 0.7;
const FUZZY_FALLBACK_BELOW = 20;
const DESCRIPTION_WEIGHT = 0.3;

export interface SearchIndex {
  /** Applies listing rows changed since the last sync (cheap when nothing changed). */
  sync(): Promise<void>;
  /**
   * Relevance (0..1] of short-field matches by listing id: the best
   * CANDIDATE_CAP of every status, then only those of `status` when given
   * (the cap and the scale do not depend on it).
   */
  matchShortFields(q: string, status?: IndexedStatus): Map<number, number>;
  /** A public listing's status as of the last sync (undefined: not public). */
  statusOf(id: number): IndexedStatus | undefined;
  size(): number;
  /** Listings of `status` as of the last sync; undefined until the first sync has built the index. */
  count(status: IndexedStatus): number | undefined;
  /** Description terms' "too common to rank by" verdicts, with when they were counted (ms). */
  readonly commonTerms: Map<string, { common: boolean; at: number }>;
}

/** Rows indexed between two turns of the event loop while syncing. */
const YIELD_EVERY_ROWS = 2000;

/** Rows read per query while building the index the first time. */
const BUILD_PAGE_ROWS = 2000;

/** How far before its cursor the change feed re-reads: longer than any write transaction and clock skew between instances. */
export const SYNC_LAG_MS = 60_000;

/** An empty index; the first sync() fills it (`serve` does that at start). */
export function createSearchIndex(db: Kysely<Database>, opts: { buildPageRows?: number } = {}): SearchIndex {
  const buildPageRows = opts.buildPageRows ?? BUILD_PAGE_ROWS;
  const index = new ShortFieldIndex();
  // The change-feed cursor: the largest updated_at seen. Each sync re-reads
  // from SYNC_LAG_MS before it: updated_at is stamped before its transaction
  // commits (and by each instance's own clock), so a write can become visible
  // after a later-stamped one was already synced. Rows whose updated_at was
  // indexed already are skipped, so the overlap costs an index-only read.
  let cursor = '';
  const indexedAt = new Map<number, string>();
  let syncing: Promise<void> | null = null;
  let built = false;

  /**
   * The earliest updated_at among rows in the window not yet indexed at
   * their stamp, or null when there are none. It reads ids and stamps only
   * (the updated_at index answers alone): most syncs find nothing, and
   * reading the window's full rows on every search cost a millisecond when
   * a bulk write had stamped hundreds of rows alike.
   */
  const earliestChange = async (since: string): Promise<string | null> => {
    const stamps = await db
      .selectFrom('listings')
      .select(['id', 'updated_at'])
      .where('updated_at', '>=', since)
      .execute();
    let earliest: string | null = null;
    for (const { id, updated_at } of stamps) {
      if (indexedAt.get(id) !== updated_at && (earliest === null || updated_at < earliest)) earliest = updated_at;
    }
    return earliest;
  };

  type IndexRow = Pick<Listing, 'id' | 'name' | 'tagline' | 'keywords' | 'status' | 'updated_at'>;
  const INDEXED_COLUMNS = ['id', 'name', 'tagline', 'keywords', 'status', 'updated_at'] as const;

  const indexRow = (row: IndexRow) => {
    if (indexedAt.get(row.id) === row.updated_at) return;
    indexedAt.set(row.id, row.updated_at);
    if ((PUBLIC_STATUSES as readonly string[]).includes(row.status)) {
      index.add(row.id, row.status as IndexedStatus, {
        name: row.name,
        tagline: row.tagline ?? '',
        keywords: stringArray(row.keywords).join(' '),
      });
    } else {
      index.remove(row.id);
    }
    if (row.updated_at > cursor) cursor = row.updated_at;
  };

  /**
   * The first build reads every listing in pages by id, letting requests in
   * between: one query for all of them held the event loop for over a
   * second at 100k listings (a SQLite read is synchronous). A row written
   * meanwhile carries a stamp past the build's start, so the next sync's
   * window picks it up.
   */
  const build = async () => {
    for (let after = 0; ; ) {
      const rows = await db
        .selectFrom('listings')
        .select(INDEXED_COLUMNS)
        .where('id', '>', after)
        .orderBy('id')
        .limit(buildPageRows)
        .execute();
      for (const row of rows) indexRow(row);
      if (rows.length < buildPageRows) return;
      after = rows[rows.length - 1]!.id;
      await nextTurn();
    }
  };

  const apply = async () => {
    if (cursor === '') return build();
    const from = await earliestChange(new Date(Date.parse(cursor) - SYNC_LAG_MS).toISOString());
    if (from === null) return;
    const rows = await db
      .selectFrom('listings')
      .select(INDEXED_COLUMNS)
      .where('updated_at', '>=', from)
      .orderBy('updated_at')
      .execute();
    for (const [i, row] of rows.entries()) {
      // A bulk write may have stamped thousands of rows: let requests in between batches.
      if (i > 0 && i % YIELD_EVERY_ROWS === 0) await nextTurn();
      indexRow(row);
    }
  };

  return {
    async sync() {
      // One sync at a time; concurrent searches wait for the running one.
      syncing ??= apply()
        .then(() => {
          built = true;
        })
        .finally(() => {
          syncing = null;
        });
      await syncing;
    },
    matchShortFields(q, status) {
      // Exact and prefix matches first; typo matches only when they are few.
      let found = index.top(q, { typos: false, limit: CANDIDATE_CAP, status });
      if (found.matched < FUZZY_FALLBACK_BELOW) found = index.top(q, { typos: true, limit: CANDIDATE_CAP, status });
      // Scaled so the best match is 1 (in place: no second map).
      for (const [id, s] of found.best) found.best.set(id, s / found.highest);
      return found.best;
    },
    statusOf: (id) => index.statusOf(id),
    size: () => index.size,
    count: (status) => (built ? index.count(status) : undefined),
    commonTerms: new Map(),
  };
}

/** The ids ranked by score, best first (ties: lower id), as far as the first `count`. */
function rankTop(ids: number[], score: Map<number, number>, count: number): number[] {
  let threshold = -Infinity;
  if (ids.length > count) {
    const scores = new Float64Array(ids.length);
    for (let i = 0; i < ids.length; i++) scores[i] = score.get(ids[i]!)!;
    threshold = kthLargest(scores, count);
  }
  const above = ids.filter((id) => score.get(id)! > threshold);
  const tied = ids.filter((id) => score.get(id) === threshold);
  const lastTied = nthLowest(tied, count - above.length);
  return [...above, ...tied.filter((id) => id <= lastTied)].sort((a, b) => score.get(b)! - score.get(a)! || a - b);
}

/** The words of a query, lower-cased, without punctuation (at most 12). */
export function words(q: string): string[] {
  return tokens(q).slice(0, 12);
}

/**
 * A description term matching more listings than this is too common to rank
 * by (its bm25 weight is near zero, and scoring every match is what made
 * common words slow): such terms are left to the short-field engine.
 */
const COMMON_TERM_DOCS = 1000;
/** How long, and for how many terms, whether a term is common is remembered. */
const COMMON_TERM_MEMORY_MS = 10 * 60_000;
const COMMON_TERM_MEMORY_SIZE = 10_000;

function descriptionMatch(dialect: MigrationDialect, terms: string[]) {
  if (dialect === 'postgres') {
    const query = terms.map((t) => `${t}:*`).join(' | ');
    const vector = sql`to_tsvector('english', coalesce(description, ''))`;
    return { vector, query, where: sql`${vector} @@ to_tsquery('english', ${query})` };
  }
  // Each term quoted (no FTS syntax from users), prefix-matched, any term.
  const query = terms.map((t) => `"${t}"*`).join(' OR ');
  return { vector: null, query, where: sql`listings_fts MATCH ${query}` };
}

async function isCommonTerm(ctx: Context, term: string): Promise<boolean> {
  // Whether a term is common is a statistic of the whole directory: one
  // listing more or less does not change it, so it is remembered a while
  // (counting a common prefix costs milliseconds, the count is what matters).
  const now = ctx.clock.now().getTime();
  const known = ctx.search.commonTerms.get(term);
  if (known && now - known.at < COMMON_TERM_MEMORY_MS) return known.common;
  const { where } = descriptionMatch(ctx.dialect, [term]);
  const from = ctx.dialect === 'postgres' ? sql`listings` : sql`listings_fts`;
  // Counting stops at the threshold, so this costs the same for any word.
  const row = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${COMMON_TERM_DOCS + 1}) AS m`.execute(
    ctx.db,
  );
  const common = Number(row.rows[0]?.n ?? 0) > COMMON_TERM_DOCS;
  if (ctx.search.commonTerms.size >= COMMON_TERM_MEMORY_SIZE)
    ctx.search.commonTerms.delete(ctx.search.commonTerms.keys().next().value!);
  ctx.search.commonTerms.set(term, { common, at: now });
  return common;
}

/** Relevance (0..1] of description matches by listing id. */
async function matchDescriptions(ctx: Context, q: string): Promise<Map<number, number>> {
  const { db, dialect } = ctx;
  const all = words(q);
  const common = await Promise.all(all.map((t) => isCommonTerm(ctx, t)));
  const terms = all.filter((_, i) => !common[i]);
  if (terms.length === 0) return new Map();
  const match = descriptionMatch(dialect, terms);
  const result =
    dialect === 'postgres'
      ? await sql<{ id: number; score: number }>`
          SELECT id, ts_rank(${match.vector}, to_tsquery('english', ${match.query})) AS score
          FROM listings WHERE ${match.where} ORDER BY score DESC LIMIT ${CANDIDATE_CAP}`.execute(db)
      : await sql<{ id: number; score: number }>`
          SELECT rowid AS id, -bm25(listings_fts) AS score FROM listings_fts
          WHERE ${match.where} ORDER BY bm25(listings_fts) LIMIT ${CANDIDATE_CAP}`.execute(db);
  const rows = result.rows;
  const top = Math.max(...rows.map((r) => Number(r.score)), Number.EPSILON);
  return new Map(rows.map((r) => [Number(r.id), Math.max(Number(r.score), 0) / top]));
}

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

/** One search result: the listing summary, with its relevance when a query was given. */
export const searchHit = listingSummary.extend({
  score: z.number().optional().describe('Relevance 0..1 (only when q is given)'),
});
export type SearchHit = z.infer<typeof searchHit>;

export interface SearchResult {
  items: SearchHit[];
  total: number;
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

/**
 * Relevance by listing id of the listings of `status` matching `q`, short
 * fields and descriptions weighed together. The index gives its matches of
 * that status only; description matches are checked against its statuses.
 */
async function relevanceOf(ctx: Context, q: string, status: IndexedStatus): Promise<Map<number, number>> {
  await ctx.search.sync();
  const relevance = ctx.search.matchShortFields(q, status);
  for (const [id, s] of relevance) relevance.set(id, SHORT_FIELDS_WEIGHT * s);
  for (const [id, s] of await matchDescriptions(ctx, q)) {
    const shortFields = relevance.get(id);
    if (shortFields !== undefined) relevance.set(id, shortFields + DESCRIPTION_WEIGHT * s);
    else if (ctx.search.statusOf(id) === status) relevance.set(id, DESCRIPTION_WEIGHT * s);
  }
  return relevance;
}

export async function searchListings(ctx: Context, input: SearchInput): Promise<SearchResult> {
  const q = input.q?.trim() ?? '';
  const wanted: IndexedStatus = input.status === 'live' ? 'live' : 'scheduled';
  const relevance = q === '' ? null : await relevanceOf(ctx, q, wanted);
  if (relevance?.size === 0) return { items: [], total: 0 };

  const categoryIds = input.category ? await categoryAndDescendants(ctx.db, input.category) : null;
  if (categoryIds && categoryIds.length === 0) return { items: [], total: 0 };

  const offset = (input.page - 1) * input.per_page;
  const sort = input.sort === 'relevance' && !relevance ? 'votes' : input.sort;
  // Sorted by anything but relevance, a query still limits the listings to its matches.
  const matches = relevance && sort !== 'relevance' ? [...relevance.keys()] : null;

  const filters = (eb: ExpressionBuilder<Database, 'listings'>) => {
    const conditions = [eb('listings.status', '=', wanted)];
    if (matches) conditions.push(idIn(ctx.dialect, eb, matches));
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
  };

  if (sort === 'relevance') {
    // Every candidate is known and has the wanted status (relevanceOf), so
    // only the other filters need SQL; rank in memory.
    let ids = [...relevance!.keys()];
    if (hasSqlFilters(input) && ids.length > 0) {
      const rows = await ctx.db
        .selectFrom('listings')
        .select('id')
        .where(filters)
        .where((eb) => idIn(ctx.dialect, eb, ids))
        .execute();
      ids = rows.map((r) => r.id);
    }
    const page = rankTop(ids, relevance!, offset + input.per_page).slice(offset);
    const summaries = await summariesByIds(ctx, page);
    return { items: summaries.map((s, i) => ({ ...s, score: round(relevance!.get(page[i]!)!) })), total: ids.length };
  }

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
              .where(filters)
              .where('id', 'in', [...scores.keys()])
              .execute()
          ).map((r) => r.id);
    scored.sort((a, b) => scores.get(b)! - scores.get(a)! || a - b);
    const countRow = await ctx.db
      .selectFrom('listings')
      .select(sql<number>`count(*)`.as('n'))
      .where(filters)
      .executeTakeFirstOrThrow();
    let page = scored.slice(offset, offset + input.per_page);
    if (page.length < input.per_page) {
      const restOffset = Math.max(0, offset - scored.length);
      const scoredSet = new Set(scored);
      const rest = await ctx.db
        .selectFrom('listings')
        .select('id')
        .where(filters)
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
    return { items: await summariesByIds(ctx, page), total: Number(countRow.n) };
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
    ctx.db.selectFrom('listings').select(sql<number>`count(*)`.as('n')).where(filters).executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('listings')
      .select('id')
      .where(filters)
      .orderBy(orderBy, direction)
      .orderBy('listings.id')
      .limit(input.per_page)
      .offset(offset)
      .execute(),
  ]);
  return {
    items: await summariesByIds(
      ctx,
      rows.map((r) => r.id),
    ),
    total: Number(countRow.n),
  };
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
