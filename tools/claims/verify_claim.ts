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
    "Checks whether your pending dns, meta or file claim's token is published; verified=true: the listing is yours. " +
    'Else `last_error` says what was seen: fix it and retry (DNS can be slow; one check per 10 s). Email claims verify via their link.',
  scope: 'listings:write',
  http: { method: 'POST', path: '/claims/{claim_id}/verify' },
  input: z.strictObject({
    claim_id: z.number().int().min(1).describe('From claim_listing or list_my_claims'),
  }),
  output: claimWithSteps.extend({
    verified: z.boolean().describe('True when the claim is verified and the listing is yours'),
  }),
  keyOutputs: ['status', 'verified', 'last_error', 'next_steps'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  idempotencyKey: true,
  handler: async (ctx, input, caller) => {
    const claim = await verifyClaim(ctx, signedInUserId(caller), input.claim_id);
    return { ...claim, next_steps: claimNextSteps(claim) };
  },
});
