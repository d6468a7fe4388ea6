// choose_free_listing: the free launch route.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { badgeEmbed, earnedBadges } from '../../src/launches/badges.js';
import { chooseFreeListing } from '../../src/launches/free-launch.js';
import { listingNextSteps } from '../../src/listings/next-steps.js';
import { defineTool } from '../define.js';
import { nextSteps } from '../schemas.js';
import { listingId } from './schemas.js';

export default defineTool({
  name: 'choose_free_listing',
  title: 'Launch free',
  description:
    'Free launch of your submitted listing: reserves the free week get_launch_options shows (status awaiting_badge) and returns badge HTML for its homepage. ' +
    'Found in time, it goes live that week; if not, it moves to the next free week.',
  scope: 'listings:write',
  http: { method: 'POST', path: '/me/listings/{listing_id}/free' },
  input: z.strictObject({ listing_id: listingId }),
  output: z.object({
    listing_id: z.number().int(),
    status: z.string(),
    plan: z.string(),
    launch_week: z.string().describe('Monday of the reserved week'),
    badge: z.object({
      html: z.string().describe('Paste this on your homepage'),
      image_url: z.string(),
      link_url: z.string(),
    }),
    next_steps: nextSteps,
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  idempotencyKey: true,
  handler: async (ctx, input, caller) => {
    const listing = await chooseFreeListing(ctx, signedInUserId(caller), input.listing_id);
    const subject = await earnedBadges(ctx, listing.slug);
    const listed = subject.badges.find((b) => b.kind === 'listed')!;
    const { html, image_url, link_url } = badgeEmbed(ctx.config.publicUrl, subject, listed, {
      shape: 'standard',
      mode: 'auto',
      size: 'm',
    });
    return {
      listing_id: listing.id,
      status: listing.status,
      plan: listing.plan,
      launch_week: listing.launch_week!,
      badge: { html, image_url, link_url },
      next_steps: listingNextSteps(listing),
    };
  },
});
