// The maker's pages: submit a URL, review the draft, choose how to launch,
// and the dashboard with each listing. Every action calls a tool through
// ui/act.ts with the signed-in person as the caller. Form bodies are parsed
// and sessions loaded only on these paths.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';
import { MAKER_FORMS, pageErrorHandler, pageMiddleware } from '../ui/page.js';
import { dashboardRoutes } from './dashboard.js';
import { draftRoutes } from './draft-page.js';
import { launchRoutes } from './launch-page.js';
import { manageRoutes } from './listing-manage.js';
import { promoteRoutes } from './promote-page.js';
import { submitRoutes } from './submit-page.js';

export const MAKER_PATHS = ['/submit', '/drafts', '/my'];

export function makerRouter(ctx: Context): Router {
  const router = express.Router();
  router.use(MAKER_PATHS, ...pageMiddleware(ctx, MAKER_FORMS));
  router.use(
    submitRoutes(ctx),
    draftRoutes(ctx),
    launchRoutes(ctx),
    dashboardRoutes(ctx),
    manageRoutes(ctx),
    promoteRoutes(ctx),
  );
  router.use(MAKER_PATHS, pageErrorHandler(ctx));
  return router;
}
