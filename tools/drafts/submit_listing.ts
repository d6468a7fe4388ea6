// submit_listing: start a draft from a product's website URL.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { createDraft, draftNextSteps, viewOf } from '../../src/drafts/drafts.js';
import { draftTaskId } from '../../src/drafts/tasks.js';
import { defineTool } from '../define.js';
import { draftView, UNTRUSTED } from './schemas.js';

export default defineTool({
  name: 'submit_listing',
  title: 'Submit a product by URL',
  description:
    "Starts a draft from the product's website: the site is read (robots.txt respected) and drafted in about a minute with quoted evidence; unstated facts stay empty, never invented. " +
    'Nothing is published or charged. Poll get_draft until ready or failed, edit with update_draft, save with submit_draft. ' +
    UNTRUSTED,
  scope: 'listings:write',
  http: { method: 'POST', path: '/drafts', status: 201 },
  input: z.strictObject({ url: z.string().min(1).max(2048).describe('e.g. https://example.com') }),
  output: draftView,
  keyOutputs: ['id', 'status', 'fields', 'completeness', 'missing', 'listing_id', 'next_steps'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  idempotencyKey: true,
  app: 'draft-review',
  // The new draft is read and drafted in the background: a task, for a client that follows them.
  backgroundTask: (_input, draft) => draftTaskId(draft),
  handler: async (ctx, input, caller) => {
    const draft = await createDraft(ctx, signedInUserId(caller), input.url);
    return { ...(await viewOf(ctx, draft)), next_steps: await draftNextSteps(ctx, draft) };
  },
});
