// list_my_claims: your claims, newest first, with status and instructions.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { claimViewSchema, listMyClaims } from '../../src/claims/claims.js';
import { defineTool } from '../define.js';
import { pageOf, pagination } from '../schemas.js';

export default defineTool({
  name: 'list_my_claims',
  title: 'List my claims',
  description: 'Lists your claims newest first with status, method, what to publish and the last check.',
  scope: 'account:read',
  http: { method: 'GET', path: '/claims' },
  input: z.strictObject({ ...pagination }),
  output: pageOf(claimViewSchema),
  keyOutputs: ['items', 'total'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const { items, total } = await listMyClaims(ctx, signedInUserId(caller), input);
    return { items, total, page: input.page, per_page: input.per_page };
  },
});
