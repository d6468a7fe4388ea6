// follow_listing (website only): be told when a listing's maker posts an update.
import { z } from 'zod';
import { webUserId } from '../../src/auth/caller.js';
import { followListing } from '../../src/community/follows.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'follow_listing',
  title: 'Follow a listing',
  description: 'Follows a public listing: its updates reach the follower. Following again changes nothing.',
  scope: null,
  input: z.strictObject({ listing_id: z.number().int().min(1) }),
  output: z.object({ following: z.literal(true) }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    await followListing(ctx, { userId: webUserId(caller), listingId: input.listing_id });
    return { following: true as const };
  },
});
