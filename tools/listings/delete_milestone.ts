// delete_milestone: remove a milestone from an own listing.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { deleteMilestone } from '../../src/listings/content.js';
import { defineTool } from '../define.js';
import { listingId } from './schemas.js';

export default defineTool({
  name: 'delete_milestone',
  title: 'Delete a milestone',
  description: 'Deletes a milestone of one of your listings, permanently.',
  scope: 'listings:write',
  http: { method: 'DELETE', path: '/me/listings/{listing_id}/milestones/{milestone_id}' },
  input: z.strictObject({
    listing_id: listingId,
    milestone_id: z.number().int().min(1).describe('From add_milestone or get_my_listing'),
  }),
  output: z.object({ deleted: z.literal(true), milestone_id: z.number().int() }),
  keyOutputs: ['deleted'],
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  idempotencyKey: true,
  handler: async (ctx, input, caller) => {
    await deleteMilestone(ctx, signedInUserId(caller), input.listing_id, input.milestone_id);
    return { deleted: true as const, milestone_id: input.milestone_id };
  },
});
