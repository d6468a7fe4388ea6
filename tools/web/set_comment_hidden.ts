// set_comment_hidden (website only, admins): hide a comment that breaks the
// rules, with the reason its writer is told, or show it again.
import { z } from 'zod';
import { webAdminId } from '../../src/accounts/users.js';
import { HIDE_REASON_MAX, setCommentHidden } from '../../src/community/comments.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'set_comment_hidden',
  title: 'Hide or show a comment',
  description: `Hides a comment (a reason of at most ${HIDE_REASON_MAX} characters is required) or shows it again. Admins only.`,
  scope: null,
  input: z.strictObject({
    comment_id: z.number().int().min(1),
    hidden: z.boolean(),
    // The domain requires the reason when hiding and names the field.
    reason: z.string().max(HIDE_REASON_MAX * 2),
  }),
  output: z.object({ hidden: z.boolean() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const adminId = await webAdminId(ctx.db, caller);
    await setCommentHidden(ctx, { commentId: input.comment_id, adminId, hidden: input.hidden, reason: input.reason });
    ctx.logger.info({ adminId, commentId: input.comment_id, hidden: input.hidden }, 'comment visibility changed');
    return { hidden: input.hidden };
  },
});
