// set_founder_story: the founder story of an own listing.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { setFounderStory } from '../../src/listings/content.js';
import { storySchema } from '../../src/listings/profile.js';
import { defineTool } from '../define.js';
import { listingId } from './schemas.js';

const section = z.string().max(8000);

export default defineTool({
  name: 'set_founder_story',
  title: 'Set the founder story',
  description:
    "Replaces the founder story of one of your listings; sections not sent are cleared. Use the founder's own words only; never write it for them.",
  scope: 'listings:write',
  http: { method: 'PUT', path: '/me/listings/{listing_id}/story' },
  input: z.strictObject({
    listing_id: listingId,
    title: z.string().max(200).optional(),
    story: section.optional(),
    why_started: section.optional(),
    problem: section.optional(),
    journey: section.optional(),
    challenges: section.optional(),
    achievements: section.optional(),
    lessons: section.optional(),
    whats_next: section.optional(),
  }),
  output: storySchema,
  keyOutputs: ['updated_at'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  idempotencyKey: true,
  handler: (ctx, { listing_id, ...story }, caller) => setFounderStory(ctx, signedInUserId(caller), listing_id, story),
});
