// submit_draft: save the draft as the caller's listing (not published).
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { submitDraft, submitted } from '../../src/drafts/submit.js';
import { defineTool } from '../define.js';
import { nextSteps } from '../schemas.js';
import { draftId } from './schemas.js';

export default defineTool({
  name: 'submit_draft',
  title: 'Submit a draft as my listing',
  description:
    'Saves a ready draft as your listing with status draft: not published, nothing charged. Returns listing_id. Running it again updates the same listing; after submission, update_draft edits update the listing too. ' +
    'The draft needs a name. `warnings` lists any draft value the listing did not keep and why (e.g. a free listing keeps one category). ' +
    'Then get_launch_options shows both ways to launch, before choose_free_listing or quote_order (product launch). A draft that is not yours is 404.',
  scope: 'listings:write',
  http: { method: 'POST', path: '/drafts/{id}/submit' },
  input: z.strictObject({ id: draftId }),
  output: submitted.extend({ next_steps: nextSteps }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  idempotencyKey: true,
  handler: async (ctx, input, caller) => {
    const result = await submitDraft(ctx, signedInUserId(caller), input.id);
    return {
      listing_id: result.listing_id,
      slug: result.slug,
      status: result.status,
      created: result.created,
      warnings: result.warnings,
      next_steps: [
        { tool: 'get_my_listing', why: `See listing ${result.listing_id} as it will be published.` },
        {
          tool: 'choose_free_listing',
          why: 'Launch free: a week 6–8 weeks out, live once our badge is on your homepage.',
        },
        { tool: 'quote_order', why: 'Or launch paid (product launch): live at once or in a week you choose.' },
      ],
    };
  },
});
