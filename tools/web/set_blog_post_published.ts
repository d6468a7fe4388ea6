// set_blog_post_published (website only, admins): publish a blog post now, or
// take it back to a draft.
import { z } from 'zod';
import { webAdminId } from '../../src/accounts/users.js';
import { setBlogPostPublished } from '../../src/directory/blog-admin.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'set_blog_post_published',
  title: 'Publish or unpublish a blog post',
  description: 'Publishes a blog post now, or makes it a draft again. Admins only.',
  scope: null,
  input: z.strictObject({ id: z.number().int().min(1), published: z.boolean() }),
  output: z.object({ published: z.boolean() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const adminId = await webAdminId(ctx.db, caller);
    await setBlogPostPublished(ctx, { id: input.id, publish: input.published });
    ctx.logger.info({ adminId, postId: input.id, published: input.published }, 'blog post publication changed');
    return { published: input.published };
  },
});
