// Browsing pages: home, listing, search, categories, compare, launches and
// launch weeks. Each page lives in its own module; this one mounts them. The
// community section of the listing page comes in through `deps`, so the
// pages do not depend on how votes, follows and reviews are built.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';
import { categoryPages } from './categories-page.js';
import { comparePages } from './compare-page.js';
import { homePages } from './home.js';
import { launchPages } from './launches-page.js';
import { legalPages } from './legal-pages.js';
import { listingPages, type BrowseDeps } from './listing-page.js';
import { searchPages } from './search-page.js';

export type { BrowseDeps, CommunityListing } from './listing-page.js';

export function browsePages(ctx: Context, deps: BrowseDeps = {}): Router {
  const router = express.Router();
  router.use(
    homePages(ctx),
    listingPages(ctx, deps),
    searchPages(ctx),
    categoryPages(ctx),
    comparePages(ctx),
    launchPages(ctx),
    legalPages(ctx),
  );
  return router;
}
