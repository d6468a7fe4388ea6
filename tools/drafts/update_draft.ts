// update_draft: review and edit a draft; after submission it updates the listing too.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { draftNextSteps, viewOf } from '../../src/drafts/drafts.js';
import { draftTaskId } from '../../src/drafts/tasks.js';
import { submitWarning } from '../../src/drafts/submit.js';
import { updateDraft } from '../../src/drafts/update.js';
import { defineTool } from '../define.js';
import { optionalWebLink } from '../schemas.js';
import {
  draftFields,
  draftId,
  draftView,
  faq,
  fieldName,
  founder,
  LISTING_KEEPS,
  milestone,
  seo,
  socials,
  story,
  UNTRUSTED,
} from './schemas.js';

export default defineTool({
  name: 'update_draft',
  title: 'Update a draft',
  description:
    'Edits one of your drafts; send only what changes. A field may be in only one of fields, restore, regenerate and undo. ' +
    'Once submitted, edits update the listing too. Write only what the maker states. ' +
    UNTRUSTED,
  scope: 'listings:write',
  http: { method: 'PATCH', path: '/drafts/{id}' },
  input: z.strictObject({
    id: draftId,
    fields: draftFields.optional().describe(`null removes one; set values become edited or manual. ${LISTING_KEEPS}`),
    lock_fields: z.array(fieldName).max(20).optional().describe('Lock against AI redrafts (state override)'),
    regenerate: z
      .array(fieldName)
      .max(5)
      .optional()
      .describe('Redraft from the site evidence (on a failed draft, re-reads the site)'),
    restore: z.array(fieldName).max(20).optional().describe('Bring back the AI original (also unlocks)'),
    undo: z.array(fieldName).max(20).optional().describe('Bring back what the last restore or regenerate replaced'),
    faqs: z.array(faq).max(10).optional().describe('Replaces all; at most 10'),
    company_socials: socials.optional(),
    founder_socials: socials.optional(),
    founders: z.array(founder).max(6).optional().describe('Replaces all; the first is primary'),
    story: story.optional(),
    milestones: z.array(milestone).max(50).optional().describe('Replaces all'),
    competitor_url: optionalWebLink(z.string().max(2048))
      .optional()
      .describe("A competitor's site to compare with; empty clears"),
    seo: seo.optional(),
  }),
  output: draftView.extend({
    warnings: z
      .array(submitWarning)
      .optional()
      .describe('Once submitted: what the listing could not keep of this edit'),
  }),
  keyOutputs: ['status', 'fields', 'completeness', 'missing', 'listing_id', 'next_steps'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  idempotencyKey: true,
  app: 'draft-review',
  // regenerate on a failed draft reads the site again in the background (else it redrafts at once).
  backgroundTask: (input, draft) =>
    input.regenerate?.length && draft.status === 'crawling' ? draftTaskId(draft) : undefined,
  handler: async (ctx, input, caller) => {
    const { id, ...patch } = input;
    const { draft, warnings } = await updateDraft(ctx, signedInUserId(caller), id, patch);
    return {
      ...(await viewOf(ctx, draft)),
      ...(warnings.length > 0 ? { warnings } : {}),
      next_steps: await draftNextSteps(ctx, draft),
    };
  },
});
