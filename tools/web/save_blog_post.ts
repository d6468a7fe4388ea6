// save_blog_post (website only, admins): write a new blog post or change one,
// as a draft, published now or from a day (scheduled when it lies ahead).
import { z } from 'zod';
import { webAdminId } from '../../src/accounts/users.js';
import { adminBlogPost, BLOG_LIMITS, publicationTime, saveBlogPost } from '../../src/directory/blog-admin.js';
import { defineWebOperation } from '../define.js';

// checkBlogPost counts each text once trimmed and names every field to change; these only cap what it reads.
const text = (max: number) => z.string().max(max * 2);

export default defineWebOperation({
  name: 'save_blog_post',
  title: 'Save a blog post',
  description: `Creates a blog post (no id) or changes one: title (at most ${BLOG_LIMITS.title}), slug (empty: made from the title), excerpt, Markdown body, author, and whether and from which day (YYYY-MM-DD, empty for now) it is published. Admins only.`,
  scope: null,
  input: z.strictObject({
    id: z.number().int().min(1).optional(),
    title: text(BLOG_LIMITS.title),
    slug: text(BLOG_LIMITS.slug),
    excerpt: text(BLOG_LIMITS.excerpt),
    body_markdown: text(BLOG_LIMITS.body),
    author_name: text(BLOG_LIMITS.author),
    published: z.boolean(),
    publish_date: z.string().max(20),
  }),
  output: z.object({ id: z.number().int() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const adminId = await webAdminId(ctx.db, caller);
    const previous = input.id === undefined ? null : (await adminBlogPost(ctx, input.id)).published_at;
    const id = await saveBlogPost(ctx, {
      id: input.id,
      post: {
        title: input.title,
        slug: input.slug,
        excerpt: input.excerpt,
        author_name: input.author_name,
        body_markdown: input.body_markdown,
        published_at: publicationTime({
          published: input.published,
          date: input.publish_date.trim(),
          previous,
          now: ctx.clock.now(),
        }),
      },
    });
    ctx.logger.info({ adminId, postId: id }, 'blog post saved');
    return { id };
  },
});
