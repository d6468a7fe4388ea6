// The public browsing pages (home, listings, categories, launches, boards,
// founders, blog, awards, search), feeds, sitemap.xml and robots.txt. Every
// GET here loads the visitor's session (the header shows who is signed in and
// the listing page offers the actions); unexpected failures become a plain 500 page.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';
import { pageErrorHandler } from '../auth/router.js';
import { webSession } from '../auth/web-session.js';
import { communitySection } from '../community.js';
import { boardPages } from './boards.js';
import { browsePages } from './browse.js';

export function publicRouter(ctx: Context): Router {
  const router = express.Router();
  router.use(webSession(ctx));
  router.use(browsePages(ctx, { communitySection }), boardPages(ctx));
  router.use(pageErrorHandler(ctx));
  return router;
}
