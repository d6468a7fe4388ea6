// set_listing_hidden (website only, admins): take a listing off the site, or
// put it back, with the reason kept in the record and told to its owner.
import { z } from 'zod';
import { adminReason, REASON_MAX } from '../../src/accounts/reasons.js';
import { webAdminId } from '../../src/accounts/users.js';
import { hideListing, unhideListing } from '../../src/listings/moderation.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'set_listing_hidden',
  title: 'Hide or show a listing',
  description: `Hides a listing from the site, or shows it again, with a reason of at most ${REASON_MAX} characters. Admins only.`,
  scope: null,
  input: z.strictObject({
    listing_id: z.number().int().min(1),
    hidden: z.boolean(),
    // adminReason counts the reason once trimmed, and names the field.
    reason: z.string().max(REASON_MAX * 2),
  }),
  output: z.object({ hidden: z.boolean() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const adminId = await webAdminId(ctx.db, caller);
    const args = { listingId: input.listing_id, adminId, reason: adminReason(input.reason) };
    await (input.hidden ? hideListing(ctx, args) : unhideListing(ctx, args));
    return { hidden: input.hidden };
  },
});
