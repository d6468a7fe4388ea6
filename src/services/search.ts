// Listing search (search_listings). Two engines, merged:
//  - MiniSearch in memory over the short fields (name, tagline, keywords),
//    fuzzy + prefix, so typos still find ("notin" → "Notion");
//  - the database's full-text index over descriptions (SQLite FTS5 bm25,
//    PostgreSQL tsvector), which is fast on long text but has no typo
//    tolerance.
// Measured at 100k listings (issue 3): MiniSearch over every field is
// unusable (74 s build, 792 MB, p99 1.8 s); over the short fields it is 4.8 s,
// 108 MB, p99 ~5 ms. Candidate sets are capped so very common words stay fast.
//
// The index holds public listings (live and scheduled) and follows the
// listings table through its `updated_at` change feed: every search first
// applies rows changed since the last sync, so a write by this process, or by
// another instance on the same PostgreSQL, is visible on the next query.
// Paid plans never change relevance (ARCHITECTURE §5).
import MiniSearch from 'minisearch';
import { sql, type Kysely, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MigrationDialect } from '../../db/migrations/index.js';
import type { Context } from '../context.js';
import { subtreeIds } from './categories.js';
import { PUBLIC_STATUSES, summariesByIds, type ListingSummary } from './listing-summary.js';
import { trendingScores } from './trending.js';
import { stringArray } from './json-text.js';

/** The most candidates either engine contributes before filtering. */
const CANDIDATE_CAP = 2000;
const SHORT_FIELDS_WEIGHT = 0.7;
const FUZZY_FALLBACK_BELOW = 20;
const DESCRIPTION_WEIGHT = 0.3;

interface IndexedListing {
  id: number;
  name: string;
  tagline: string;
  keywords: string;
}

export interface SearchIndex {
  /** Applies listing rows changed since the last sync (cheap when nothing changed). */
  sync(): Promise<void>;
  /** Relevance (0..1] of short-field matches by listing id, best first. */
  matchShortFields(q: string): Map<number, number>;
  size(): number;
}

/** An empty index; the first sync() fills it (`serve` does that at start). */
/** How far before its cursor the change feed re-reads: longer than any write transaction and clock skew between instances. */
export const SYNC_LAG_MS = 60_000;

export function createSearchIndex(db: Kysely<Database>): SearchIndex {
  const mini = new MiniSearch<IndexedListing>({
    fields: ['name', 'tagline', 'keywords'],
    storeFields: [],
    // Edits allowed per word: none for short words (too many false friends), one
    // for four letters, two beyond (a swapped pair of letters costs two).
    searchOptions: { boost: { name: 3, keywords: 1.5 }, fuzzy: (term) => (term.length <= 3 ? 0 : term.length === 4 ? 1 : 2), prefix: true, combineWith: 'AND' },
  });
  // The change-feed cursor: the largest updated_at seen. Each sync re-reads
  // from SYNC_LAG_MS before it: updated_at is stamped before its transaction
  // commits (and by each instance's own clock), so a write can become visible
  // after a later-stamped one was already synced. Rows whose updated_at was
  // indexed already are skipped, so the overlap costs a few reads.
  let cursor = '';
  const indexedAt = new Map<number, string>();
  let syncing: Promise<void> | null = null;

  const apply = async () => {
    const rows = await db
      .selectFrom('listings')
      .select(['id', 'name', 'tagline', 'keywords', 'status', 'updated_at'])
      .where('updated_at', '>=', cursor && new Date(Date.parse(cursor) - SYNC_LAG_MS).toISOString())
      .orderBy('updated_at')
      .execute();
    for (const row of rows) {
      if (indexedAt.get(row.id) === row.updated_at) continue;
      indexedAt.set(row.id, row.updated_at);
      if (mini.has(row.id)) mini.discard(row.id);
      if ((PUBLIC_STATUSES as readonly string[]).includes(row.status)) {
        mini.add({ id: row.id, name: row.name, tagline: row.tagline ?? '', keywords: stringArray(row.keywords).join(' ') });
      }
      if (row.updated_at > cursor) cursor = row.updated_at;
    }
  };

  const index: SearchIndex = {
    async sync() {
      // One sync at a time; concurrent searches wait for the running one.
      syncing ??= apply().finally(() => {
        syncing = null;
      });
      await syncing;
    },
    matchShortFields(q) {
      // Exact and prefix matches first; typo tolerance only when they are
      // few. Fuzzy expansion of a common word is what makes MiniSearch slow.
      let results = mini.search(q, { fuzzy: false });
      if (results.length < FUZZY_FALLBACK_BELOW) results = mini.search(q);
      results = results.slice(0, CANDIDATE_CAP);
      const top = results[0]?.score ?? 1;
      return new Map(results.map((r) => [r.id as number, r.score / top]));
    },
    size: () => mini.documentCount,
  };
  return index;
}

/** The words of a query, lower-cased, without punctuation (at most 12). */
export function words(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
}

/**
 * A description term matching more listings than this is too common to rank
 * by (its bm25 weight is near zero, and scoring every match is what made
 * common words slow): such terms are left to the short-field engine.
 */
const COMMON_TERM_DOCS = 5000;

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

async function isCommonTerm(db: Kysely<Database>, dialect: MigrationDialect, term: string): Promise<boolean> {
  const { where } = descriptionMatch(dialect, [term]);
  const from = dialect === 'postgres' ? sql`listings` : sql`listings_fts`;
  // Counting stops at the threshold, so this costs the same for any word.
  const row = await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${COMMON_TERM_DOCS + 1}) AS m`.execute(db);
  return Number(row.rows[0]?.n ?? 0) > COMMON_TERM_DOCS;
}

/** Relevance (0..1] of description matches by listing id. */
async function matchDescriptions(db: Kysely<Database>, dialect: MigrationDialect, q: string): Promise<Map<number, number>> {
  const all = words(q);
  const common = await Promise.all(all.map((t) => isCommonTerm(db, dialect, t)));
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

export interface SearchResult {
  items: (ListingSummary & { score?: number })[];
  total: number;
}

/** `https://www.Example.com/pricing` → `example.com`. */
export function normalizeDomain(input: string): string {
  let d = input.trim().toLowerCase();
  d = d.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '').replace(/:\d+$/, '');
  return d.replace(/^www\./, '').replace(/\.$/, '');
}

async function categoryAndDescendants(db: Kysely<Database>, slug: string): Promise<number[]> {
  const all = await db.selectFrom('categories').select(['id', 'slug', 'parent_id']).execute();
  const root = all.find((c) => c.slug === slug);
  if (!root) return [];
  return subtreeIds(all, root.id);
}

export async function searchListings(ctx: Context, input: SearchInput): Promise<SearchResult> {
  const q = input.q?.trim() ?? '';
  let relevance: Map<number, number> | null = null;
  if (q !== '') {
    await ctx.search.sync();
    const short = ctx.search.matchShortFields(q);
    const long = await matchDescriptions(ctx.db, ctx.dialect, q);
    relevance = new Map();
    for (const [id, s] of short) relevance.set(id, SHORT_FIELDS_WEIGHT * s);
    for (const [id, s] of long) relevance.set(id, (relevance.get(id) ?? 0) + DESCRIPTION_WEIGHT * s);
    if (relevance.size === 0) return { items: [], total: 0 };
  }

  const categoryIds = input.category ? await categoryAndDescendants(ctx.db, input.category) : null;
  if (categoryIds && categoryIds.length === 0) return { items: [], total: 0 };

  const filters = (eb: ExpressionBuilder<Database, 'listings'>) => {
    const conditions = [eb('listings.status', '=', input.status === 'live' ? 'live' : 'scheduled')];
    if (relevance) conditions.push(eb('listings.id', 'in', [...relevance.keys()]));
    if (categoryIds) {
      conditions.push(
        eb.exists(
          eb.selectFrom('listing_categories as lc').select('lc.listing_id').whereRef('lc.listing_id', '=', 'listings.id').where('lc.category_id', 'in', categoryIds),
        ),
      );
    }
    if (input.stage) conditions.push(eb(eb.fn('lower', ['listings.stage']), '=', input.stage.toLowerCase()));
    if (input.country) conditions.push(eb(eb.fn('upper', ['listings.country']), '=', input.country.toUpperCase()));
    if (input.pricing_model) conditions.push(eb(eb.fn('lower', ['listings.pricing_model']), '=', input.pricing_model.toLowerCase()));
    if (input.domain) {
      const domain = normalizeDomain(input.domain);
      conditions.push(eb.or([eb('listings.domain', '=', domain), eb('listings.domain', '=', `www.${domain}`)]));
    }
    return eb.and(conditions);
  };

  const offset = (input.page - 1) * input.per_page;
  const sort = input.sort === 'relevance' && !relevance ? 'votes' : input.sort;

  if (sort === 'relevance') {
    // Every candidate is known: filter them in SQL, rank in memory.
    const rows = await ctx.db.selectFrom('listings').select('id').where(filters).execute();
    const ranked = rows.map((r) => r.id).sort((a, b) => relevance!.get(b)! - relevance!.get(a)! || a - b);
    const page = ranked.slice(offset, offset + input.per_page);
    const summaries = await summariesByIds(ctx, page);
    return { items: summaries.map((s, i) => ({ ...s, score: round(relevance!.get(page[i]!)!) })), total: rows.length };
  }

  if (sort === 'trending') {
    // Listings with recent votes, by time-decayed score, then the rest by votes.
    const scores = await trendingScores(ctx);
    const scored = scores.size === 0 ? [] : (await ctx.db.selectFrom('listings').select('id').where(filters).where('id', 'in', [...scores.keys()]).execute()).map((r) => r.id);
    scored.sort((a, b) => scores.get(b)! - scores.get(a)! || a - b);
    const countRow = await ctx.db.selectFrom('listings').select(sql<number>`count(*)`.as('n')).where(filters).executeTakeFirstOrThrow();
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
      page = [...page, ...rest.map((r) => r.id).filter((id) => !scoredSet.has(id)).slice(restOffset, restOffset + input.per_page - page.length)];
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
  return { items: await summariesByIds(ctx, rows.map((r) => r.id)), total: Number(countRow.n) };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
