// check_badge: look for the badge on the homepage now rather than at the next hourly check.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { AppError } from '../../src/errors.js';
import { BADGE_CHECK_EVERY_MS } from '../../src/launches/free-launch.js';
import { checkBadgeNow } from '../../src/launches/launch-options.js';
import { defineTool } from '../define.js';
import { nextSteps } from '../schemas.js';
import { listingId } from './schemas.js';

const EVERY_MINUTES = Math.round(BADGE_CHECK_EVERY_MS / 60_000);

export default defineTool({
  name: 'check_badge',
  title: 'Check my badge now',
  description:
    `Checks now for the badge on your listing's homepage (otherwise every ${EVERY_MINUTES} minutes); found: the listing is scheduled. ` +
    'The badge HTML given must be in the page as served (not added by script). At most 4 checks a minute.',
  scope: 'listings:write',
  http: { method: 'POST', path: '/me/listings/{listing_id}/badge-check' },
  input: z.strictObject({ listing_id: listingId }),
  output: z.object({
    listing_id: z.number().int(),
    result: z.enum(['found', 'missing', 'unreachable']),
    detail: z.string().describe('What was found, or what is missing'),
    status: z.string().describe('The listing status after the check (scheduled once found)'),
    checked_at: z.string(),
    next_check_within_minutes: z.number().int(),
    next_steps: nextSteps,
  }),
  keyOutputs: ['result', 'detail', 'status', 'next_steps'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  handler: async (ctx, input, caller) => {
    const userId = signedInUserId(caller);
    const limit = await ctx.rateLimiter.hit(`badge-check:${userId}`, 4, ctx.clock.now().getTime());
    if (!limit.allowed)
      throw new AppError('rate_limited', 'At most 4 badge checks a minute; try again in a minute.', {
        headers: { 'Retry-After': '60' },
      });
    const check = await checkBadgeNow(ctx, userId, input.listing_id);
    return {
      ...check,
      next_check_within_minutes: EVERY_MINUTES,
      next_steps:
        check.result === 'found'
          ? [{ tool: 'get_my_listing', why: 'Scheduled: it goes live on the Monday of its launch week.' }]
          : [{ tool: 'get_badges', why: 'Get the badge HTML again and put it on the homepage as served.' }],
    };
  },
});
