// list_my_listings: every listing the caller owns, any status.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { listMyListings, ownListingSummary } from '../../src/listings/my-listings.js';
import { defineTool } from '../define.js';
import { pageOf, pagination } from '../schemas.js';

export default defineTool({
  name: 'list_my_listings',
  title: 'List my listings',
  description: 'Lists your listings in any status, recently changed first, with listing_id and plan.',
  scope: 'account:read',
  http: { method: 'GET', path: '/me/listings' },
  input: z.strictObject({ ...pagination }),
  output: pageOf(ownListingSummary),
  keyOutputs: ['items', 'total'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const { items, total } = await listMyListings(ctx, signedInUserId(caller), input);
    return { items, total, page: input.page, per_page: input.per_page };
  },
});
