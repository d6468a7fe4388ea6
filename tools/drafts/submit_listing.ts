// submit_listing: start a draft from a product's website URL.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { createDraft, draftNextSteps, viewOf } from '../../src/drafts/drafts.js';
import { defineTool } from '../define.js';
import { draftView, UNTRUSTED } from './schemas.js';

export default defineTool({
  name: 'submit_listing',
  title: 'Submit a product by URL',
  description:
    "Starts a draft listing from the product's website URL. The service reads the site (respecting robots.txt, public sites only) and drafts the profile in about a minute, " +
    'quoting evidence from the site for every value; facts the site does not state stay empty (not_found) and are never invented. Nothing is published and nothing is charged. ' +
    'Returns 201 with the draft in status crawling: poll get_draft every few seconds until status is ready (or failed, with a reason), then review it with update_draft and save it with submit_draft. ' +
    UNTRUSTED,
  scope: 'listings:write',
  http: { method: 'POST', path: '/drafts', status: 201 },
  input: z.strictObject({ url: z.string().min(1).max(2048).describe('The product website, e.g. https://example.com') }),
  output: draftView,
  keyOutputs: ['id', 'status', 'fields', 'completeness', 'missing', 'listing_id', 'next_steps'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  idempotencyKey: true,
  handler: async (ctx, input, caller) => {
    const draft = await createDraft(ctx, signedInUserId(caller), input.url);
    return { ...(await viewOf(ctx, draft)), next_steps: await draftNextSteps(ctx, draft) };
  },
});
