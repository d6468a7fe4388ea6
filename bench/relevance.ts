// Relevance benchmark: judged queries over the demo directory (and,
// with --synthetic N, generated ones over N synthetic listings) run through
// searchListings, scored as hit@10, recall@10, MRR@10 and nDCG@10. A report,
// not a timed test. Run: npm run bench:relevance [-- --synthetic 100000]
// --list prints the live demo listings (what the expectations are judged from).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { seedDemo } from '../db/seed/demo.js';
import { fixedClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { buildContext, type Context } from '../src/context.js';
import { settingDefaults } from '../src/directory/settings.js';
import { ensureMainSite } from '../src/directory/sites.js';
import { searchListings } from '../src/search/search.js';
import { scoreQuery } from './relevance/metrics.js';
import { loadDemoQueries, type RelevanceQuery, unknownExpectations } from './relevance/queries.js';
import { metricsTable, type QueryResult, worstQueries } from './relevance/report.js';
import { syntheticQueries } from './relevance/synthetic-queries.js';
import { createSyntheticDatabase } from './synthetic.js';

const { values } = parseArgs({
  options: {
    synthetic: { type: 'string', default: '0' },
    worst: { type: 'string', default: '15' },
    list: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const SYNTHETIC = Number(values.synthetic);
const WORST = Number(values.worst);
const TOP = 10;
// The demo seed does not depend on the clock, but votes and launch dates do; fix it like the tests do.
const NOW = '2026-11-22T12:00:00.000Z';

const dir = mkdtempSync(join(tmpdir(), 'lb-relevance-'));

type BenchContext = Awaited<ReturnType<typeof buildContext>>;

async function openContext(dbFile: string): Promise<BenchContext> {
  const config = loadConfig(
    { DATABASE_URL: `sqlite:${dbFile}`, LOG_LEVEL: 'silent' },
    { publicUrl: 'http://localhost:3000' },
  );
  const ctx = await buildContext(config, { clock: fixedClock(NOW), logger: pino({ level: 'silent' }) });
  await ensureMainSite(ctx);
  return ctx;
}

async function runQueries(ctx: Context, queries: readonly RelevanceQuery[]): Promise<QueryResult[]> {
  await ctx.search.sync();
  const results: QueryResult[] = [];
  for (const query of queries) {
    const page = await searchListings(ctx, { q: query.q, status: 'live', sort: 'relevance', page: 1, per_page: TOP });
    const ranked = page.items.map((item) => item.slug);
    results.push({ query, ranked, total: page.total, scores: scoreQuery(ranked, query.grades, TOP) });
  }
  return results;
}

/** Each live demo listing as one line: what a person judging a query reads (the listing page's first lines). */
async function liveListings(ctx: Context): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('listings')
    .select(['id', 'slug', 'name', 'tagline', 'short_description', 'pricing_model', 'features', 'attributes'])
    .where('status', '=', 'live')
    .orderBy('slug')
    .execute();
  const categories = await ctx.db
    .selectFrom('listing_categories')
    .innerJoin('categories', 'categories.id', 'listing_categories.category_id')
    .select(['listing_categories.listing_id', 'categories.slug'])
    .orderBy('listing_categories.position')
    .execute();
  return rows.map((r) => {
    const cats = categories.filter((c) => c.listing_id === r.id).map((c) => c.slug);
    const attributes = Object.entries(JSON.parse(r.attributes) as Record<string, boolean>).filter(([, on]) => on);
    return [
      `${r.slug} (${r.name})`,
      `categories ${cats.join(', ')}`,
      r.tagline,
      r.short_description,
      `features ${(JSON.parse(r.features) as string[]).join(', ')}`,
      `attributes ${attributes.map(([a]) => a).join(', ') || '-'}`,
      `pricing ${r.pricing_model ?? '-'}`,
    ].join(' | ');
  });
}

/** One directory's part of the report: its metrics table, then its worst queries. */
function section(title: string, results: readonly QueryResult[]): string {
  const worst =
    WORST > 0
      ? `\n\nWorst ${Math.min(WORST, results.length)} by nDCG@10 ([2] exact, [1] fits):\n\n${worstQueries(results, WORST)}`
      : '';
  return `## ${title}\n\n${metricsTable(results)}${worst}`;
}

const sections: string[] = [];
const allResults: QueryResult[] = [];
try {
  const demo = await openContext(join(dir, 'demo.db'));
  try {
    await seedDemo(demo.db, { now: demo.clock.now(), settings: settingDefaults });
    if (values.list) {
      process.stdout.write(`${(await liveListings(demo)).join('\n')}\n`);
    } else {
      const queries = loadDemoQueries();
      const live = await demo.db.selectFrom('listings').select('slug').where('status', '=', 'live').execute();
      const problems = unknownExpectations(queries, new Set(live.map((r) => r.slug)));
      if (problems.length > 0)
        throw new Error(`demo-queries.json does not match the demo seed:\n${problems.join('\n')}`);
      const results = await runQueries(demo, queries);
      allResults.push(...results);
      sections.push(section(`Demo directory: ${queries.length} queries over ${live.length} live listings`, results));
    }
  } finally {
    await demo.close();
  }

  if (SYNTHETIC > 0 && !values.list) {
    const dbFile = join(dir, 'synthetic.db');
    const t0 = performance.now();
    const { slugs } = await createSyntheticDatabase(dbFile, SYNTHETIC);
    const ctx = await openContext(dbFile);
    try {
      const queries = syntheticQueries(slugs);
      const results = await runQueries(ctx, queries);
      allResults.push(...results);
      const seconds = ((performance.now() - t0) / 1000).toFixed(0);
      const title = `Synthetic directory: ${queries.length} queries over ${SYNTHETIC} listings (built and indexed in ${seconds} s)`;
      sections.push(section(title, results));
    } finally {
      await ctx.close();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (values.json) {
  const perQuery = allResults.map(({ query, ranked, total, scores }) => ({
    q: query.q,
    group: query.group,
    ...scores,
    total,
    ranked,
  }));
  writeFileSync(values.json, `${JSON.stringify(perQuery, null, 2)}\n`);
}
if (sections.length > 0) {
  process.stdout.write(
    `# Search relevance, top ${TOP} of searchListings (status live, sort relevance), node ${process.version}\n\n` +
      `${sections.join('\n\n')}\n`,
  );
}
process.exit(0);
