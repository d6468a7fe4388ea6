// get_draft: one of the caller's drafts; poll it while crawling or drafting.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { draftNextSteps, ownDraft, viewOf } from '../../src/drafts/drafts.js';
import { defineTool } from '../define.js';
import { draftId, draftView, UNTRUSTED } from './schemas.js';

export default defineTool({
  name: 'get_draft',
  title: 'Get a draft',
  description:
    'One of your drafts: per field its value, state (pending, ai, not_found, unsure: the site may say it, edited, manual, override, deleted), evidence, AI original; the rest; completeness; what is missing. ' +
    UNTRUSTED,
  scope: 'account:read',
  http: { method: 'GET', path: '/drafts/{id}' },
  input: z.strictObject({ id: draftId }),
  output: draftView,
  keyOutputs: ['status', 'fields', 'completeness', 'missing', 'listing_id', 'next_steps'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  app: 'draft-review',
  handler: async (ctx, input, caller) => {
    const draft = await ownDraft(ctx, ctx.db, signedInUserId(caller), input.id);
    return { ...(await viewOf(ctx, draft)), next_steps: await draftNextSteps(ctx, draft) };
  },
});
