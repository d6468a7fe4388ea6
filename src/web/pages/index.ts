// Every public page of the website, in the order sitemap.xml lists them. The
// public router mounts this list and the sitemap derives from it: adding a
// page is its definition (define.ts) and one line here.
import { docsPages } from '../docs.js';
import { launchPublicPages } from '../maker/launch-public.js';
import { awardPages } from '../public/awards-page.js';
import { blogPages } from '../public/blog-page.js';
import { categoryPages } from '../public/categories-page.js';
import { comparePages } from '../public/compare-page.js';
import { founderPages } from '../public/founders-page.js';
import { homePages } from '../public/home.js';
import { launchPages } from '../public/launches-page.js';
import { leaderboardPages } from '../public/leaderboards-page.js';
import { legalPages } from '../public/legal-pages.js';
import { type BrowseDeps, listingPages } from '../public/listing-page.js';
import { rankingPages } from '../public/ranking-page.js';
import { searchPages } from '../public/search-page.js';
import { updatesPages } from '../public/updates-page.js';
import type { PageDefinition } from './define.js';

export type { BrowseDeps, CommunityListing } from '../public/listing-page.js';

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
