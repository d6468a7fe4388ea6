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
    'Starts a claim of an existing live or upcoming listing of your company, to manage it. dns, meta and file return the exact token and where to publish it; then call verify_claim. ' +
    'email mails a link to `email`, and opening it verifies (verify_claim is not used). ' +
    'Claims expire after 14 days; calling again for the same listing reuses your pending claim (its token stays; email sends a fresh link). A verified claim moves ownership to you; it does not make the listing paid.',
  scope: 'listings:write',
  http: { method: 'POST', path: '/claims' },
  input: z.strictObject({
    slug: slug.describe('The listing to claim (get it from search_listings or get_listing)'),
    method: z
      .enum(CLAIM_METHODS)
      .describe(
        "dns: a TXT record at the listing's domain; meta: a meta tag on its homepage; file: /.well-known/launchboard-verification.txt on its site; email: a link mailed to an address at the domain",
      ),
    email: z.string().max(254).optional().describe("Only for method email: an address at the listing's domain"),
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
