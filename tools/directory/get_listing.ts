// get_listing: the full public profile of one listing.
import { z } from 'zod';
import { listingProfile, viewListing } from '../../src/listings/profile.js';
import { defineTool } from '../define.js';
import { MAKER_TEXT, slug } from '../schemas.js';

export default defineTool({
  name: 'get_listing',
  title: 'Get a listing',
  description:
    "Returns a listing's public profile. `not_found_on_website`: facts its own site did not state; leave them blank, never guess. " +
    'Story, milestones and media show only when unlocked. ' +
    MAKER_TEXT,
  scope: null,
  http: { method: 'GET', path: '/listings/{slug}' },
  input: z.strictObject({ slug: slug.describe('From search_listings or a listing URL') }),
  output: listingProfile,
  keyOutputs: ['name', 'url', 'status', 'votes', 'not_found_on_website', 'links'],
  // A read through the API counts no view (views are people on the listing page).
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  // Page views move the count; the count alone does not make a new version for caches.
  volatileOutput: ['views'],
  handler: (ctx, input, caller) => viewListing(ctx, input.slug, caller.kind === 'user' ? caller.userId : null),
});
