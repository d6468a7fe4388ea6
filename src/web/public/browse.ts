// Browsing pages: home, listing, search, categories, compare, launches and launch weeks.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';

export function browsePages(_ctx: Context): Router {
  const router = express.Router();
  return router;
}
