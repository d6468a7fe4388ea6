// Zod pieces shared by the claim tools (SPEC Part 2 "Claim"): the claim view
// (src/claims) with its next steps.
import { claimViewSchema } from '../../src/claims/claims.js';
import { nextSteps } from '../schemas.js';

export const claimWithSteps = claimViewSchema.extend({ next_steps: nextSteps });

/** What to call after seeing a claim in this state. */
export function claimNextSteps(claim: {
  status: string;
  method: string;
  listing: { slug: string };
}): { tool: string; why: string }[] {
  if (claim.status === 'verified') {
    return [
      { tool: 'list_my_listings', why: 'The listing is yours now; find its listing_id there.' },
      { tool: 'update_my_listing', why: 'Edit the profile (edits publish at once).' },
    ];
  }
  if (claim.status !== 'pending')
    return [{ tool: 'claim_listing', why: `Start a new claim for "${claim.listing.slug}".` }];
  if (claim.method === 'email')
    return [{ tool: 'list_my_claims', why: 'Check whether the link in the email has been opened.' }];
  return [{ tool: 'verify_claim', why: 'Once the token is published, check it.' }];
}
