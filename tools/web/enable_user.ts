// enable_user (website only, admins): let a disabled account back in,
// optionally counting the votes set aside when it was disabled again.
import { z } from 'zod';
import { enableUser } from '../../src/accounts/admin-users.js';
import { webAdminId } from '../../src/accounts/users.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'enable_user',
  title: 'Enable an account again',
  description: 'Enables a disabled account; restore_votes counts its set-aside votes again. Admins only.',
  scope: null,
  input: z.strictObject({ user_id: z.number().int().min(1), restore_votes: z.boolean() }),
  output: z.object({ votes_restored: z.number().int() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const adminId = await webAdminId(ctx.db, caller);
    const { votes } = await enableUser(ctx, { userId: input.user_id, adminId, restoreVotes: input.restore_votes });
    return { votes_restored: votes };
  },
});
