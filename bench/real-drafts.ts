// Draft quality on real product websites: every site of the real-site
// corpus (bench/real-sites/README.md) served on 127.0.0.1, drafted through the real
// path and scored against its truth list, written before its first draft. Reports
// the dev part and the held-out part apart (the held-out figure is the one that
// counts: nobody tunes against it), per field, per kind of error and per site.
// A report, not a timed test, and not part of npm test.
//
// Run: npm run bench:drafts [-- --part dev] [--site NAME ...] [--json FILE] [--out FILE] [--env] [--show]
// --env drafts with the drafter the environment configures (DRAFTER, ANTHROPIC_*,
// OPENAI_*); --show prints every judged value and fact of the sites run (keep it
// off for held-out sites while you work on the drafter).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { notFoundOf } from '../src/drafts/drafts.js';
import { PROFILE_FIELDS } from '../src/drafts/drafter/fields.js';
import { startDraftBench } from './draft-harness.js';
import { fileForPath, foldSpace, htmlFiles, pageText, serveDraftSite } from './drafts.js';
import { type CorpusSite, corpusSites, materialize, type Part, PARTS } from './real-sites/corpus.js';
import {
  addUp,
  type DraftScore,
  type DraftShape,
  emptyTotals,
  pct,
  scoreRealDraft,
  strictPrecision,
  strictRecall,
  type Totals,
  violations,
} from './real-sites/score.js';

const here = dirname(fileURLToPath(import.meta.url));
const FIELDS = [...PROFILE_FIELDS, 'faqs', 'founders', 'company_socials'];

interface SiteRun {
  site: CorpusSite;
  status: string;
  ms: number;
  pagesRead: number;
  sitePages: number;
  score: DraftScore;
  /** Evidence quotes checked against the page files, and those not on the page they name. */
  quotesChecked: number;
  badQuotes: { field: string; quote: string; url: string }[];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? 0 : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * A quote is on the page as written; a link is quoted as its text and its address ("GitHub https://…"),
 * each of which must be on the page, and an address as the page writes it or resolved.
 */
function onPage(page: string, quote: string): boolean {
  if (page.includes(quote)) return true;
  const link = /^(?:(.*) )?(https?:\/\/\S+)$/.exec(quote);
  if (!link) return false;
  const url = new URL(link[2]!);
  const written = [link[2]!, `${url.pathname}${url.search}`.replace(/^\//, '')];
  return (!link[1] || page.includes(link[1])) && written.some((w) => page.includes(w));
}

/** Every evidence quote of the draft, looked up in the text of the page file it names. */
function checkQuotes(run: { draft: DraftShape & { faqs: { evidence?: unknown[] }[] } }, root: string, origin: string) {
  const bad: SiteRun['badQuotes'] = [];
  let checked = 0;
  const cache = new Map<string, string | null>();
  const pageOf = (url: string) => {
    if (!cache.has(url)) {
      const u = new URL(url);
      const file = u.origin === origin ? fileForPath(root, u.pathname) : null;
      cache.set(url, file ? foldSpace(pageText(readFileSync(file, 'utf8'), url)) : null);
    }
    return cache.get(url)!;
  };
  const check = (field: string, evidence: unknown) => {
    for (const e of (evidence as { quote: string; url: string }[] | undefined) ?? []) {
      checked++;
      const page = pageOf(e.url);
      if (page === null || !onPage(page, foldSpace(e.quote))) bad.push({ field, quote: e.quote, url: e.url });
    }
  };
  const d = run.draft as unknown as {
    fields: Record<string, { evidence?: unknown }>;
    faqs: { evidence?: unknown }[];
    founders: { evidence?: unknown }[];
    company_socials_evidence?: Record<string, unknown>;
  };
  for (const [field, f] of Object.entries(d.fields)) check(field, f.evidence);
  for (const f of d.faqs) check('faqs', f.evidence);
  for (const f of d.founders) check('founders', f.evidence);
  for (const [p, ev] of Object.entries(d.company_socials_evidence ?? {})) check(`company_socials.${p}`, ev);
  return { checked, bad };
}

function totalsRow(label: string, t: Totals, quotes = 0): string {
  return `| ${label} | ${t.drafted} | ${t.full} | ${t.partial} | ${t.wrong} | ${t.invented} | ${t.trap} | **${strictPrecision(t)}** | ${t.stated} | ${t.recalledFull} | ${t.recalledPartial} | ${t.recalledWrong} | ${t.missed} | **${strictRecall(t)}** | ${t.falseNotFound} (${pct(t.falseNotFound, t.stated)}) | ${violations(t) + quotes} |`;
}
const TOTALS_HEAD =
  '| | drafted | full | partly | wrong | invented | trap | strict precision | stated | recalled full | partly | wrong value | missed | strict recall | false not-found | violations |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|';

function partReport(part: Part, runs: SiteRun[]): string[] {
  const lines: string[] = [];
  const total = emptyTotals();
  for (const r of runs) addUp(r.score, total);
  const badQuotes = runs.reduce((n, r) => n + r.badQuotes.length, 0);
  const checked = runs.reduce((n, r) => n + r.quotesChecked, 0);
  const ready = runs.filter((r) => r.status === 'ready').length;
  lines.push(`## ${part === 'dev' ? 'Dev part' : 'Held-out part'} (${runs.length} sites)`, '');
  lines.push(TOTALS_HEAD, totalsRow('**all**', total, badQuotes), '');
  lines.push(
    `Violations: ${total.invented} values on a path the site does not state, ${total.trap} trap values (another party's data, template text, a server location), ${badQuotes} of ${checked} evidence quotes not on the page they name. Unjudged values (no fact to hold them to): ${total.unjudged}. Median time to ready ${(median(runs.map((r) => r.ms)) / 1000).toFixed(2)} s, slowest ${(Math.max(0, ...runs.map((r) => r.ms)) / 1000).toFixed(2)} s; ${ready} of ${runs.length} ready.`,
    '',
  );
  lines.push('### Per field', '', TOTALS_HEAD);
  for (const field of FIELDS) {
    const t = emptyTotals();
    for (const r of runs) addUp(r.score, t, field);
    if (t.drafted + t.stated > 0) lines.push(totalsRow(field, t));
  }
  lines.push('', '### Per site', '', TOTALS_HEAD.replace('| |', '| site |'));
  for (const r of runs)
    lines.push(
      totalsRow(
        `${r.site.name} (${r.status}, ${(r.ms / 1000).toFixed(2)} s, pages ${r.pagesRead}/${r.sitePages})`,
        addUp(r.score, emptyTotals()),
        r.badQuotes.length,
      ),
    );
  lines.push('');
  return lines;
}

function show(r: SiteRun): void {
  console.log(`\n## ${r.site.part}/${r.site.name}`);
  for (const v of r.score.values)
    if (v.verdict !== 'full')
      console.log(`  value ${v.verdict.padEnd(8)} ${v.path}: ${v.value.slice(0, 160)}  (${v.why})`);
  for (const f of r.score.facts)
    if (f.result !== 'full')
      console.log(`  fact  ${f.result.padEnd(8)} ${f.id} ${f.what}${f.falseNotFound ? '  FALSE NOT-FOUND' : ''}`);
  for (const q of r.badQuotes) console.log(`  quote not on page ${q.url}: ${q.quote.slice(0, 120)}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      part: { type: 'string', multiple: true },
      site: { type: 'string', multiple: true },
      json: { type: 'string' },
      out: { type: 'string', default: join(here, 'results-drafts.md') },
      env: { type: 'boolean', default: false },
      show: { type: 'boolean', default: false },
    },
  });
  const parts = (values.part?.length ? values.part : PARTS) as Part[];
  for (const p of parts) if (!PARTS.includes(p)) throw new Error(`--part is dev or held-out, not ${p}`);
  const sites = corpusSites().filter(
    (s) => parts.includes(s.part) && (!values.site?.length || values.site.includes(s.name)),
  );
  const missing: string[] = [];
  const ready = sites.filter((s) => {
    const why = materialize(s);
    if (why) missing.push(`${s.part}/${s.name}: ${why}`);
    return !why;
  });
  for (const m of missing) console.warn(`skipped ${m}`);

  const started = performance.now();
  const bench = await startDraftBench(values.env!);
  const runs: SiteRun[] = [];
  try {
    for (const site of ready) {
      const served = await serveDraftSite(site.root, { anyFile: true });
      try {
        const { draft, ms, read } = await bench.draftUrl(served.url);
        // What get_draft says: the fields called not stated on the site (notFoundOf).
        const view = { ...draft, not_found_on_website: notFoundOf(draft) } as unknown as DraftShape & {
          faqs: { evidence?: unknown[] }[];
        };
        const score = scoreRealDraft(site.truth, view, read);
        const quotes = checkQuotes({ draft: view }, site.root, new URL(served.url).origin);
        const run: SiteRun = {
          site,
          status: draft.status,
          ms,
          pagesRead: read.length,
          sitePages: htmlFiles(site.root).length,
          score,
          quotesChecked: quotes.checked,
          badQuotes: quotes.bad,
        };
        runs.push(run);
        const t = addUp(score, emptyTotals());
        console.log(
          `${site.part.padEnd(8)} ${site.name.padEnd(16)} ${draft.status.padEnd(6)} ${(ms / 1000).toFixed(2).padStart(5)} s  precision ${strictPrecision(t).padStart(5)}  recall ${strictRecall(t).padStart(5)}  violations ${violations(t) + quotes.bad.length}  false not-found ${t.falseNotFound}`,
        );
        if (values.show) show(run);
      } finally {
        await served.close();
      }
    }
  } finally {
    await bench.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const lines = [
    '# Draft quality on real product websites',
    '',
    `Run ${new Date().toISOString().slice(0, 10)} with the \`${bench.drafter}\` drafter, ${seconds.toFixed(1)} s. Method: \`bench/README.md\`; corpus: \`bench/real-sites/README.md\`. Regenerate with \`npm run bench:drafts\`.`,
    '',
    ...(missing.length ? ['Skipped (no local copy):', '', ...missing.map((m) => `- ${m}`), ''] : []),
  ];
  for (const part of parts) {
    const partRuns = runs.filter((r) => r.site.part === part);
    if (partRuns.length) lines.push(...partReport(part, partRuns));
  }
  writeFileSync(values.out!, lines.join('\n'));
  if (values.json)
    writeFileSync(
      values.json,
      JSON.stringify(
        runs.map((r) => ({ ...r, site: r.site.name, part: r.site.part })),
        null,
        2,
      ),
    );
  for (const part of parts) {
    const t = emptyTotals();
    const partRuns = runs.filter((r) => r.site.part === part);
    for (const r of partRuns) addUp(r.score, t);
    const quotes = partRuns.reduce((n, r) => n + r.badQuotes.length, 0);
    if (partRuns.length)
      console.log(
        `${part}: ${partRuns.length} sites, strict precision ${strictPrecision(t)}, strict recall ${strictRecall(t)}, violations ${violations(t) + quotes}, false not-found ${pct(t.falseNotFound, t.stated)}, median ${(median(partRuns.map((r) => r.ms)) / 1000).toFixed(2)} s`,
      );
  }
  console.log(`report: ${relative(process.cwd(), values.out!)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
