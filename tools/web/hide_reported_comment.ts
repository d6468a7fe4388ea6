// hide_reported_comment (website only, admins): from the moderation queue,
// hide the comment a report is about and resolve every open report about it.
import { z } from 'zod';
import { webAdminId } from '../../src/accounts/users.js';
import { HIDE_REASON_MAX } from '../../src/community/comments.js';
import { hideReportedComment } from '../../src/community/reports.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'hide_reported_comment',
  title: 'Hide a reported comment',
  description: `Hides the comment a report is about, with a reason of at most ${HIDE_REASON_MAX} characters, and resolves every open report about it. Admins only.`,
  scope: null,
  input: z.strictObject({
    report_id: z.number().int().min(1),
    // The domain requires the reason once trimmed and names the field.
    reason: z.string().max(HIDE_REASON_MAX * 2),
  }),
  output: z.object({ comment_id: z.number().int(), reports_resolved: z.number().int() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const adminId = await webAdminId(ctx.db, caller);
    const done = await hideReportedComment(ctx, { reportId: input.report_id, adminId, reason: input.reason });
    ctx.logger.info({ adminId, reportId: input.report_id, commentId: done.commentId }, 'reported comment hidden');
    return { comment_id: done.commentId, reports_resolved: done.reportsResolved };
  },
});
