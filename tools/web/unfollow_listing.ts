// unfollow_listing (website only): stop following a listing.
import { z } from 'zod';
import { webUserId } from '../../src/auth/caller.js';
import { unfollowListing } from '../../src/community/follows.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'unfollow_listing',
  title: 'Stop following a listing',
  description: 'Stops following a listing. Not following it already changes nothing.',
  scope: null,
  input: z.strictObject({ listing_id: z.number().int().min(1) }),
  output: z.object({ following: z.literal(false) }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    await unfollowListing(ctx, { userId: webUserId(caller), listingId: input.listing_id });
    return { following: false as const };
  },
});
