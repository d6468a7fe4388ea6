// The relevance benchmark's query sets: what one judged query looks like, and
// the loader of the demo directory's set (demo-queries.json), checked on load
// so a mistyped entry fails loudly instead of scoring as a miss.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Grades } from './metrics.js';

export interface RelevanceQuery {
  q: string;
  /** The report's row for it: what kind of query this is ("typo", "category name", …). */
  group: string;
  /** One of the cases issue 22 names. */
  issue?: boolean;
  /** What a person expects, in words. */
  why: string;
  /** slug -> 2 (exactly what was asked) or 1 (fits). */
  grades: Grades;
}

const slugs = z.array(z.string().min(1));
const demoFile = z.object({
  about: z.array(z.string()),
  queries: z.array(
    z.object({
      q: z.string().min(1),
      group: z.string().min(1),
      issue: z.boolean().optional(),
      why: z.string().min(1),
      exact: slugs,
      fits: slugs,
    }),
  ),
});

/** The queries over the demo directory, with grades from their `exact` (2) and `fits` (1) lists. */
export function loadDemoQueries(file = new URL('./demo-queries.json', import.meta.url)): RelevanceQuery[] {
  const { queries } = demoFile.parse(JSON.parse(readFileSync(file, 'utf8')));
  return queries.map(({ exact, fits, ...query }) => {
    const both = exact.filter((slug) => fits.includes(slug));
    if (both.length > 0) throw new Error(`query "${query.q}" lists ${both.join(', ')} as both exact and fits`);
    if (exact.length + fits.length === 0) throw new Error(`query "${query.q}" expects nothing`);
    const grades: Record<string, number> = {};
    for (const slug of fits) grades[slug] = 1;
    for (const slug of exact) grades[slug] = 2;
    return { ...query, grades };
  });
}

/** The expected slugs that are not among `liveSlugs`: a seed change the query set has not followed. */
export function unknownExpectations(queries: readonly RelevanceQuery[], liveSlugs: ReadonlySet<string>): string[] {
  return queries.flatMap((query) =>
    Object.keys(query.grades)
      .filter((slug) => !liveSlugs.has(slug))
      .map((slug) => `"${query.q}" expects ${slug}, which is not a live listing`),
  );
}
