// The list of pages (src/web/pages/index.ts) drives the router and the
// sitemap: every page it names answers, every fixed address it gives is in
// sitemap.xml and passes axe-core, and a page about something that does not
// exist is the 404 page, never a failure.
import axe from 'axe-core';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { setSetting } from '../../../src/directory/settings.js';
import { sitemapPaths } from '../../../src/web/pages/define.js';
import { publicPages } from '../../../src/web/pages/index.js';
import { given } from '../../helpers/given.js';
import { launches } from '../../helpers/launches.js';
import { servedTools } from '../../helpers/server.js';

const served = servedTools();
const pages = publicPages();
const fixed = sitemapPaths(pages);
const get = (path: string) => fetch(`${served.server.url}${path}`, { redirect: 'manual' });

beforeAll(async () => {
  await given(served.ctx).category({ slug: 'dev-tools', name: 'Developer tools' });
  await launches(served.ctx).launch({ slug: 'acme', week: '2026-11-16', votes: 2 });
});

describe('the list of pages', () => {
  it('names each path once, and lists in the sitemap only addresses without parameters', () => {
    const paths = pages.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of fixed) expect(path, path).not.toContain(':');
    for (const path of ['/', '/launch', '/terms', '/privacy', '/docs', '/docs/mcp', '/leaderboards/revenue'])
      expect(fixed).toContain(path);
  });

  it('sitemap.xml lists every fixed address, first and in order', async () => {
    const text = await (await get('/sitemap.xml')).text();
    const locs = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(locs.slice(0, fixed.length)).toEqual(fixed);
  });

  it.each(fixed)('%s renders with one h1 and no serious axe-core violation', async (path) => {
    const res = await get(path);
    const text = await res.text();
    expect(res.status, `${path}: ${text.slice(0, 200)}`).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const dom = new JSDOM(text, { runScripts: 'outside-only', pretendToBeVisual: true });
    expect(dom.window.document.querySelectorAll('h1')).toHaveLength(1);
    dom.window.eval(axe.source);
    const axeInPage = (dom.window as unknown as { axe: typeof axe }).axe;
    // jsdom does not lay out or paint, so contrast is not measurable here (the browser suites check it).
    const result = await axeInPage.run(dom.window.document, { rules: { 'color-contrast': { enabled: false } } });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id} ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    dom.window.close();
  });

  it('names the site as the admin set it: titles, header, footer, og:site_name and the feeds', async () => {
    await setSetting(served.ctx.db, 'site_name', 'Shipyard', served.ctx.clock.now());
    try {
      const doc = new JSDOM(await (await get('/launches')).text()).window.document;
      expect(doc.title).toBe("This week's launches · Shipyard");
      expect(doc.querySelector('header .brand')!.textContent).toBe('Shipyard');
      expect(doc.querySelector('footer p')!.textContent).toMatch(/^Shipyard: /);
      expect(doc.querySelector('meta[property="og:site_name"]')!.getAttribute('content')).toBe('Shipyard');
      expect(await (await get('/feeds/launches.rss')).text()).toContain('<title>Shipyard: recent launches</title>');
      expect((await (await get('/feeds/launches.json')).json()).title).toBe('Shipyard: recent launches');
    } finally {
      await setSetting(served.ctx.db, 'site_name', 'Launchboard', served.ctx.clock.now());
    }
  });

  it('marks the menu entry of the page shown, and of the pages below it', async () => {
    const current = async (path: string) => {
      const doc = new JSDOM(await (await get(path)).text()).window.document;
      return [...doc.querySelectorAll('nav[aria-label="Site"] a[aria-current="page"]')].map((a) => a.textContent);
    };
    expect(await current('/launches')).toEqual(['Launches']);
    expect(await current('/launches/weeks/2026-11-16')).toEqual(['Launches']);
    expect(await current('/docs/mcp')).toEqual(['API & MCP']);
    expect(await current('/')).toEqual([]);
  });

  it.each(pages.filter((p) => !p.path.includes(':') && !fixed.includes(p.path)).map((p) => p.path))(
    '%s, kept out of the sitemap, still answers',
    async (path) => {
      const res = await get(path);
      expect(res.status, path).toBeLessThan(400);
    },
  );

  it.each(pages.filter((p) => p.path.includes(':')).map((p) => p.path))(
    '%s about nothing that exists is the 404 page',
    async (path) => {
      const res = await get(path.replace(/:[a-z]+/g, 'no-such-thing'));
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    },
  );
});
