// accept_invite (website only): a co-founder invited by mail (invite_cofounder)
// adds their founder profile to the draft; drafts/invites.ts checks the token.
import { z } from 'zod';
import { userById } from '../../src/accounts/users.js';
import { webUserId } from '../../src/auth/caller.js';
import { acceptInvite } from '../../src/drafts/invites.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'accept_invite',
  title: 'Accept a co-founder invite',
  description: 'Adds your founder profile to the draft the invite link names.',
  scope: null,
  input: z.strictObject({
    token: z.string().min(1).max(200),
    name: z.string().trim().min(1, 'Please give your name.').max(160),
    title: z.string().trim().max(160),
    bio: z.string().trim().max(3000),
  }),
  output: z.object({ founder_slug: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const user = await userById(ctx.db, webUserId(caller));
    const { founderSlug } = await acceptInvite(
      ctx,
      input.token,
      { id: user.id, email: user.email },
      { name: input.name, title: input.title || null, bio: input.bio || null },
    );
    return { founder_slug: founderSlug };
  },
});
