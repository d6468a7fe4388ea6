// file_report (website only): report a listing, a review or a comment to the
// site team. What is reported and why come as the form sends them; the domain
// checks them and names the field (community/reports.ts).
import { z } from 'zod';
import { webUserId } from '../../src/auth/caller.js';
import { fileReport, REPORT_DETAILS_MAX } from '../../src/community/reports.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'file_report',
  title: 'Report to the site team',
  description: `Reports a listing, a review or a comment, with a reason and at most ${REPORT_DETAILS_MAX} characters of details.`,
  scope: null,
  input: z.strictObject({
    target_kind: z.string().max(10),
    target_id: z.string().max(12),
    reason: z.string().max(30),
    details: z.string().max(REPORT_DETAILS_MAX),
  }),
  output: z.object({ report_id: z.number().int() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (ctx, input, caller) => ({
    report_id: await fileReport(ctx, {
      reporterId: webUserId(caller),
      targetKind: input.target_kind,
      targetId: input.target_id,
      reason: input.reason,
      details: input.details,
    }),
  }),
});
