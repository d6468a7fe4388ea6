// set_review_flag (website only, admins): flag a review that is not genuine
// (it stops counting) or take the flag away.
import { z } from 'zod';
import { webAdminId } from '../../src/accounts/users.js';
import { setReviewFlag } from '../../src/community/reviews.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'set_review_flag',
  title: 'Flag or unflag a review',
  description: 'Flags a review as not genuine, or takes the flag away. Admins only.',
  scope: null,
  input: z.strictObject({ review_id: z.number().int().min(1), flagged: z.boolean() }),
  output: z.object({ flagged: z.boolean() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const adminId = await webAdminId(ctx.db, caller);
    await setReviewFlag(ctx, { reviewId: input.review_id, adminId, flagged: input.flagged });
    ctx.logger.info({ adminId, reviewId: input.review_id, flagged: input.flagged }, 'review flag changed');
    return { flagged: input.flagged };
  },
});
