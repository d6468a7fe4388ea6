// confirm_user_email (website only, admins): mark an account's email as
// confirmed, as opening the mailed link would.
import { z } from 'zod';
import { markEmailVerified } from '../../src/accounts/admin-users.js';
import { webAdminId } from '../../src/accounts/users.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'confirm_user_email',
  title: 'Confirm an account’s email',
  description: 'Marks an account’s email address as confirmed; `changed` is false when it already was. Admins only.',
  scope: null,
  input: z.strictObject({ user_id: z.number().int().min(1) }),
  output: z.object({ changed: z.boolean() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const adminId = await webAdminId(ctx.db, caller);
    return { changed: await markEmailVerified(ctx, { userId: input.user_id, adminId }) };
  },
});
