// write_review (website only): a person's review of a live listing, one per
// person and listing (writing again replaces it). The rating and the text
// come as the form sends them; the domain checks them (community/reviews.ts).
import { z } from 'zod';
import { webUserId } from '../../src/auth/caller.js';
import { REVIEW_BODY_MAX, writeReview } from '../../src/community/reviews.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'write_review',
  title: 'Review a listing',
  description: `Writes or replaces your review of a live listing: a rating of 1 to 5 and at most ${REVIEW_BODY_MAX} characters. Not for your own listing; needs a confirmed email.`,
  scope: null,
  input: z.strictObject({
    listing_id: z.number().int().min(1),
    rating: z.string().max(1),
    body: z.string().max(REVIEW_BODY_MAX),
  }),
  output: z.object({ reviewed: z.literal(true) }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    await writeReview(ctx, {
      userId: webUserId(caller),
      listingId: input.listing_id,
      rating: input.rating,
      body: input.body,
    });
    return { reviewed: true as const };
  },
});
