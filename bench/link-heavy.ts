// Parsing one link-heavy page (the crawler's CPU-exhaustion case):
// a body of N pairs of bare links, `<a href="/pricing-i">Pricing i</a><a
// href="/about/i">About</a>`, through extractPage on the calling thread,
// best of three runs per size after one warm-up page. Not part of `npm test`.
//   node --import tsx bench/link-heavy.ts [sizes=1000,2000,4000,10000]
import { performance } from 'node:perf_hooks';
import { extractPage, READABILITY_MAX_ELEMENTS } from '../src/drafts/crawler/page.js';

const sizes = (process.argv[2] ?? '1000,2000,4000,10000').split(',').map(Number);
const page = (pairs: number) =>
  `<!doctype html><html><head><title>Links</title></head><body><h1>Links</h1>${Array.from(
    { length: pairs },
    (_, i) => `<a href="/pricing-${i}">Pricing ${i}</a><a href="/about/${i}">About</a>`,
  ).join('')}</body></html>`;

extractPage(page(10), 'https://bench.example/'); // load jsdom and Readability once
console.log(`Readability runs on pages of at most ${READABILITY_MAX_ELEMENTS} elements.`);
console.log('| link pairs | page KB | best of 3, ms | links kept | Readability blocks |');
console.log('|---:|---:|---:|---:|---:|');
for (const pairs of sizes) {
  const html = page(pairs);
  let best = Infinity;
  let facts = extractPage(html, 'https://bench.example/');
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    facts = extractPage(html, 'https://bench.example/');
    best = Math.min(best, performance.now() - started);
  }
  console.log(
    `| ${pairs} | ${Math.round(html.length / 1024)} | ${Math.round(best)} | ${facts.links.length} | ${facts.readable.length} |`,
  );
}
