// invite_cofounder: email a co-founder a link to add their own founder profile.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { inviteCofounder, inviteResult } from '../../src/drafts/invites.js';
import { defineTool } from '../define.js';
import { nextSteps } from '../schemas.js';
import { draftId } from './schemas.js';

export default defineTool({
  name: 'invite_cofounder',
  title: 'Invite a co-founder',
  description:
    'Emails a co-founder a link to add their founder profile to your draft; invite only people the maker names, at the address given. ' +
    'Needs a confirmed email; 10 invites per draft, 20 a day (re-inviting is free).',
  scope: 'listings:write',
  http: { method: 'POST', path: '/drafts/{id}/invites', status: 201 },
  input: z.strictObject({ id: draftId, email: z.email('must be an email address').max(254) }),
  output: inviteResult.extend({ next_steps: nextSteps }),
  keyOutputs: ['resent', 'invites_left', 'next_steps'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  idempotencyKey: true,
  handler: async (ctx, input, caller) => {
    const result = await inviteCofounder(ctx, signedInUserId(caller), input.id, input.email);
    return {
      ...result,
      next_steps: [{ tool: 'get_draft', why: 'Their founder profile appears on the draft once they accept.' }],
    };
  },
});
