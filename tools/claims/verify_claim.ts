// verify_claim: check the DNS record, meta tag or file of a pending claim.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { verifyClaim } from '../../src/claims/claims.js';
import { defineTool } from '../define.js';
import { claimNextSteps, claimWithSteps } from './schemas.js';

export default defineTool({
  name: 'verify_claim',
  title: 'Verify a claim',
  description:
    'Checks now whether the token of your pending claim is published: the TXT record (dns), the meta tag on the homepage (meta) or the /.well-known file (file). ' +
    '`verified` true means ownership of the listing moved to you (it does not make the listing paid). If not found, the claim stays pending and `last_error` says what was seen: fix it and call again (DNS changes can take a while to appear). ' +
    "Email claims are verified by opening the mailed link instead: this tool answers 409 for them. Another user's claim is 404. " +
    'One check per claim every 10 seconds: a call sooner answers 429 with Retry-After.',
  scope: 'listings:write',
  http: { method: 'POST', path: '/claims/{claim_id}/verify' },
  input: z.strictObject({
    claim_id: z.number().int().min(1).describe('claim_id from claim_listing or list_my_claims'),
  }),
  output: claimWithSteps.extend({
    verified: z.boolean().describe('True when the claim is verified and the listing is yours'),
  }),
  keyOutputs: ['claim_id', 'status', 'verified', 'last_error', 'next_steps'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  idempotencyKey: true,
  handler: async (ctx, input, caller) => {
    const claim = await verifyClaim(ctx, signedInUserId(caller), input.claim_id);
    return { ...claim, next_steps: claimNextSteps(claim) };
  },
});
