// The public browsing pages (home, listings, categories, launches, boards,
// founders, blog, awards, search), feeds, sitemap.xml and robots.txt.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';

export function publicRouter(_ctx: Context): Router {
  const router = express.Router();
  return router;
}
