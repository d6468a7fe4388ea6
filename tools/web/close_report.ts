// close_report (website only, admins): a report dealt with (resolved) or not
// acted on (dismissed).
import { z } from 'zod';
import { webAdminId } from '../../src/accounts/users.js';
import { closeReport } from '../../src/community/reports.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'close_report',
  title: 'Close a report',
  description: 'Closes an open report as resolved or dismissed. Admins only.',
  scope: null,
  input: z.strictObject({ report_id: z.number().int().min(1), outcome: z.enum(['resolved', 'dismissed']) }),
  output: z.object({ status: z.enum(['resolved', 'dismissed']) }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const adminId = await webAdminId(ctx.db, caller);
    await closeReport(ctx, { reportId: input.report_id, adminId, outcome: input.outcome });
    ctx.logger.info({ adminId, reportId: input.report_id, outcome: input.outcome }, 'report closed');
    return { status: input.outcome };
  },
});
