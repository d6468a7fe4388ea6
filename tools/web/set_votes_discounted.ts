// set_votes_discounted (website only, admins): set aside a listing's
// velocity-flagged votes (they stop counting), or count them again.
import { z } from 'zod';
import { webAdminId } from '../../src/accounts/users.js';
import { discountFlaggedVotes, restoreDiscountedVotes } from '../../src/community/vote-audit.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'set_votes_discounted',
  title: 'Discount or restore flagged votes',
  description:
    "Discounts a listing's flagged votes, or restores the discounted ones; answers how many changed. Admins only.",
  scope: null,
  input: z.strictObject({ listing_id: z.number().int().min(1), discounted: z.boolean() }),
  output: z.object({ votes: z.number().int() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const args = { listingId: input.listing_id, adminId: await webAdminId(ctx.db, caller) };
    return { votes: await (input.discounted ? discountFlaggedVotes(ctx, args) : restoreDiscountedVotes(ctx, args)) };
  },
});
