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
    'Saves a ready draft (it needs a name) as your listing, status draft: not published, nothing charged. Calling again updates it, as do later update_draft edits. ' +
    '`warnings` lists values cut or not kept. Then get_launch_options.',
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
          why: 'Launch free: the first week with room in the free window (get_launch_options shows it), live once our badge is on your homepage.',
        },
        { tool: 'quote_order', why: 'Or launch paid (product launch): live at once or in a week you choose.' },
      ],
    };
  },
});
