// update_my_listing: edit an own listing; edits publish at once and are kept
// in the version history the site team reviews.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { listingNextSteps } from '../../src/listings/next-steps.js';
import { updateMyListing } from '../../src/listings/my-listings.js';
import { pendingLaunchOrder } from '../../src/orders/pricing.js';
import { defineTool } from '../define.js';
import { faq, listingId, ownListing, ownListingFields, screenshots, socials } from './schemas.js';

export default defineTool({
  name: 'update_my_listing',
  title: 'Update my listing',
  description:
    'Edits one of your listings; send only what changes. Edits publish at once (versioned, seen by the site team). ' +
    '`apply_to` copies the sent headline, summary and SEO fields to your listings of the company on other sites. Write only what the maker states.',
  scope: 'listings:write',
  http: { method: 'PATCH', path: '/me/listings/{listing_id}' },
  input: z.strictObject({
    listing_id: listingId,
    fields: ownListingFields
      .optional()
      .describe('Drafts allow 500 chars, founded_year as text: submit_draft cut or dropped the excess, with warnings'),
    apply_to: z
      .array(z.string().min(1).max(40))
      .max(20)
      .optional()
      .describe('"all" or site keys (get_my_listing other_sites); default this listing only'),
    socials: socials.optional(),
    faqs: z.array(faq).max(10).optional().describe('Replaces all'),
    screenshots: screenshots.optional(),
  }),
  output: ownListing.extend({
    changed: z.array(z.string()).describe('What this edit changed on this listing'),
    applied_to: z.array(z.string()).describe('Site keys of the sibling listings that received the site fields'),
  }),
  keyOutputs: ['slug', 'status', 'changed', 'applied_to', 'next_steps'],
  // Open world: new screenshot links are fetched from their sites.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  idempotencyKey: true,
  handler: async (ctx, input, caller) => {
    const { listing_id, ...edit } = input;
    const result = await updateMyListing(ctx, signedInUserId(caller), listing_id, edit);
    return {
      ...result.listing,
      changed: result.changed,
      applied_to: result.applied_to,
      next_steps: listingNextSteps(result.listing, await pendingLaunchOrder(ctx, listing_id)),
    };
  },
});
