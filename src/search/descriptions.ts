// Listing descriptions, searched in the database's full-text index (SQLite
// FTS5 with the Porter stemmer, PostgreSQL's english tsvector): long text is
// what it is good at, and in memory it cost a gigabyte at 100k listings.
// Looked up word by word, so search.ts ranks listings matching every word
// first wherever each word was found. A query word is looked for as typed
// (its prefix too when it is the last word) and as the typo corrections and
// other forms the in-memory index found for it.
import { sql } from 'kysely';
import type { MigrationDialect } from '../../db/migrations/index.js';
import type { Context } from '../context.js';
import type { IndexedStatus, QueryResult, QueryWord } from './listing-index.js';

/** A description match at its best counts as much as this on the index's scale (about a tagline match of a common word). */
const DESCRIPTION_SCALE = 2;
/** The most matches one word contributes. */
const MATCH_CAP = 2000;
/**
 * A term matching more descriptions than this is too common to rank by (its
 * bm25 weight is near zero, and scoring every match is what made common
 * words slow): such terms are left to the in-memory fields.
 */
const COMMON_TERM_DOCS = 1000;
/** How long, and for how many terms, whether a term is common is remembered. */
const COMMON_TERM_MEMORY_MS = 10 * 60_000;
const COMMON_TERM_MEMORY_SIZE = 10_000;

/** Per query word, its description matches: listing id → score on the index's scale. */
export async function descriptionMatches(ctx: Context, words: readonly QueryWord[]): Promise<Map<number, number>[]> {
  return Promise.all(
    words.map(async (w, i) => {
      const forms = [
        { term: w.word, prefix: i === words.length - 1 },
        ...w.variants.map((term) => ({ term, prefix: false })),
      ];
      const common = await Promise.all(forms.map((f) => isCommonTerm(ctx, f.term, f.prefix)));
      return matchForms(
        ctx,
        forms.filter((_, k) => !common[k]),
      );
    }),
  );
}

interface Form {
  term: string;
  prefix: boolean;
}

function descriptionMatch(dialect: MigrationDialect, forms: readonly Form[]) {
  if (dialect === 'postgres') {
    const query = forms.map((f) => (f.prefix ? `${f.term}:*` : f.term)).join(' | ');
    const vector = sql`to_tsvector('english', coalesce(description, ''))`;
    return { vector, query, where: sql`${vector} @@ to_tsquery('english', ${query})` };
  }
  // Each term quoted (no FTS syntax from users), any of them.
  const query = forms.map((f) => `"${f.term}"${f.prefix ? '*' : ''}`).join(' OR ');
  return { vector: null, query, where: sql`listings_fts MATCH ${query}` };
}

async function isCommonTerm(ctx: Context, term: string, prefix: boolean): Promise<boolean> {
  // Whether a term is common is a statistic of the whole directory: one
  // listing more or less does not change it, so it is remembered a while
  // (counting a common prefix costs milliseconds, the count is what matters).
  const key = prefix ? `${term}*` : term;
  const now = ctx.clock.now().getTime();
  const memory = ctx.search.commonTerms;
  const known = memory.get(key);
  if (known && now - known.at < COMMON_TERM_MEMORY_MS) return known.common;
  const { where } = descriptionMatch(ctx.dialect, [{ term, prefix }]);
  const from = ctx.dialect === 'postgres' ? sql`listings` : sql`listings_fts`;
  // Counting stops at the threshold, so this costs the same for any word.
  const row = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${COMMON_TERM_DOCS + 1}) AS m`.execute(
    ctx.db,
  );
  const common = Number(row.rows[0]?.n ?? 0) > COMMON_TERM_DOCS;
  if (memory.size >= COMMON_TERM_MEMORY_SIZE) memory.delete(memory.keys().next().value!);
  memory.set(key, { common, at: now });
  return common;
}

/** Listings whose description has any of the forms: id → score, the best scaled to DESCRIPTION_SCALE. */
async function matchForms(ctx: Context, forms: readonly Form[]): Promise<Map<number, number>> {
  if (forms.length === 0) return new Map();
  const match = descriptionMatch(ctx.dialect, forms);
  const result =
    ctx.dialect === 'postgres'
      ? await sql<{ id: number; score: number }>`
          SELECT id, ts_rank(${match.vector}, to_tsquery('english', ${match.query})) AS score
          FROM listings WHERE ${match.where} ORDER BY score DESC LIMIT ${MATCH_CAP}`.execute(ctx.db)
      : await sql<{ id: number; score: number }>`
          SELECT rowid AS id, -bm25(listings_fts) AS score FROM listings_fts
          WHERE ${match.where} ORDER BY bm25(listings_fts) LIMIT ${MATCH_CAP}`.execute(ctx.db);
  const top = Math.max(...result.rows.map((r) => Number(r.score)), Number.EPSILON);
  return new Map(result.rows.map((r) => [Number(r.id), (DESCRIPTION_SCALE * Math.max(Number(r.score), 0)) / top]));
}

/** The best `limit` listings of `status` for `q`, descriptions included: what search and its suggestions rank by. */
export async function findMatches(
  ctx: Context,
  q: string,
  opts: { status: IndexedStatus; limit: number },
): Promise<QueryResult> {
  const words = ctx.search.index.queryWords(q);
  return ctx.search.index.rank(words, { ...opts, elsewhere: await descriptionMatches(ctx, words) });
}
