// Zod pieces shared by the claim tools (SPEC Part 2 "Claim").
import { z } from 'zod';
import { CLAIM_METHODS } from '../../src/claims/claims.js';
import { nextSteps } from '../schemas.js';

export const claimRecord = z.object({
  claim_id: z.number().int(),
  status: z.enum(['pending', 'verified', 'failed', 'expired']).describe('pending until verified; expired after 14 days; failed when someone else verified first'),
  method: z.enum(CLAIM_METHODS),
  listing: z.object({ slug: z.string(), name: z.string(), domain: z.string() }),
  token: z.string().nullable().describe('The value to publish (lb-verify-…); null for the email method'),
  instructions: z.object({
    summary: z.string().describe('What to do next, in one paragraph'),
    dns: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }).optional(),
    meta: z.object({ html: z.string(), page_url: z.string() }).optional(),
    file: z.object({ url: z.string(), content: z.string() }).optional(),
    email: z.object({ sent_to: z.string(), link_expires_at: z.string() }).optional(),
  }),
  created_at: z.string(),
  expires_at: z.string(),
  verified_at: z.string().nullable(),
  last_check_at: z.string().nullable(),
  last_error: z.string().nullable().describe('What the last check saw, when it did not find the token'),
});

export const claimWithSteps = claimRecord.extend({ next_steps: nextSteps });

/** What to call after seeing a claim in this state. */
export function claimNextSteps(claim: { status: string; method: string; listing: { slug: string } }): { tool: string; why: string }[] {
  if (claim.status === 'verified') {
    return [
      { tool: 'list_my_listings', why: 'The listing is yours now; find its listing_id there.' },
      { tool: 'update_my_listing', why: 'Edit the profile (edits publish at once).' },
    ];
  }
  if (claim.status !== 'pending') return [{ tool: 'claim_listing', why: `Start a new claim for "${claim.listing.slug}".` }];
  if (claim.method === 'email') return [{ tool: 'list_my_claims', why: 'Check whether the link in the email has been opened.' }];
  return [{ tool: 'verify_claim', why: 'Once the token is published, check it.' }];
}
