// Feeds of the most recent live launches, as RSS 2.0, Atom 1.0 and JSON Feed
// 1.1. Every XML value is escaped (maker text included); the documents are the
// same for everyone, so they are cached publicly and carry no cookie.
import express, { type Response, type Router } from 'express';
import type { Context } from '../../context.js';
import { escapeXml } from '../../launches/badges.js';
import { getSetting } from '../../directory/settings.js';
import { launchFeed } from '../../launches/launches.js';
import type { ListingSummary } from '../../listings/summary.js';
import { absoluteUrl, listingPath } from '../ui/public-page.js';

export const FEED_SIZE = 50;
export const FEED_CACHE_SECONDS = 300;

/** The launches a feed carries, when it last changed, and the site's name (the admin's setting) it is signed with. */
interface Feed {
  items: ListingSummary[];
  updated: Date;
  siteName: string;
}

const feedTitle = (f: Feed) => `${f.siteName}: recent launches`;
const feedDescription = (f: Feed) => `The most recent product launches on ${f.siteName}, newest first.`;

/** When a listing went live: its launch time, else the Monday of its launch week. */
function launchedAt(item: ListingSummary, fallback: Date): Date {
  const value = item.launched_at ?? (item.launch_week ? `${item.launch_week}T00:00:00.000Z` : null);
  const date = value ? new Date(value) : fallback;
  return Number.isNaN(date.getTime()) ? fallback : date;
}

function summaryText(item: ListingSummary, f: Feed): string {
  return item.tagline?.trim() || `${item.name}, launched on ${f.siteName}.`;
}

/** Headers of a public machine-readable document: its type and public caching. */
export function sendDocument(res: Response, contentType: string, body: string, cacheSeconds: number): void {
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', `public, max-age=${cacheSeconds}`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.status(200).send(body);
}

async function recentLaunches(ctx: Context): Promise<Feed> {
  const [{ items }, siteName] = await Promise.all([
    launchFeed(ctx, 'recent', { page: 1, per_page: FEED_SIZE }),
    getSetting(ctx.db, 'site_name'),
  ]);
  const now = ctx.clock.now();
  // The feed changes when a launch arrives, so its date is the newest launch's.
  const updated = items.length > 0 ? launchedAt(items[0], now) : now;
  return { items, updated, siteName };
}

export function rssDocument(ctx: Context, f: Feed): string {
  const x = escapeXml;
  const entries = f.items.map((item) => {
    const link = absoluteUrl(ctx, listingPath(item.slug));
    return `<item>
<title>${x(item.name)}</title>
<link>${x(link)}</link>
<guid isPermaLink="true">${x(link)}</guid>
<pubDate>${launchedAt(item, f.updated).toUTCString()}</pubDate>
<description>${x(summaryText(item, f))}</description>${item.primary_category ? `\n<category>${x(item.primary_category.name)}</category>` : ''}
</item>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${x(feedTitle(f))}</title>
<link>${x(absoluteUrl(ctx, '/launches'))}</link>
<description>${x(feedDescription(f))}</description>
<language>en</language>
<lastBuildDate>${f.updated.toUTCString()}</lastBuildDate>
<atom:link href="${x(absoluteUrl(ctx, '/feeds/launches.rss'))}" rel="self" type="application/rss+xml"/>
${entries.join('\n')}
</channel>
</rss>
`;
}

export function atomDocument(ctx: Context, f: Feed): string {
  const x = escapeXml;
  const entries = f.items.map((item) => {
    const link = absoluteUrl(ctx, listingPath(item.slug));
    const at = launchedAt(item, f.updated).toISOString();
    return `<entry>
<title>${x(item.name)}</title>
<id>${x(link)}</id>
<link rel="alternate" type="text/html" href="${x(link)}"/>
<published>${at}</published>
<updated>${at}</updated>
<summary>${x(summaryText(item, f))}</summary>${item.primary_category ? `\n<category term="${x(item.primary_category.slug)}" label="${x(item.primary_category.name)}"/>` : ''}
</entry>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>${x(feedTitle(f))}</title>
<subtitle>${x(feedDescription(f))}</subtitle>
<id>${x(absoluteUrl(ctx, '/feeds/launches.atom'))}</id>
<link rel="self" type="application/atom+xml" href="${x(absoluteUrl(ctx, '/feeds/launches.atom'))}"/>
<link rel="alternate" type="text/html" href="${x(absoluteUrl(ctx, '/launches'))}"/>
<updated>${f.updated.toISOString()}</updated>
<author><name>${x(f.siteName)}</name></author>
<generator>Launchboard</generator>
${entries.join('\n')}
</feed>
`;
}

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1): the same launches as the RSS and Atom feeds. */
export function jsonFeedDocument(ctx: Context, f: Feed): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: feedTitle(f),
    home_page_url: absoluteUrl(ctx, '/launches'),
    feed_url: absoluteUrl(ctx, '/feeds/launches.json'),
    description: feedDescription(f),
    language: 'en',
    authors: [{ name: f.siteName }],
    items: f.items.map((item) => {
      const url = absoluteUrl(ctx, listingPath(item.slug));
      return {
        id: url,
        url,
        title: item.name,
        content_text: summaryText(item, f),
        date_published: launchedAt(item, f.updated).toISOString(),
        ...(item.logo ? { image: item.logo.url } : {}),
        ...(item.primary_category ? { tags: [item.primary_category.name] } : {}),
      };
    }),
  });
}

export function feedRoutes(ctx: Context): Router {
  const router = express.Router();
  router.get('/feeds/launches.rss', async (_req, res) => {
    sendDocument(
      res,
      'application/rss+xml; charset=utf-8',
      rssDocument(ctx, await recentLaunches(ctx)),
      FEED_CACHE_SECONDS,
    );
  });
  router.get('/feeds/launches.atom', async (_req, res) => {
    sendDocument(
      res,
      'application/atom+xml; charset=utf-8',
      atomDocument(ctx, await recentLaunches(ctx)),
      FEED_CACHE_SECONDS,
    );
  });
  router.get('/feeds/launches.json', async (_req, res) => {
    sendDocument(
      res,
      'application/feed+json; charset=utf-8',
      jsonFeedDocument(ctx, await recentLaunches(ctx)),
      FEED_CACHE_SECONDS,
    );
  });
  return router;
}
