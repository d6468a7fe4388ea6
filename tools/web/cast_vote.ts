// cast_vote (website only): a person's upvote of a live listing. Only people
// on the site vote; the rules are the domain's (community/votes.ts): a
// confirmed email, not one's own listing, live listings only, every change in
// the audit log with the voter's network.
import { z } from 'zod';
import { webPerson } from '../../src/auth/caller.js';
import { castVote } from '../../src/community/votes.js';
import { defineWebOperation } from '../define.js';
import { voteState } from './schemas.js';

export default defineWebOperation({
  name: 'cast_vote',
  title: 'Upvote a listing',
  description: 'Upvotes a live listing for the person signed in on the site. Voting again changes nothing.',
  scope: null,
  input: z.strictObject({ listing_id: z.number().int().min(1) }),
  output: voteState,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (ctx, input, caller) => castVote(ctx, { ...webPerson(caller), listingId: input.listing_id }),
});
