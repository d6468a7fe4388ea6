// get_my_listing: one own listing, in any status.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { listingNextSteps } from '../../src/listings/next-steps.js';
import { ownListing as loadOwnListing, ownListingView } from '../../src/listings/my-listings.js';
import { pendingLaunchOrder } from '../../src/orders/pricing.js';
import { defineTool } from '../define.js';
import { listingId, ownListing } from './schemas.js';

export default defineTool({
  name: 'get_my_listing',
  title: 'Get my listing',
  description:
    'Returns one of your listings: the public profile plus status, plan, launch week, unlocked paid sections and the last badge check.',
  scope: 'account:read',
  http: { method: 'GET', path: '/me/listings/{listing_id}' },
  input: z.strictObject({ listing_id: listingId }),
  output: ownListing,
  keyOutputs: ['slug', 'name', 'status', 'plan', 'launch_week', 'next_steps'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const listing = await loadOwnListing(ctx, signedInUserId(caller), input.listing_id);
    const [view, pending] = await Promise.all([ownListingView(ctx, listing), pendingLaunchOrder(ctx, listing.id)]);
    return { ...view, next_steps: listingNextSteps(listing, pending) };
  },
});
