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
    "Returns one of your drafts: each field's value, state (pending, ai, not_found, unsure, edited, manual, override, deleted), evidence and AI original; other sections; completeness and what is missing. not_found: the site does not say it; unsure: empty, but a page may say it (one not read, or a line that could not be quoted as the value): ask the maker. " +
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
