// The relevance benchmark's printed report: a table of the mean metrics
// overall and per query group, then the worst queries with what was expected
// and what came back, so a change to search can be judged query by query.
import { meanScores, type QueryScores } from './metrics.js';
import type { RelevanceQuery } from './queries.js';

export interface QueryResult {
  query: RelevanceQuery;
  /** The slugs searchListings ranked first, best first (up to 10). */
  ranked: string[];
  total: number;
  scores: QueryScores;
}

const fixed = (n: number) => n.toFixed(3);

function row(label: string, results: readonly QueryResult[]): string {
  const m = meanScores(results.map((r) => r.scores));
  return `| ${label} | ${results.length} | ${fixed(m.hit)} | ${fixed(m.recall)} | ${fixed(m.reciprocalRank)} | ${fixed(m.ndcg)} |`;
}

/** The metrics table: all queries, the issue's cases (when any), then each group in order of first appearance. */
export function metricsTable(results: readonly QueryResult[]): string {
  const groups = [...new Set(results.map((r) => r.query.group))];
  const issue = results.filter((r) => r.query.issue);
  return [
    '| queries | n | hit@10 | recall@10 | MRR@10 | nDCG@10 |',
    '|---|---|---|---|---|---|',
    row('**all**', results),
    ...(issue.length > 0 ? [row('issue 22 cases', issue)] : []),
    ...groups.map((g) =>
      row(
        g,
        results.filter((r) => r.query.group === g),
      ),
    ),
  ].join('\n');
}

/** `slug[grade]` for an expected listing, the bare slug for one that was not expected. */
const marked = (slug: string, query: RelevanceQuery) =>
  Object.hasOwn(query.grades, slug) ? `${slug}[${query.grades[slug]}]` : slug;

/** The `count` queries with the lowest nDCG@10 (then recall), each with its expectation and its top 5. */
export function worstQueries(results: readonly QueryResult[], count: number): string {
  const worst = [...results]
    .sort((a, b) => a.scores.ndcg - b.scores.ndcg || a.scores.recall - b.scores.recall)
    .slice(0, count);
  return worst
    .map(({ query, ranked, total, scores }) => {
      const expected = Object.entries(query.grades).sort(([, a], [, b]) => b - a);
      const shown = expected.slice(0, 8).map(([slug, grade]) => `${slug}[${grade}]`);
      const more = expected.length > shown.length ? `, … ${expected.length - shown.length} more` : '';
      const top = ranked.slice(0, 5).map((slug) => marked(slug, query));
      return [
        `- "${query.q}" (${query.group}): nDCG ${fixed(scores.ndcg)}, recall ${fixed(scores.recall)}, RR ${fixed(scores.reciprocalRank)}`,
        `  expected: ${query.why}: ${shown.join(', ')}${more}`,
        `  got (${total} matches): ${top.length > 0 ? top.join(', ') : 'nothing'}`,
      ].join('\n');
    })
    .join('\n');
}
