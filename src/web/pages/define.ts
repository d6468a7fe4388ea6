// A page of the website as one definition: the path it answers GET on, what
// the sitemap lists for it and how it answers. The list in index.ts is the
// one place pages are named; routers and the sitemap derive from it.
import express, { type Request, type Response, type Router } from 'express';
import type { Context } from '../../context.js';

export type PageHandler = (ctx: Context, req: Request, res: Response) => void | Promise<void>;

export interface PageDefinition {
  /** The Express path, e.g. `/blog/:slug`. */
  path: string;
  /**
   * What sitemap.xml lists for it: `self` for a path without parameters, the
   * fixed addresses of a parameterised one (the leaderboards), or nothing
   * (pages per person, or listed from the data by directory/sitemap.ts).
   */
  sitemap?: 'self' | readonly string[];
  get: PageHandler;
}

export const definePage = (page: PageDefinition): PageDefinition => page;

/** The addresses sitemap.xml lists for these pages, in their order. */
export function sitemapPaths(pages: readonly PageDefinition[]): string[] {
  return pages.flatMap((page) => (page.sitemap === 'self' ? [page.path] : [...(page.sitemap ?? [])]));
}

/** A router answering each page's GET. */
export function pagesRouter(ctx: Context, pages: readonly PageDefinition[]): Router {
  const router = express.Router();
  for (const page of pages) router.get(page.path, (req, res) => page.get(ctx, req, res));
  return router;
}
