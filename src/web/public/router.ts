// The public pages (the list in pages/index.ts), feeds, sitemap.xml,
// robots.txt and llms.txt. Every
// GET here loads the visitor's session (the header shows who is signed in and
// the listing page offers the actions) but sets no anonymous CSRF cookie, so
// the pages stay cacheable. An expected failure a page did not handle itself
// becomes a 404 or 400 page, anything else a plain 500 page, and a path
// nothing answers the 404 page.
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Context } from '../../context.js';
import { AppError } from '../../errors.js';
import { errorBox, html } from '../ui/html.js';
import { pageErrorHandler } from '../ui/page.js';
import { webSession } from '../ui/session.js';
import { communitySection } from '../community.js';
import { discussionSection } from '../comments.js';
import { pagesRouter } from '../pages/define.js';
import { publicPages } from '../pages/index.js';
import { sendNotFound, sendPublicPage } from '../ui/public-page.js';
import { feedRoutes } from './feeds.js';
import { llmsTxtRoutes } from './llms-txt.js';
import { sitemapRoutes } from './sitemap.js';

export function publicRouter(ctx: Context): Router {
  const router = express.Router();
  router.use(webSession(ctx, { anonymousForms: false }));
  router.use(
    pagesRouter(ctx, publicPages({ communitySection, discussionSection })),
    feedRoutes(ctx),
    sitemapRoutes(ctx),
    llmsTxtRoutes(ctx),
  );
  router.use((req: Request, res: Response) => sendNotFound(ctx, req, res));
  router.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (!(err instanceof AppError) || res.headersSent) return next(err);
    if (err.kind === 'not_found') return sendNotFound(ctx, req, res);
    if (err.kind === 'invalid') {
      return sendPublicPage(ctx, req, res, {
        status: 400,
        title: 'Check the address',
        body: html`${errorBox(err.message)}<p><a href="/">Back to the home page</a>.</p>`,
      });
    }
    next(err);
  });
  router.use(pageErrorHandler(ctx));
  return router;
}
