// edit_comment (website only): its writer changes a comment within the edit
// window; the domain checks the window and the text (community/comments.ts).
import { z } from 'zod';
import { webUserId } from '../../src/auth/caller.js';
import { COMMENT_BODY_MAX, editComment } from '../../src/community/comments.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'edit_comment',
  title: 'Edit my comment',
  description: `Replaces the text of your comment while it may still be edited, at most ${COMMENT_BODY_MAX} characters.`,
  scope: null,
  input: z.strictObject({
    comment_id: z.number().int().min(1),
    // The domain counts the text once trimmed, and says by how much it is over.
    body: z.string().max(COMMENT_BODY_MAX * 2),
  }),
  output: z.object({ listing_slug: z.string(), thread_id: z.number().int() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const edited = await editComment(ctx, { userId: webUserId(caller), commentId: input.comment_id, body: input.body });
    return { listing_slug: edited.listingSlug, thread_id: edited.threadId };
  },
});
