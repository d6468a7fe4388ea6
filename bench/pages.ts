// The public pages alone, quicker than `npm run bench`: the home,
// listing and week pages of `serve` on the synthetic directory, asked for as
// a browser does (br), each twice in the same run: from a server without the
// page cache (PAGE_CACHE_PAGES=0), so every request renders and compresses:
// what a page costs without the cache; then from one with it, as anonymous
// visitors get them (the cache answers repeats, src/platform/page-cache.ts).
// Then the compressed bare Express ceiling answering the home page HTML, as
// in bench/run.ts. The cached run first asks for each of its paths once (a
// warm cache); the uncached run's errors are requests still waiting when the
// run ends.
//
//   node --import tsx bench/pages.ts [--listings 100000] [--duration 8] [--warmup 2] [--connections 50]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import { addWeeks, mondayOf } from '../src/launches/weeks.js';
import { freePort, serveEnv, startServer } from './children.js';
import { type LoadResult, type LoadSettings, measureLoad } from './load.js';
import { addRecentVotes, createSyntheticDatabase } from './synthetic.js';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
  },
});
const LISTINGS = Number(values.listings);
const load: LoadSettings = {
  connections: Number(values.connections),
  duration: Number(values.duration),
  warmup: Number(values.warmup),
};
const began = performance.now();
const step = (what: string) =>
  process.stderr.write(`[${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${what}\n`);

const dir = mkdtempSync(join(tmpdir(), 'lb-bench-pages-'));
const dbFile = join(dir, 'bench.db');
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

step(`generating ${LISTINGS} listings`);
const today = new Date();
const { slugs, text } = await createSyntheticDatabase(dbFile, LISTINGS, 42, { lastDay: today, spanDays: 4 * 365 });
addRecentVotes(dbFile, { now: today });

/** `serve` on the synthetic directory, keeping `cachePages` pages (0: none). */
async function startServe(cachePages: number) {
  const port = await freePort();
  step(`starting serve on 127.0.0.1:${port} (PAGE_CACHE_PAGES=${cachePages})`);
  return startServer({
    name: 'serve',
    args: ['bin/launchboard.js', 'serve'],
    port,
    readyPath: '/api/v1/site',
    env: { ...serveEnv(dbFile, port), PAGE_CACHE_PAGES: String(cachePages) },
  });
}

const BR = { 'accept-encoding': 'gzip, deflate, br' };
const sampleSlugs = Array.from(
  { length: Math.min(1000, slugs.length) },
  () => slugs[Math.floor(text.rnd() * slugs.length)]!,
);
const pastWeeks = Array.from({ length: 8 }, (_, i) => addWeeks(mondayOf(today), -(i + 1)));
const paths: Record<string, string[]> = {
  home: ['/'],
  listing: sampleSlugs.map((s) => `/listings/${s}`),
  week: pastWeeks.map((w) => `/launches/weeks/${w}`),
};
const get = (path: string): autocannon.Request => ({ method: 'GET', path, headers: BR });
const requests = (list: string[]) => list.map(get);

const results: [string, LoadResult][] = [];
let homeHtml = '';
let weekHtml = '';
for (const cachePages of [0, 2000]) {
  const serve = await startServe(cachePages);
  const label = cachePages === 0 ? 'uncached' : 'cached';
  try {
    // Every page answers 200 before it is loaded.
    for (const list of Object.values(paths)) {
      const res = await fetch(`${serve.baseUrl}${list[0]}`, { headers: BR });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${list[0]} answered ${res.status}`);
    }
    homeHtml = await (await fetch(`${serve.baseUrl}/`)).text();
    weekHtml = await (await fetch(`${serve.baseUrl}${paths.week![0]}`)).text();
    for (const [kind, list] of Object.entries(paths)) {
      // With the cache, every key once first, so the run measures hits and
      // not the fill (1,000 listing pages take seconds to render at 100k);
      // well within the cache's 30 s age cap for the run that follows.
      if (cachePages > 0) {
        step(`asking for each of the ${list.length} ${kind} paths once`);
        for (const path of list) await (await fetch(`${serve.baseUrl}${path}`, { headers: BR })).arrayBuffer();
      }
      step(`loading the ${kind} page, ${label}`);
      results.push([`${kind}, ${label}`, await measureLoad(kind, serve.baseUrl, requests(list), load, serve.pid)]);
    }
  } finally {
    await serve.stop();
  }
}

/** Bare Express answering `html` with br (bench/ceiling-express.ts), loaded like the pages. */
async function ceilingOf(name: string, html: string): Promise<LoadResult> {
  step(`loading the compressed bare Express ceiling (${name})`);
  const file = join(dir, `${name.replace(/\W+/g, '-')}.html`);
  writeFileSync(file, html);
  const ceilingPort = await freePort();
  const ceiling = await startServer({
    name: 'express ceiling',
    args: [
      '--import',
      'tsx',
      'bench/ceiling-express.ts',
      '--port',
      String(ceilingPort),
      '--body',
      file,
      '--html',
      '--compress',
    ],
    port: ceilingPort,
    readyPath: '/api/v1/listings/x',
  });
  try {
    const reqs = sampleSlugs.map((s) => get(`/api/v1/listings/${s}`));
    return await measureLoad(name, ceiling.baseUrl, reqs, load, ceiling.pid);
  } finally {
    await ceiling.stop();
  }
}
const express = await ceilingOf('home page HTML', homeHtml);
// The week page is ~10x the home page at 100k: its own ceiling says what writing that many bytes costs.
const expressWeek = await ceilingOf('week page HTML', weekHtml);

const f0 = (n: number | undefined) => (n === undefined ? '–' : n.toFixed(0));
const rows = [
  ...results,
  ['bare Express 5 route, home page HTML (br)', express] as [string, LoadResult],
  ['bare Express 5 route, week page HTML (br)', expressWeek] as [string, LoadResult],
].map(
  ([name, r]) =>
    `| ${name} | ${f0(r.rps)} | ${r.p50} | ${r.p99} | ${f0(r.cpuUsPerRequest)} | ${((100 * r.rps) / express.rps).toFixed(0)} % | ${r.non2xx} | ${r.errors} |`,
);
const report = `# Public pages, ${new Date().toISOString()}

${LISTINGS} listings; node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(2)} at the end;
${load.connections} connections, ${load.duration} s measured after ${load.warmup} s warm-up; br.

| page | req/s | p50 ms | p99 ms | server CPU µs/req | of Express (home HTML) | non-2xx | errors |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
process.stdout.write(report);
process.exit(0);
