// Search benchmark: 100k synthetic listings with ~300-word
// descriptions in a fresh SQLite file, then index build time, in-process
// search_listings p50/p99 for typo, prefix, common-word and browse queries,
// the same over REST, and peak RSS. Run: npm run bench:search [-- --listings N]
// Each query's CPU time (process.cpuUsage) is shown beside its wall time:
// on a machine shared with other work, wall-clock percentiles include their
// load, CPU time much less so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { buildContext } from '../src/context.js';
import { createHttpApp } from '../src/http/app.js';
import { searchListings, type SearchInput } from '../src/search/search.js';
import { ensureMainSite } from '../src/directory/sites.js';
import { tools } from '../tools/index.js';
import { commonWords, loadSyntheticListings, namePrefixes, syntheticText, vocabulary } from './synthetic.js';

const { values } = parseArgs({
  options: { listings: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '200' } },
});
const LISTINGS = Number(values.listings);
const ROUNDS = Number(values.rounds);

// The same stream loads the listings and then draws the queries, as before the split.
const text = syntheticText(42);
const { rnd, pick } = text;

const dir = mkdtempSync(join(tmpdir(), 'lb-bench-'));
const dbFile = join(dir, 'bench.db');
const config = loadConfig(
  { DATABASE_URL: `sqlite:${dbFile}`, LOG_LEVEL: 'silent', RATE_LIMIT_ANONYMOUS: '100000000' },
  { publicUrl: 'http://localhost:3000' },
);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
async function measure(name: string, n: number, fn: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 0; i < n; i++) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  return {
    name,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    cpuP50: percentile(cpuTimes, 50),
    cpuP99: percentile(cpuTimes, 99),
  };
}

const ctx = await buildContext(config, { logger: pino({ level: 'silent' }) });
await ensureMainSite(ctx);
const site = await ctx.db.selectFrom('sites').select('id').executeTakeFirstOrThrow();

// Bulk load with better-sqlite3 directly: the benchmark measures search, not inserts.
let t0 = performance.now();
loadSyntheticListings(dbFile, site.id, LISTINGS, text);
const loadSeconds = (performance.now() - t0) / 1000;

t0 = performance.now();
await ctx.search.sync();
const buildSeconds = (performance.now() - t0) / 1000;

const base: SearchInput = { status: 'live', sort: 'relevance', page: 1, per_page: 20 };
const typo = () =>
  pick(namePrefixes)
    .toLowerCase()
    .replace(/(.)(.)/, '$2$1'); // swapped letters
const queries: [string, () => Partial<SearchInput>][] = [
  ['typo name ("noiton")', () => ({ q: typo() })],
  ['prefix ("figm")', () => ({ q: pick(namePrefixes).slice(0, 4).toLowerCase() })],
  ['rare word', () => ({ q: vocabulary[4000 + Math.floor(rnd() * 999)] })],
  ['common word ("team")', () => ({ q: pick(commonWords) })],
  ['two words', () => ({ q: `${pick(namePrefixes).toLowerCase()} ${pick(commonWords)}` })],
  ['browse by votes', () => ({ sort: 'votes' })],
  ['browse + country', () => ({ country: 'DE', sort: 'newest' })],
  ['trending', () => ({ sort: 'trending' })],
];
// Warm up (JIT, and the garbage of the bulk load) on fixed queries, so the measured stream stays the same.
for (let i = 0; i < 10; i++)
  for (const q of ['noiton', 'figm', 'team', 'figma team']) await searchListings(ctx, { ...base, q });
const inProcess = [];
for (const [name, make] of queries)
  inProcess.push(await measure(name, ROUNDS, () => searchListings(ctx, { ...base, ...make() })));

const http = createHttpApp(ctx, tools);
const server = await new Promise<import('node:http').Server>((resolve) => {
  const s = http.app.listen(0, '127.0.0.1', () => resolve(s));
});
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/listings`;
const overRest = [];
for (const [name, make] of queries.slice(0, 5)) {
  overRest.push(
    await measure(`REST ${name}`, ROUNDS, async () => {
      const params = new URLSearchParams(Object.entries(make()).map(([k, v]) => [k, String(v)]));
      const res = await fetch(`${url}?${params}`);
      if (res.status !== 200) throw new Error(`REST answered ${res.status}`);
      await res.arrayBuffer();
    }),
  );
}
server.close();
await http.close();
await ctx.close();
if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
else process.stderr.write(`kept ${dbFile}\n`);

const rows = [...inProcess, ...overRest].map(
  (r) => `| ${r.name} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.cpuP50.toFixed(2)} | ${r.cpuP99.toFixed(2)} |`,
);
process.stdout.write(
  [
    `listings: ${LISTINGS}, rounds per query: ${ROUNDS}, node ${process.version}`,
    `bulk load: ${loadSeconds.toFixed(1)} s, search index build: ${buildSeconds.toFixed(1)} s, peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
    '',
    '| query | p50 ms | p99 ms | CPU p50 ms | CPU p99 ms |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n'),
);
process.exit(0);
