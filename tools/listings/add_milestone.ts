// add_milestone: a dated milestone on an own listing.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { addMilestone } from '../../src/listings/content.js';
import { defineTool } from '../define.js';
import { listingId } from './schemas.js';

export const milestoneDate = z.iso.date('must be a date, YYYY-MM-DD');
export const httpsLink = z
  .string()
  .max(500)
  .regex(/^https:\/\/\S+$/, 'must be an https link')
  .describe('An https link');

export default defineTool({
  name: 'add_milestone',
  title: 'Add a milestone',
  description: 'Adds a milestone to one of your listings, public on paid listings or once the section is unlocked.',
  scope: 'listings:write',
  http: { method: 'POST', path: '/me/listings/{listing_id}/milestones', status: 201 },
  input: z.strictObject({
    listing_id: listingId,
    date: milestoneDate,
    title: z.string().min(1).max(200),
    description: z.string().max(2000).optional(),
    url: httpsLink.optional(),
  }),
  output: z.object({
    id: z.number().int().min(1),
    date: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    url: z.string().nullable(),
    created_at: z.string(),
  }),
  keyOutputs: ['id'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  idempotencyKey: true,
  handler: (ctx, { listing_id, ...milestone }, caller) =>
    addMilestone(ctx, signedInUserId(caller), listing_id, milestone),
});
