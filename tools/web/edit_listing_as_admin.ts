// edit_listing_as_admin (website only, admins): change a listing's own fields
// in its owner's stead, with a reason kept in its history and mailed to the
// owner. The fields are exactly those update_my_listing takes, with its bounds.
import { z } from 'zod';
import { adminReason, REASON_MAX } from '../../src/accounts/reasons.js';
import { webAdminId } from '../../src/accounts/users.js';
import type { OwnFields } from '../../src/listings/my-listings.js';
import { adminEditListing } from '../../src/listings/moderation.js';
import { listingId, ownListingFields } from '../listings/schemas.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'edit_listing_as_admin',
  title: 'Edit a listing as an admin',
  description: `Changes a listing's own fields (those update_my_listing takes) with a reason of at most ${REASON_MAX} characters for its history and its owner. Admins only.`,
  scope: null,
  input: z.strictObject({
    listing_id: listingId,
    fields: ownListingFields,
    // adminReason counts the reason once trimmed, and names the field.
    reason: z.string().max(REASON_MAX * 2),
  }),
  output: z.object({ changed: z.array(z.string()) }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const adminId = await webAdminId(ctx.db, caller);
    const changed = await adminEditListing(ctx, {
      listingId: input.listing_id,
      adminId,
      reason: adminReason(input.reason),
      fields: input.fields as OwnFields,
    });
    return { changed };
  },
});
