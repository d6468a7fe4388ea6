// withdraw_vote (website only): take back one's upvote of a listing.
import { z } from 'zod';
import { webPerson } from '../../src/auth/caller.js';
import { withdrawVote } from '../../src/community/votes.js';
import { defineWebOperation } from '../define.js';
import { voteState } from './schemas.js';

export default defineWebOperation({
  name: 'withdraw_vote',
  title: 'Take back an upvote',
  description: 'Withdraws the upvote of the person signed in on the site. Not having voted changes nothing.',
  scope: null,
  input: z.strictObject({ listing_id: z.number().int().min(1) }),
  output: voteState,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (ctx, input, caller) => withdrawVote(ctx, { ...webPerson(caller), listingId: input.listing_id }),
});
