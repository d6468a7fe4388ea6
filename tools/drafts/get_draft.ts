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
    'Returns one of your drafts: status, every profile field with its value, state (pending while the site is read and drafted, then ai, not_found, edited, manual, override, deleted), evidence quotes from the website and the AI original, ' +
    'plus FAQs, founders, socials, story, milestones, SEO, the competitor comparison, completeness and what is still missing. ' +
    'While status is crawling or drafting, poll every few seconds (drafting takes about a minute); meanwhile nothing is reported missing. A draft that is not yours is 404. ' +
    UNTRUSTED,
  scope: 'account:read',
  http: { method: 'GET', path: '/drafts/{id}' },
  input: z.strictObject({ id: draftId }),
  output: draftView,
  keyOutputs: ['id', 'status', 'fields', 'completeness', 'missing', 'listing_id', 'next_steps'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const draft = await ownDraft(ctx, ctx.db, signedInUserId(caller), input.id);
    return { ...(await viewOf(ctx, draft)), next_steps: await draftNextSteps(ctx, draft) };
  },
});
