// claim_listing: start proving you run the company behind an existing listing.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { CLAIM_METHODS, claimListing } from '../../src/claims/claims.js';
import { defineTool } from '../define.js';
import { slug } from '../schemas.js';
import { claimNextSteps, claimWithSteps } from './schemas.js';

export default defineTool({
  name: 'claim_listing',
  title: 'Claim a listing',
  description:
    "Claims your company's listing, to manage it. dns, meta and file return a token to publish, then verify_claim; email mails `email` a link that verifies when opened. " +
    'Claims expire after 14 days; calling again reuses a pending one. Verified: ownership moves to you; the listing does not become paid.',
  scope: 'listings:write',
  http: { method: 'POST', path: '/claims' },
  input: z.strictObject({
    slug: slug.describe('The listing to claim'),
    method: z
      .enum(CLAIM_METHODS)
      .describe(
        'dns: a TXT record; meta: a homepage tag; file: /.well-known/launchboard-verification.txt; email: a link to an address at the domain',
      ),
    email: z.string().max(254).optional().describe("method email only: an address at the listing's domain"),
  }),
  output: claimWithSteps,
  keyOutputs: ['claim_id', 'status', 'token', 'instructions', 'expires_at', 'next_steps'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  idempotencyKey: true,
  handler: async (ctx, input, caller) => {
    const claim = await claimListing(ctx, signedInUserId(caller), input);
    return { ...claim, next_steps: claimNextSteps(claim) };
  },
});
