// Measures parsing crawled pages (jsdom + Readability, crawler-page.ts):
// time per ~200 KB page and the heap/RSS the process holds afterwards, on the
// calling thread and in the worker pool. Not part of `npm test`.
//   node --expose-gc --import tsx bench/html-parse.ts [pages=40] [mode=inline|pool|both] [in-flight=2]
import { performance } from 'node:perf_hooks';
import { createHtmlWorkerPool, inlineHtmlParser, type HtmlParser } from '../src/drafts/crawler/html-worker-pool.js';

/** A marketing-site page of about `kb` kilobytes: nav, sections, lists, tables, scripts, JSON-LD. */
export function bigPage(kb: number, seed = 1): string {
  const words =
    'fast secure team workflow product launch customers pricing analytics reports integrate automate insight dashboard realtime collaborate export api'.split(
      ' ',
    );
  let n = seed;
  const word = () => {
    n = (n * 1103515245 + 12345) % 2147483648;
    return words[n % words.length];
  };
  const sentence = (len: number) => Array.from({ length: len }, word).join(' ');
  const parts: string[] = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench Product — fast analytics</title>',
    '<meta name="description" content="Bench Product turns events into reports.">',
    '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Bench","foundingDate":"2019"}</script>',
    `<style>${'.c{color:red}'.repeat(200)}</style></head><body><nav>${Array.from({ length: 30 }, (_, i) => `<a href="/p${i}">Link ${i}</a>`).join('')}</nav>`,
  ];
  let i = 0;
  while (parts.join('').length < kb * 1024) {
    i++;
    parts.push(
      `<section class="s${i}" style="padding:1px"><h2>${sentence(5)}</h2><div><div><p>${sentence(60)}</p><p>${sentence(40)} <a href="/a${i}">${sentence(2)}</a> <strong>${sentence(3)}</strong></p></div></div>`,
      `<ul>${Array.from({ length: 6 }, () => `<li><span>${sentence(6)}</span></li>`).join('')}</ul>`,
      `<table><tr>${Array.from({ length: 5 }, () => `<td>${sentence(3)}</td>`).join('')}</tr></table>`,
      `<script>window.x${i}=${JSON.stringify(sentence(20))}</script></section>`,
    );
  }
  parts.push('<footer><a href="mailto:hello@bench.example">Mail</a></footer></body></html>');
  return parts.join('');
}

const mb = (b: number) => Math.round(b / 1024 / 1024);

async function run(name: string, parser: HtmlParser, pages: string[]): Promise<void> {
  const times: number[] = [];
  const started = performance.now();
  // Pages in flight at once (the crawler keeps two).
  for (let i = 0; i < pages.length; i += inflight) {
    await Promise.all(
      pages.slice(i, i + inflight).map(async (html, k) => {
        const t = performance.now();
        await parser.parse(html, `https://bench.example/p${i + k}`);
        times.push(performance.now() - t);
      }),
    );
  }
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]!);
  global.gc?.();
  const mem = process.memoryUsage();
  console.log(
    `${name}, ${inflight} in flight: ${pages.length} pages of ${Math.round(pages[0]!.length / 1024)} KB in ${Math.round(wall)} ms; per page p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms; ` +
      `main thread heap ${mb(mem.heapUsed)} MB, rss ${mb(mem.rss)} MB`,
  );
  await parser.close();
}

const count = Number(process.argv[2] ?? 40);
const mode = process.argv[3] ?? 'both';
const inflight = Math.max(1, Number(process.argv[4] ?? 2));
const pages = Array.from({ length: count }, (_, i) => bigPage(200, i + 1));
console.log(`start: rss ${mb(process.memoryUsage().rss)} MB`);
if (mode === 'inline' || mode === 'both') await run('inline (main thread)', inlineHtmlParser(), pages);
if (mode === 'pool' || mode === 'both')
  await run('worker pool (2 threads, 256 MB heap limit each)', createHtmlWorkerPool({ size: 2 }), pages);
process.exit(0);
