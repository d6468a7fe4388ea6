// disable_user (website only, admins): stop an account (sign-in, keys,
// sessions, its votes set aside), with the reason kept in the record.
import { z } from 'zod';
import { disableUser } from '../../src/accounts/admin-users.js';
import { adminReason, REASON_MAX } from '../../src/accounts/reasons.js';
import { webAdminId } from '../../src/accounts/users.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'disable_user',
  title: 'Disable an account',
  description: `Disables another account, with a reason of at most ${REASON_MAX} characters. Admins only.`,
  scope: null,
  input: z.strictObject({
    user_id: z.number().int().min(1),
    // adminReason counts the reason once trimmed, and names the field.
    reason: z.string().max(REASON_MAX * 2),
  }),
  output: z.object({ disabled: z.literal(true) }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const adminId = await webAdminId(ctx.db, caller);
    await disableUser(ctx, { userId: input.user_id, adminId, reason: adminReason(input.reason) });
    return { disabled: true as const };
  },
});
