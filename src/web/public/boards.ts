// Boards and reading pages: leaderboards, founders, blog, awards, how ranking
// works; and the machine-readable ones: feeds, sitemap.xml, robots.txt, llms.txt.
// Each page lives in its own module; this one composes them.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';
import { awardPages } from './awards-page.js';
import { blogPages } from './blog-page.js';
import { feedRoutes } from './feeds.js';
import { founderPages } from './founders-page.js';
import { leaderboardPages } from './leaderboards-page.js';
import { llmsTxtRoutes } from './llms-txt.js';
import { rankingPages } from './ranking-page.js';
import { sitemapRoutes } from './sitemap.js';

export function boardPages(ctx: Context): Router {
  const router = express.Router();
  router.use(
    leaderboardPages(ctx),
    founderPages(ctx),
    blogPages(ctx),
    awardPages(ctx),
    rankingPages(ctx),
    feedRoutes(ctx),
    sitemapRoutes(ctx),
    llmsTxtRoutes(ctx),
  );
  return router;
}
