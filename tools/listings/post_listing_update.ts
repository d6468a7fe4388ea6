// post_listing_update: news for a listing's followers.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { postedUpdate, postListingUpdate } from '../../src/listings/content.js';
import { defineTool } from '../define.js';
import { listingId } from './schemas.js';

export default defineTool({
  name: 'post_listing_update',
  title: 'Post a listing update',
  description:
    'Posts an update on one of your listings: shown publicly; every follower is notified (and mailed, as they chose). Write what the maker wants to say; never invent news.',
  scope: 'listings:write',
  http: { method: 'POST', path: '/me/listings/{listing_id}/updates', status: 201 },
  input: z.strictObject({
    listing_id: listingId,
    title: z.string().min(1).max(200),
    body: z.string().min(1).max(5000),
  }),
  output: postedUpdate,
  keyOutputs: ['id', 'created_at', 'followers_notified'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  idempotencyKey: true,
  handler: (ctx, { listing_id, ...post }, caller) => postListingUpdate(ctx, signedInUserId(caller), listing_id, post),
});
