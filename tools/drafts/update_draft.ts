// update_draft: review and edit a draft; after submission it updates the listing too.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { draftNextSteps, viewOf } from '../../src/drafts/drafts.js';
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
    'Edits one of your drafts; send only what changes. `fields`: profile field values (null removes a field); a value you set becomes edited (the AI had one) or manual. ' +
    '`lock_fields`: lock fields against AI redrafts (state override). `restore`: bring back the AI original (also unlocks). `regenerate`: redraft up to 5 fields from the website evidence (may take a few seconds; on a failed draft it retries reading the site). ' +
    'A field may appear in only one of fields, restore and regenerate. `faqs` (replaces all; the schema allows 10, keep it to 5), `founders` (replaces all, first is primary, max 6), `milestones` (replaces all, max 50), ' +
    '`company_socials` / `founder_socials` (replace all), `story` and `seo` (merge by section; empty string clears), `competitor_url` (the service reads and compares it; empty string clears). ' +
    'Categories must be names from list_categories. Once submitted, the listing is updated too; submit_draft need not be called again. Write only what the maker states. ' +
    UNTRUSTED,
  scope: 'listings:write',
  http: { method: 'PATCH', path: '/drafts/{id}' },
  input: z.strictObject({
    id: draftId,
    fields: draftFields.optional(),
    lock_fields: z.array(fieldName).max(20).optional(),
    regenerate: z.array(fieldName).max(5).optional(),
    restore: z.array(fieldName).max(20).optional(),
    faqs: z.array(faq).max(10).optional().describe('Replaces all FAQs; at most 10 (5 recommended)'),
    company_socials: socials.optional(),
    founder_socials: socials.optional(),
    founders: z.array(founder).max(6).optional().describe('Replaces the list; the first is primary'),
    story: story.optional(),
    milestones: z.array(milestone).max(50).optional().describe('Replaces all milestones'),
    competitor_url: optionalWebLink(z.string().max(2048))
      .optional()
      .describe("A competitor's website to read and compare; empty string clears"),
    seo: seo.optional(),
  }),
  output: draftView,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  idempotencyKey: true,
  handler: async (ctx, input, caller) => {
    const { id, ...patch } = input;
    const draft = await updateDraft(ctx, signedInUserId(caller), id, patch);
    return { ...(await viewOf(ctx, draft)), next_steps: await draftNextSteps(ctx, draft) };
  },
});
