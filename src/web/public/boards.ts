// Boards and reading pages: leaderboards, founders, blog, awards, how ranking
// works; and the machine-readable ones: feeds, sitemap.xml, robots.txt.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';

export function boardPages(_ctx: Context): Router {
  const router = express.Router();
  return router;
}
