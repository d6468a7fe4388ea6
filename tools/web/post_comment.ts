// post_comment (website only): a comment on a public listing, or a reply to
// one. The domain checks the text (community/comments.ts: length after
// trimming, links, acceptable text) and names the field.
import { z } from 'zod';
import { webUserId } from '../../src/auth/caller.js';
import { COMMENT_BODY_MAX, postComment } from '../../src/community/comments.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'post_comment',
  title: 'Comment on a listing',
  description: `Posts a comment on a public listing, or a reply (parent_id), of at most ${COMMENT_BODY_MAX} characters.`,
  scope: null,
  input: z.strictObject({
    listing_id: z.number().int().min(1),
    parent_id: z.number().int().min(1).nullable(),
    // The domain counts the text once trimmed, and says by how much it is over.
    body: z.string().max(COMMENT_BODY_MAX * 2),
  }),
  output: z.object({ id: z.number().int(), thread_id: z.number().int() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const posted = await postComment(ctx, {
      userId: webUserId(caller),
      listingId: input.listing_id,
      parentId: input.parent_id,
      body: input.body,
    });
    return { id: posted.id, thread_id: posted.threadId };
  },
});
