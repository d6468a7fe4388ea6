// Turns one bench run into the markdown report (printed and written to
// bench/results.md): the HTTP table with ratios to the bare ceilings, the
// in-process figures, and the targets with pass/fail.
import type { LoadResult, LoadSettings } from './load.js';

export interface Percentiles {
  p50: number;
  p99: number;
}

export interface SearchTimings extends Percentiles {
  samples: number;
}

export interface BenchReport {
  date: string;
  node: string;
  cpus: number;
  cpuModel: string;
  platform: string;
  /** The 1-minute load average when the run began: other work on the machine lowers every figure. */
  loadAverage: number;
  listings: number;
  load: LoadSettings;
  /** Size of the get_listing body the ceilings answer with. */
  bodyBytes: number;
  http: {
    nodeCeiling: LoadResult;
    expressCeiling: LoadResult;
    restGet: LoadResult;
    restSearch: LoadResult;
    mcpGet: LoadResult;
    mcpGetLegacy: LoadResult;
  };
  /** Pages and get_listing asked for with br, against Express answering the home page with br. */
  pages: {
    expressBrCeiling: LoadResult;
    home: LoadResult;
    listing: LoadResult;
    week: LoadResult;
    restGetBr: LoadResult;
  };
  /** Votes in the trending window (the last 30 days) of the synthetic directory. */
  recentVotes: number;
  /** Bytes of each page as HTML and as sent with br; /docs: every file its page loads, and the OpenAPI document. */
  sizes: {
    home: { html: number; sent: number };
    listing: { html: number; sent: number };
    week: { html: number; sent: number };
    docs: { files: number; plain: number; sent: number };
  };
  generateSeconds: number;
  indexBuildSeconds: number;
  search: { typo: SearchTimings; mixed: SearchTimings };
  startupSeconds: number;
  /** Until a search answers (the index built after the server listens). */
  searchReadySeconds: number;
  /** The same two from the self-contained executable. */
  exeStartup: { startupSeconds: number; searchReadySeconds: number };
  peakRssMb: number | undefined;
  /** The peak resident set after each step: which load raised it. */
  rssSteps: [string, number | undefined][];
  totalSeconds: number;
}

const pct = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : 0);
const fmtPct = (n: number) => `${n.toFixed(0)}%`;
const ms = (n: number) => n.toFixed(2);
const mb = (n: number | undefined) => (n === undefined ? 'n/a' : `${n.toFixed(0)} MB`);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

interface Target {
  name: string;
  measured: string;
  pass: boolean;
}

export function targets(r: BenchReport): Target[] {
  const restVsExpress = pct(r.http.restGet.rps, r.http.expressCeiling.rps);
  const mcpVsRest = pct(r.http.mcpGet.rps, r.http.restGet.rps);
  const pageTarget = (label: string, page: LoadResult): Target => {
    const ratio = pct(page.rps, r.pages.expressBrCeiling.rps);
    return {
      name: `${label} >= 50% of bare Express at ${r.listings} listings, compressed`,
      measured: fmtPct(ratio),
      pass: ratio >= 50,
    };
  };
  return [
    {
      name: 'get_listing over REST >= 70% of bare Express',
      measured: fmtPct(restVsExpress),
      pass: restVsExpress >= 70,
    },
    {
      name: 'MCP tools/call get_listing >= 40% of REST get_listing',
      measured: fmtPct(mcpVsRest),
      pass: mcpVsRest >= 40,
    },
    {
      name: `search p99 < 10 ms in-process at ${r.listings} listings`,
      measured: `${ms(r.search.mixed.p99)} ms`,
      pass: r.search.mixed.p99 < 10,
    },
    {
      name: `start-up < 3 s with ${r.listings} listings (npm start: TypeScript through tsx)`,
      measured: `${r.startupSeconds.toFixed(2)} s`,
      pass: r.startupSeconds < 3,
    },
    {
      name: `start-up < 3 s with ${r.listings} listings (the executable)`,
      measured: `${r.exeStartup.startupSeconds.toFixed(2)} s`,
      pass: r.exeStartup.startupSeconds < 3,
    },
    {
      name: `peak RSS < 600 MB with ${r.listings} listings`,
      measured: mb(r.peakRssMb),
      pass: r.peakRssMb !== undefined && r.peakRssMb < 600,
    },
    pageTarget('home page', r.pages.home),
    pageTarget('listing page', r.pages.listing),
    pageTarget('week page', r.pages.week),
  ];
}

export function renderReport(r: BenchReport): string {
  const { nodeCeiling, expressCeiling, restGet, restSearch, mcpGet, mcpGetLegacy } = r.http;
  const ofCeilings = (x: LoadResult) =>
    `${fmtPct(pct(x.rps, expressCeiling.rps))} of Express, ${fmtPct(pct(x.rps, nodeCeiling.rps))} of node:http`;
  const ofRest = (x: LoadResult) => `${fmtPct(pct(x.rps, restGet.rps))} of REST get_listing`;
  const row = (x: LoadResult, ratio: string) =>
    `| ${x.name} | ${x.rps.toFixed(0)} | ${x.p50.toFixed(0)} | ${x.p99.toFixed(0)} | ${x.non2xx} | ${x.errors} | ${x.cpuUsPerRequest === undefined ? 'n/a' : x.cpuUsPerRequest.toFixed(0)} | ${ratio} |`;
  const lines = [
    `# Launchboard benchmark`,
    '',
    `${r.date} · node ${r.node} · ${r.cpus} CPUs (${r.cpuModel}) · ${r.platform} · load average ${r.loadAverage.toFixed(2)} at the start`,
    `${r.listings} synthetic listings · autocannon ${r.load.connections} connections, ${r.load.duration} s per run after a ${r.load.warmup} s warm-up · get_listing body ${r.bodyBytes} bytes`,
    '',
    '## Over HTTP (server in a child process, autocannon in the bench process, 127.0.0.1)',
    '',
    '| scenario | req/s | p50 ms | p99 ms | non-2xx | errors | server CPU µs/req | ratio |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    row(nodeCeiling, 'ceiling'),
    row(expressCeiling, `${fmtPct(pct(expressCeiling.rps, nodeCeiling.rps))} of node:http`),
    row(restGet, ofCeilings(restGet)),
    row(restSearch, ofCeilings(restSearch)),
    row(mcpGet, ofRest(mcpGet)),
    row(mcpGetLegacy, ofRest(mcpGetLegacy)),
    '',
    '## Pages, compressed',
    '',
    `Asked for as a browser does (\`accept-encoding: gzip, deflate, br\`, so br); ${r.recentVotes} votes in the trending window.`,
    'The compressed ceiling is the bare Express route answering the home page HTML through the same compression.',
    '',
    '| scenario | req/s | p50 ms | p99 ms | non-2xx | errors | server CPU µs/req | ratio |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    row(
      r.pages.expressBrCeiling,
      `${fmtPct(pct(r.pages.expressBrCeiling.rps, expressCeiling.rps))} of Express (JSON, uncompressed)`,
    ),
    ...[r.pages.home, r.pages.listing, r.pages.week, r.pages.restGetBr].map((x) =>
      row(
        x,
        `${fmtPct(pct(x.rps, r.pages.expressBrCeiling.rps))} of compressed Express, ${fmtPct(pct(x.rps, expressCeiling.rps))} of Express`,
      ),
    ),
    '',
    '| page | HTML | sent with br |',
    '|---|---:|---:|',
    `| home | ${kb(r.sizes.home.html)} | ${kb(r.sizes.home.sent)} |`,
    `| listing | ${kb(r.sizes.listing.html)} | ${kb(r.sizes.listing.sent)} |`,
    `| week (a past week) | ${kb(r.sizes.week.html)} | ${kb(r.sizes.week.sent)} |`,
    `| /docs: the page, the ${r.sizes.docs.files - 2} files it loads and the OpenAPI document | ${kb(r.sizes.docs.plain)} | ${kb(r.sizes.docs.sent)} |`,
    '',
    '## In process and start-up',
    '',
    '| figure | value |',
    '|---|---:|',
    `| generate ${r.listings} listings (migrate + bulk insert) | ${r.generateSeconds.toFixed(1)} s |`,
    `| search index build | ${r.indexBuildSeconds.toFixed(1)} s |`,
    `| search p50 / p99, typo queries (${r.search.typo.samples} queries) | ${ms(r.search.typo.p50)} / ${ms(r.search.typo.p99)} ms |`,
    `| search p50 / p99, all query kinds (${r.search.mixed.samples} queries) | ${ms(r.search.mixed.p50)} / ${ms(r.search.mixed.p99)} ms |`,
    `| serve start-up (spawn to first 200 on /api/v1/site) | ${r.startupSeconds.toFixed(2)} s |`,
    `| serve: spawn to first 200 on a search (the index builds after listening) | ${r.searchReadySeconds.toFixed(2)} s |`,
    `| the executable: spawn to first 200 on /api/v1/site / on a search | ${r.exeStartup.startupSeconds.toFixed(2)} s / ${r.exeStartup.searchReadySeconds.toFixed(2)} s |`,
    ...r.rssSteps.map(([step, peak]) => `| serve peak RSS (VmHWM) after ${step} | ${mb(peak)} |`),
    '',
    '## Targets',
    '',
    '| target | measured | result |',
    '|---|---:|---|',
    ...targets(r).map((t) => `| ${t.name} | ${t.measured} | ${t.pass ? 'pass' : 'FAIL'} |`),
    '',
    `Whole run: ${r.totalSeconds.toFixed(0)} s.`,
    '',
  ];
  return lines.join('\n');
}
