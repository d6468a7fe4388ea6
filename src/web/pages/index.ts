// Every public page of the website, in the order sitemap.xml lists them. The
// public router mounts this list and the sitemap derives from it: adding a
// page is its definition (define.ts) and one line here.
import { docsPages } from '../docs.js';
import { launchPublicPages } from '../maker/launch-public.js';
import { awardPages } from './public/awards.js';
import { blogPages } from './public/blog.js';
import { categoryPages } from './public/categories.js';
import { comparePages } from './public/compare.js';
import { founderPages } from './public/founders.js';
import { homePages } from './public/home.js';
import { launchPages } from './public/launches.js';
import { leaderboardPages } from './public/leaderboards.js';
import { legalPages } from './public/legal.js';
import { type BrowseDeps, listingPages } from './public/listing.js';
import { rankingPages } from './public/how-ranking-works.js';
import { searchPages } from './public/search.js';
import { updatesPages } from './public/updates.js';
import type { PageDefinition } from './define.js';

export type { BrowseDeps, CommunityListing } from './public/listing.js';

/**
 * The pages; the listing page's community and discussion sections come in
 * through `deps`, so the pages do not depend on how votes, follows, reviews
 * and comments are built.
 */
export function publicPages(deps: BrowseDeps = {}): PageDefinition[] {
  return [
    ...homePages,
    ...launchPages,
    ...leaderboardPages,
    ...categoryPages,
    ...founderPages,
    ...blogPages,
    ...awardPages,
    ...updatesPages,
    ...rankingPages,
    ...launchPublicPages,
    ...docsPages,
    ...legalPages,
    ...listingPages(deps),
    ...searchPages,
    ...comparePages,
  ];
}
