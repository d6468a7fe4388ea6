// The pages for the site's admins: an overview, site settings, product
// prices, the moderation queues (reports, reviews, votes), listings (hide,
// edit), users (verify, disable), orders, the blog, the site's webhooks, and
// the review feeds (listing edits, mail outbox). Anyone else, signed in or not, gets 404:
// the pages do not reveal that they exist. Every change is a CSRF-checked
// form POST answered with a redirect back and a notice.
import express, { type Router } from 'express';
import type { Context } from '../context.js';
import { pageErrorHandler, pageMiddleware } from './ui/page.js';
import { blogRoutes } from './admin/blog.js';
import { commentRoutes } from './admin/comments.js';
import { adminGate, longAdminForms } from './admin/common.js';
import { feedRoutes } from './admin/feeds.js';
import { listingRoutes } from './admin/listings.js';
import { orderRoutes } from './admin/orders.js';
import { overviewRoutes } from './admin/overview.js';
import { productRoutes } from './admin/products.js';
import { reportRoutes } from './admin/reports.js';
import { reviewRoutes } from './admin/reviews.js';
import { settingsRoutes } from './admin/settings.js';
import { userRoutes } from './admin/users.js';
import { voteRoutes } from './admin/votes.js';
import { siteWebhookRoutes } from './admin/webhooks.js';

export function adminRouter(ctx: Context): Router {
  const router = express.Router();
  router.use(...longAdminForms());
  router.use('/admin', ...pageMiddleware(ctx), adminGate(ctx));
  router.use(
    overviewRoutes(ctx),
    settingsRoutes(ctx),
    productRoutes(ctx),
    reportRoutes(ctx),
    reviewRoutes(ctx),
    commentRoutes(ctx),
    voteRoutes(ctx),
    feedRoutes(ctx),
    listingRoutes(ctx),
    userRoutes(ctx),
    orderRoutes(ctx),
    blogRoutes(ctx),
    siteWebhookRoutes(ctx),
  );
  router.use('/admin', pageErrorHandler(ctx));
  return router;
}
