// The whole-server benchmark: 100k synthetic listings, in-process
// search latency and index build time, then `serve` in a child process under
// autocannon (REST get_listing, REST typo search, MCP tools/call get_listing,
// and compressed: the home, listing and week pages and get_listing)
// next to bare node:http and bare Express ceilings; start-up time and peak RSS.
// Prints the report and writes bench/results.md. Run: npm run bench [-- --listings N]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { buildContext } from '../src/context.js';
import { searchListings, type SearchInput } from '../src/search/search.js';
import { addWeeks, mondayOf } from '../src/launches/weeks.js';
import { freePort, peakRssMb, repoRoot, serveEnv, startServer, type RunningServer } from './children.js';
import { measureLoad, type LoadResult, type LoadSettings } from './load.js';
import { renderReport, type Percentiles } from './report.js';
import { addRecentVotes, commonWords, createSyntheticDatabase, namePrefixes, vocabulary } from './synthetic.js';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '200' },
    out: { type: 'string', default: join(repoRoot, 'bench', 'results.md') },
  },
});
const LISTINGS = Number(values.listings);
const ROUNDS = Number(values.rounds);
const load: LoadSettings = {
  connections: Number(values.connections),
  duration: Number(values.duration),
  warmup: Number(values.warmup),
};

const began = performance.now();
const loadAverage = loadavg()[0]!;
const step = (what: string) =>
  process.stderr.write(`[${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${what}\n`);
const seconds = (since: number) => (performance.now() - since) / 1000;

// Misspellings of words every listing is likely to contain, and of brand names.
const TYPO_QUERIES = [
  'tealm',
  'colud',
  'managre',
  'trakc',
  'buidl',
  'smiple',
  'noiton',
  'fimga',
  'lineer',
  'stirpe',
  'supabsae',
  'airtabel',
];

const dir = mkdtempSync(join(tmpdir(), 'lb-bench-'));
const dbFile = join(dir, 'bench.db');
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

// 1. The directory: launches over the four years up to today (~1 in 1,460 a
// day), and votes on the last 30 days' launches, which trending reads.
step(`generating ${LISTINGS} listings in ${dbFile}`);
let t0 = performance.now();
const today = new Date();
const { slugs, text } = await createSyntheticDatabase(dbFile, LISTINGS, 42, { lastDay: today, spanDays: 4 * 365 });
const recentVotes = addRecentVotes(dbFile, { now: today });
const generateSeconds = seconds(t0);

// 2. Search in process: index build, then latency per query kind.
step('building the search index in process');
const config = loadConfig(
  { DATABASE_URL: `sqlite:${dbFile}`, LOG_LEVEL: 'silent' },
  { publicUrl: 'http://localhost:3000' },
);
const ctx = await buildContext(config, { logger: pino({ level: 'silent' }), migrate: false });
t0 = performance.now();
await ctx.search.sync();
const indexBuildSeconds = seconds(t0);

step(`searching in process (up to ${ROUNDS} queries per kind)`);
const base: SearchInput = { status: 'live', sort: 'relevance', page: 1, per_page: 20 };
const queryKinds: [string, (i: number) => string][] = [
  ['typo', (i) => TYPO_QUERIES[i % TYPO_QUERIES.length]!],
  ['prefix', () => text.pick(namePrefixes).slice(0, 4).toLowerCase()],
  ['common word', () => text.pick(commonWords)],
  ['rare word', () => vocabulary[4000 + Math.floor(text.rnd() * 999)]!],
  ['two words', () => `${text.pick(namePrefixes).toLowerCase()} ${text.pick(commonWords)}`],
];
for (let i = 0; i < 20; i++) await searchListings(ctx, { ...base, q: queryKinds[i % queryKinds.length]![1](i) });
// Bounded per kind, so a slow index cannot push the run past its 5 minutes.
const SEARCH_SECONDS_PER_KIND = 5;
const MIN_ROUNDS = 30;
const timings = new Map<string, number[]>();
for (const [kind, query] of queryKinds) {
  const times: number[] = [];
  const kindStart = performance.now();
  for (let i = 0; i < ROUNDS && (i < MIN_ROUNDS || seconds(kindStart) < SEARCH_SECONDS_PER_KIND); i++) {
    const q = query(i);
    const start = performance.now();
    await searchListings(ctx, { ...base, q });
    times.push(performance.now() - start);
  }
  timings.set(kind, times);
}
await ctx.close();
const percentiles = (times: number[]): Percentiles => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  return { p50: at(50), p99: at(99) };
};
const allTimes = [...timings.values()].flat();
const search = {
  typo: { ...percentiles(timings.get('typo')!), samples: timings.get('typo')!.length },
  mixed: { ...percentiles(allTimes), samples: allTimes.length },
};

// 3. `serve` on that database, as a user would start it.
const port = await freePort();
step(`starting serve on 127.0.0.1:${port}`);
/** Seconds until a typo search answers 200 (it waits for the search index). */
async function secondsUntilSearchAnswers(baseUrl: string): Promise<number> {
  const since = performance.now();
  const res = await fetch(`${baseUrl}/api/v1/listings?q=noiton`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`search answered ${res.status}`);
  return seconds(since);
}
const serve = await startServer({
  name: 'serve',
  args: ['bin/launchboard.js', 'serve'],
  port,
  readyPath: '/api/v1/site',
  env: serveEnv(dbFile, port),
});
const startupSeconds = serve.startupMs / 1000;
// The server answers before its search index is built; a search waits for it.
const searchReadySeconds = startupSeconds + (await secondsUntilSearchAnswers(serve.baseUrl));

// Many keys, so a cache of one listing or one query cannot flatter the numbers.
const sampleSlugs = Array.from(
  { length: Math.min(1000, slugs.length) },
  () => slugs[Math.floor(text.rnd() * slugs.length)]!,
);
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const mcpCall = (slug: string, meta?: Record<string, unknown>) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'get_listing', arguments: { slug }, ...(meta ? { _meta: meta } : {}) },
  });
// A 2026-07-28 request stands alone: the revision, client and capabilities travel in
// params._meta (mirrored in headers), with no initialize and no session.
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'launchboard-bench', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const modernHeaders = {
  ...MCP_HEADERS,
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'get_listing',
};
// A 2025-era client without a session: the SDK's stateless fallback answers over SSE.
const legacyHeaders = { ...MCP_HEADERS, 'mcp-protocol-version': '2025-11-25' };
// Pages as a browser asks for them: brotli preferred.
const BR = { 'accept-encoding': 'gzip, deflate, br' };
/** The eight weeks before this one: past weeks, each holding a week of launches. */
const pastWeeks = Array.from({ length: 8 }, (_, i) => addWeeks(mondayOf(today), -(i + 1)));

const requests = {
  restGet: sampleSlugs.map((slug): autocannon.Request => ({ method: 'GET', path: `/api/v1/listings/${slug}` })),
  restSearch: TYPO_QUERIES.map(
    (q): autocannon.Request => ({ method: 'GET', path: `/api/v1/listings?q=${encodeURIComponent(q)}` }),
  ),
  mcpGet: sampleSlugs.map(
    (slug): autocannon.Request => ({
      method: 'POST',
      path: '/mcp',
      headers: modernHeaders,
      body: mcpCall(slug, MODERN_META),
    }),
  ),
  mcpGetLegacy: sampleSlugs.map(
    (slug): autocannon.Request => ({ method: 'POST', path: '/mcp', headers: legacyHeaders, body: mcpCall(slug) }),
  ),
  homePage: [{ method: 'GET', path: '/', headers: BR }] as autocannon.Request[],
  listingPage: sampleSlugs.map(
    (slug): autocannon.Request => ({ method: 'GET', path: `/listings/${slug}`, headers: BR }),
  ),
  weekPage: pastWeeks.map(
    (week): autocannon.Request => ({ method: 'GET', path: `/launches/weeks/${week}`, headers: BR }),
  ),
  restGetBr: sampleSlugs.map(
    (slug): autocannon.Request => ({ method: 'GET', path: `/api/v1/listings/${slug}`, headers: BR }),
  ),
};

// 4. Each endpoint must do the real work before it is loaded.
step('checking every endpoint answers 200 with the real thing');
const slug = sampleSlugs[0]!;
async function fetchOk(path: string, init?: RequestInit): Promise<string> {
  const res = await fetch(`${serve.baseUrl}${path}`, init);
  const body = await res.text();
  if (res.status !== 200)
    throw new Error(`${init?.method ?? 'GET'} ${path} answered ${res.status}: ${body.slice(0, 300)}`);
  return body;
}
const listingBody = await fetchOk(`/api/v1/listings/${slug}`);
if ((JSON.parse(listingBody) as { slug?: string }).slug !== slug)
  throw new Error(`GET /api/v1/listings/${slug} did not return that listing`);
for (const q of TYPO_QUERIES) {
  const page = JSON.parse(await fetchOk(`/api/v1/listings?q=${encodeURIComponent(q)}`)) as { items: unknown[] };
  if (page.items.length === 0) throw new Error(`the typo query "${q}" found nothing`);
}
const toolResult = (rpc: string, label: string) => {
  const parsed = JSON.parse(rpc) as { result?: { isError?: boolean; structuredContent?: { slug?: string } } };
  if (parsed.result?.isError || parsed.result?.structuredContent?.slug !== slug)
    throw new Error(`${label} did not return the listing: ${rpc.slice(0, 300)}`);
};
toolResult(
  await fetchOk('/mcp', { method: 'POST', headers: modernHeaders, body: mcpCall(slug, MODERN_META) }),
  'MCP tools/call (2026-07-28)',
);
const sse = await fetchOk('/mcp', { method: 'POST', headers: legacyHeaders, body: mcpCall(slug) });
toolResult(/^data: (.*)$/m.exec(sse)?.[1] ?? sse, 'MCP tools/call (2025-11-25)');
/** A page answers 200 with brotli and shows what it must; returns its size as sent and unpacked. */
async function pageOk(path: string, mustShow: string): Promise<{ sent: number; html: string }> {
  const res = await fetch(`${serve.baseUrl}${path}`, { headers: { 'accept-encoding': 'br' } });
  const html = await res.text();
  if (res.status !== 200 || res.headers.get('content-encoding') !== 'br' || !html.includes(mustShow))
    throw new Error(
      `GET ${path} answered ${res.status} (${res.headers.get('content-encoding')}): ${html.slice(0, 300)}`,
    );
  return { sent: Number(res.headers.get('content-length')), html };
}
const pageSizes = {
  home: await pageOk('/', 'id="home-trending"'),
  listing: await pageOk(`/listings/${slug}`, slug),
  week: await pageOk(`/launches/weeks/${pastWeeks[0]}`, 'class="cards"'),
};
if (!/<h2 id="home-trending">[\s\S]*?<ol class="cards"/.test(pageSizes.home.html))
  throw new Error('the home page shows no trending launches: the votes did not count');
// What a browser downloads for /docs (page, Swagger UI files, the OpenAPI document), as files and as sent with br.
async function transfer(path: string): Promise<{ plain: number; sent: number }> {
  const res = await fetch(`${serve.baseUrl}${path}`, { headers: { 'accept-encoding': 'br' } });
  const plain = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  return { plain, sent: Number(res.headers.get('content-length') ?? plain) };
}
const docsPage = await fetchOk('/docs');
const docsFiles = ['/docs', ...[...docsPage.matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g)].map((m) => m[1]!)];
docsFiles.push('/api/v1/openapi.json');
const docsTransfer = { files: docsFiles.length, plain: 0, sent: 0 };
for (const path of docsFiles) {
  const t = await transfer(path);
  docsTransfer.plain += t.plain;
  docsTransfer.sent += t.sent;
}

// 5. Load the server, then read its peak memory.
const loads: Record<string, LoadResult> = {};
const loadOne = async (key: string, name: string, server: RunningServer, reqs: autocannon.Request[]) => {
  step(`loading ${name} (${load.warmup} s warm-up + ${load.duration} s)`);
  loads[key] = await measureLoad(name, server.baseUrl, reqs, load, server.pid);
};
// The server's peak resident set after start-up and after each load, so the report shows which one raised it.
const rssSteps: [string, number | undefined][] = [
  ['start-up, the search index and one call of each kind', peakRssMb(serve.pid)],
];
const loadServe = async (key: string, name: string, reqs: autocannon.Request[]) => {
  await loadOne(key, name, serve, reqs);
  rssSteps.push([name, peakRssMb(serve.pid)]);
};
await loadServe('restGet', 'REST GET /api/v1/listings/{slug}', requests.restGet);
await loadServe('restSearch', 'REST GET /api/v1/listings?q={typo}', requests.restSearch);
await loadServe('mcpGet', 'MCP tools/call get_listing (2026-07-28, JSON)', requests.mcpGet);
await loadServe('mcpGetLegacy', 'MCP tools/call get_listing (2025-11-25 stateless, SSE)', requests.mcpGetLegacy);
await loadServe('homePage', 'page GET / (br)', requests.homePage);
await loadServe('listingPage', 'page GET /listings/{slug} (br)', requests.listingPage);
await loadServe('weekPage', 'page GET /launches/weeks/{past week} (br)', requests.weekPage);
await loadServe('restGetBr', 'REST GET /api/v1/listings/{slug} (br)', requests.restGetBr);
const peakRss = peakRssMb(serve.pid);
await serve.stop();

// The same start-up from the self-contained executable (npm run build:exe: one
// bundled script with V8's code cache, no TypeScript loader).
step('building the executable (npm run build:exe) and starting it');
const exeDir = join(dir, 'exe');
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-exe.ts', exeDir], { cwd: repoRoot, stdio: 'ignore' });
const exePort = await freePort();
const exeServe = await startServer({
  name: 'executable',
  command: join(exeDir, 'launchboard'),
  args: ['serve'],
  port: exePort,
  readyPath: '/api/v1/site',
  env: { ...serveEnv(dbFile, exePort), LAUNCHBOARD_CACHE_DIR: join(dir, 'exe-cache') },
});
const exeStartup = {
  startupSeconds: exeServe.startupMs / 1000,
  searchReadySeconds: exeServe.startupMs / 1000 + (await secondsUntilSearchAnswers(exeServe.baseUrl)),
};
await exeServe.stop();

// 6. The ceilings, answering with the body get_listing just sent; the
// compressed one with the home page, compressed as the server does.
const bodyFile = join(dir, 'listing.json');
writeFileSync(bodyFile, listingBody);
const homeFile = join(dir, 'home.html');
writeFileSync(homeFile, pageSizes.home.html);
for (const [key, name, script, args, reqs] of [
  ['nodeCeiling', 'bare node:http, fixed JSON', 'bench/ceiling-node.ts', ['--body', bodyFile], requests.restGet],
  [
    'expressCeiling',
    'bare Express 5 route, same JSON',
    'bench/ceiling-express.ts',
    ['--body', bodyFile],
    requests.restGet,
  ],
  [
    'expressBrCeiling',
    'bare Express 5 route, the home page HTML (br)',
    'bench/ceiling-express.ts',
    ['--body', homeFile, '--html', '--compress'],
    requests.restGetBr,
  ],
] as const) {
  const ceilingPort = await freePort();
  const server: RunningServer = await startServer({
    name,
    args: ['--import', 'tsx', script, '--port', String(ceilingPort), ...args],
    port: ceilingPort,
    readyPath: `/api/v1/listings/${slug}`,
  });
  try {
    await loadOne(key, name, server, [...reqs]);
  } finally {
    await server.stop();
  }
}
const report = renderReport({
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
  platform: `${platform()} ${release()}`,
  loadAverage,
  listings: LISTINGS,
  load,
  bodyBytes: Buffer.byteLength(listingBody),
  http: {
    nodeCeiling: loads.nodeCeiling!,
    expressCeiling: loads.expressCeiling!,
    restGet: loads.restGet!,
    restSearch: loads.restSearch!,
    mcpGet: loads.mcpGet!,
    mcpGetLegacy: loads.mcpGetLegacy!,
  },
  pages: {
    expressBrCeiling: loads.expressBrCeiling!,
    home: loads.homePage!,
    listing: loads.listingPage!,
    week: loads.weekPage!,
    restGetBr: loads.restGetBr!,
  },
  recentVotes,
  sizes: {
    home: { html: Buffer.byteLength(pageSizes.home.html), sent: pageSizes.home.sent },
    listing: { html: Buffer.byteLength(pageSizes.listing.html), sent: pageSizes.listing.sent },
    week: { html: Buffer.byteLength(pageSizes.week.html), sent: pageSizes.week.sent },
    docs: docsTransfer,
  },
  generateSeconds,
  indexBuildSeconds,
  search,
  startupSeconds,
  searchReadySeconds,
  exeStartup,
  peakRssMb: peakRss,
  rssSteps,
  totalSeconds: performance.now() / 1000,
});
writeFileSync(values.out!, report);
process.stdout.write(report);
step(`wrote ${values.out}`);
process.exit(0);
