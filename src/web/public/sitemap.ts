// sitemap.xml (the fixed public pages of pages/index.ts, then what src/directory/sitemap.ts lists, absolute
// URLs, at most 50,000) and robots.txt (everything public allowed; accounts,
// admin, checkout, OAuth, the API, MCP, claim and invite links kept out).
import express, { type Router } from 'express';
import type { Context } from '../../context.js';
import { escapeXml } from '../../launches/badges.js';
import { SITEMAP_MAX_URLS, sitemapEntries, type SitemapEntry } from '../../directory/sitemap.js';
import { sitemapPaths } from '../pages/define.js';
import { publicPages } from '../pages/index.js';
import { absoluteUrl } from '../ui/public-page.js';
import { sendDocument } from './feeds.js';

const SITEMAP_CACHE_SECONDS = 3600;

/** The fixed public pages, first in the sitemap. */
const SECTION_PATHS = sitemapPaths(publicPages());

/** Paths robots should stay out of: private, per-person or machine endpoints. */
export const ROBOTS_DISALLOW = [
  '/account',
  '/admin',
  '/checkout',
  '/oauth',
  '/api/',
  '/mcp',
  '/claims/verify',
  '/invites',
];

export function sitemapDocument(ctx: Context, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (e) =>
      `<url><loc>${escapeXml(absoluteUrl(ctx, e.path))}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
}

export function robotsText(ctx: Context): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${absoluteUrl(ctx, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

export function sitemapRoutes(ctx: Context): Router {
  const router = express.Router();
  router.get('/sitemap.xml', async (_req, res) => {
    const sections: SitemapEntry[] = SECTION_PATHS.map((path) => ({ path, lastmod: null }));
    const entries = [...sections, ...(await sitemapEntries(ctx, SITEMAP_MAX_URLS - sections.length))];
    sendDocument(res, 'application/xml; charset=utf-8', sitemapDocument(ctx, entries), SITEMAP_CACHE_SECONDS);
  });
  router.get('/robots.txt', (_req, res) => {
    sendDocument(res, 'text/plain; charset=utf-8', robotsText(ctx), SITEMAP_CACHE_SECONDS);
  });
  return router;
}
