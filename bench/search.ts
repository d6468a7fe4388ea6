// Search benchmark (issue 3): 100k synthetic listings with ~300-word
// descriptions in a fresh SQLite file, then index build time, in-process
// search_listings p50/p99 for typo, prefix, common-word and browse queries,
// the same over REST, and peak RSS. Run: npm run bench:search [-- --listings N]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import SQLite from 'better-sqlite3';
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { buildContext } from '../src/context.js';
import { createHttpApp } from '../src/http/app.js';
import { searchListings, type SearchInput } from '../src/services/search.js';
import { ensureMainSite } from '../src/services/sites.js';
import { tools } from '../tools/index.js';

const { values } = parseArgs({ options: { listings: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '200' } } });
const LISTINGS = Number(values.listings);
const ROUNDS = Number(values.rounds);

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(42);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;

// A vocabulary with a Zipf-like frequency: a few very common words, a long tail.
const syllables = ['ka', 'lo', 'mi', 'ne', 'ta', 'ri', 'so', 'vu', 'pe', 'da', 'zo', 'fi', 'gu', 'ha', 'jo', 'be'];
const common = ['the', 'and', 'for', 'team', 'data', 'work', 'app', 'tool', 'fast', 'simple', 'cloud', 'users', 'build', 'manage', 'track'];
const vocabulary = Array.from({ length: 5000 }, (_, i) => {
  let w = '';
  for (let n = i + 1; n > 0; n = Math.floor(n / 16)) w += syllables[n % 16];
  return w;
});
const word = () => (rnd() < 0.3 ? pick(common) : vocabulary[Math.floor(vocabulary.length * rnd() ** 2)]!);
const sentence = (n: number) => Array.from({ length: n }, word).join(' ');
const prefixes = ['Notion', 'Figma', 'Linear', 'Slack', 'Stripe', 'Vercel', 'Supabase', 'Airtable', 'Zapier', 'Canva', 'Loom', 'Miro'];

const dir = mkdtempSync(join(tmpdir(), 'lb-bench-'));
const dbFile = join(dir, 'bench.db');
const config = loadConfig({ DATABASE_URL: `sqlite:${dbFile}`, LOG_LEVEL: 'silent', RATE_LIMIT_ANONYMOUS: '100000000' }, { publicUrl: 'http://localhost:3000' });

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
async function measure(name: string, n: number, fn: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { name, p50: percentile(times, 50), p99: percentile(times, 99) };
}

const ctx = await buildContext(config, { logger: pino({ level: 'silent' }) });
await ensureMainSite(ctx);
const site = await ctx.db.selectFrom('sites').select('id').executeTakeFirstOrThrow();

// Bulk load with better-sqlite3 directly: the benchmark measures search, not inserts.
let t0 = performance.now();
{
  const raw = new SQLite(dbFile);
  const insert = raw.prepare(
    `INSERT INTO listings (site_id, company_key, slug, name, url, domain, tagline, description, keywords, status, votes_count, views_count, followers_count, country, pricing_model, launched_at, launch_week, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'live', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const load = raw.transaction(() => {
    for (let i = 0; i < LISTINGS; i++) {
      const name = `${pick(prefixes)} ${pick(vocabulary)}`;
      const slug = `${name.toLowerCase().replace(' ', '-')}-${i}`;
      const at = new Date(Date.UTC(2026, 0, 1) + Math.floor(rnd() * 320) * 86_400_000).toISOString();
      insert.run(
        site.id, `${slug}.example`, slug, name, `https://${slug}.example`, `${slug}.example`, sentence(8), sentence(300),
        JSON.stringify([word(), word(), word()]), Math.floor(rnd() * 500), Math.floor(rnd() * 10_000), Math.floor(rnd() * 100),
        pick(['US', 'DE', 'GB', 'FR']), pick(['free', 'freemium', 'paid']), at, at.slice(0, 10), at, at,
      );
    }
  });
  load();
  raw.close();
}
const loadSeconds = (performance.now() - t0) / 1000;

t0 = performance.now();
await ctx.search.sync();
const buildSeconds = (performance.now() - t0) / 1000;

const base: SearchInput = { status: 'live', sort: 'relevance', page: 1, per_page: 20 };
const typo = () => pick(prefixes).toLowerCase().replace(/(.)(.)/, '$2$1'); // swapped letters
const queries: [string, () => Partial<SearchInput>][] = [
  ['typo name ("noiton")', () => ({ q: typo() })],
  ['prefix ("figm")', () => ({ q: pick(prefixes).slice(0, 4).toLowerCase() })],
  ['rare word', () => ({ q: vocabulary[4000 + Math.floor(rnd() * 999)] })],
  ['common word ("team")', () => ({ q: pick(common) })],
  ['two words', () => ({ q: `${pick(prefixes).toLowerCase()} ${pick(common)}` })],
  ['browse by votes', () => ({ sort: 'votes' })],
  ['browse + country', () => ({ country: 'DE', sort: 'newest' })],
  ['trending', () => ({ sort: 'trending' })],
];
const inProcess = [];
for (const [name, make] of queries) inProcess.push(await measure(name, ROUNDS, () => searchListings(ctx, { ...base, ...make() })));

const http = createHttpApp(ctx, tools);
const server = await new Promise<import('node:http').Server>((resolve) => {
  const s = http.app.listen(0, '127.0.0.1', () => resolve(s));
});
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/listings`;
const overRest = [];
for (const [name, make] of queries.slice(0, 5)) {
  overRest.push(await measure(`REST ${name}`, ROUNDS, async () => {
    const params = new URLSearchParams(Object.entries(make()).map(([k, v]) => [k, String(v)]));
    const res = await fetch(`${url}?${params}`);
    if (res.status !== 200) throw new Error(`REST answered ${res.status}`);
    await res.arrayBuffer();
  }));
}
server.close();
await http.close();
await ctx.close();
if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true }); else process.stderr.write(`kept ${dbFile}\n`);

const rows = [...inProcess, ...overRest].map((r) => `| ${r.name} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |`);
process.stdout.write(
  [
    `listings: ${LISTINGS}, rounds per query: ${ROUNDS}, node ${process.version}`,
    `bulk load: ${loadSeconds.toFixed(1)} s, search index build: ${buildSeconds.toFixed(1)} s, peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
    '',
    '| query | p50 ms | p99 ms |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n'),
);
process.exit(0);
