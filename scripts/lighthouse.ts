// `npm run lighthouse`: Lighthouse's four scores (performance, accessibility,
// best practices, SEO) for the home page, the top listing's page and the
// categories page of a fresh `launchboard serve --demo`, in Lighthouse's
// mobile (default) and desktop settings, with Debian's Chromium. The target
// is >= 95 each.
// Reported, never asserted in `npm test`: Lighthouse comes from the npm
// registry on demand (npx), so it is no dependency of the project.
//
//   node --import tsx scripts/lighthouse.ts [--chromium /usr/bin/chromium]
import { execFile } from 'node:child_process';
import { parseArgs } from 'node:util';
import { promisify } from 'node:util';
import { startDemoServer } from './lib/demo-server.js';

// 12.x runs on Node 20 (13 needs Node 22.19).
const LIGHTHOUSE = 'lighthouse@12.8.2';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET = 95;

const { values } = parseArgs({ options: { chromium: { type: 'string', default: '/usr/bin/chromium' } } });

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; title: string; displayValue?: string }>;
}

async function lighthouse(url: string, preset: 'mobile' | 'desktop'): Promise<Report> {
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    '--quiet',
    '--output=json',
    '--output-path=stdout',
    `--only-categories=${CATEGORIES.join(',')}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const { stdout } = await promisify(execFile)('npx', args, {
    env: { ...process.env, CHROME_PATH: values.chromium },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Report;
}

const server = await startDemoServer();
try {
  const top = (await (await fetch(`${server.url}/api/v1/launches?section=most-voted&per_page=1`)).json()) as {
    items: { slug: string }[];
  };
  const pages = { home: '/', listing: `/listings/${top.items[0]!.slug}`, categories: '/categories' };
  const rows: string[] = [];
  let failed = 0;
  for (const [name, path] of Object.entries(pages)) {
    for (const preset of ['mobile', 'desktop'] as const) {
      const report = await lighthouse(`${server.url}${path}`, preset);
      const scores = CATEGORIES.map((c) => Math.round((report.categories[c]?.score ?? 0) * 100));
      failed += scores.filter((s) => s < TARGET).length;
      rows.push(`| ${name} (${path}) | ${preset} | ${scores.join(' | ')} |`);
      // What cost points, so a score below target says where to look.
      for (const [id, audit] of Object.entries(report.audits)) {
        if (audit.score !== null && audit.score < 0.9 && ['binary', 'numeric'].includes(audit.scoreDisplayMode))
          process.stderr.write(
            `  ${name} ${preset}: ${id} ${audit.score} ${audit.displayValue ?? ''} (${audit.title})\n`,
          );
      }
    }
  }
  process.stdout.write(
    [
      `Lighthouse ${LIGHTHOUSE.split('@')[1]} on ${server.url} (serve --demo), Chromium ${values.chromium}`,
      '',
      `| page | settings | ${CATEGORIES.join(' | ')} |`,
      `|---|---|${CATEGORIES.map(() => '---').join('|')}|`,
      ...rows,
      '',
      failed === 0 ? `every score >= ${TARGET}` : `${failed} score(s) below ${TARGET}`,
      '',
    ].join('\n'),
  );
} finally {
  await server.stop();
}
