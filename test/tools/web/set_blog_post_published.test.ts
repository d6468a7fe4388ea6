// set_blog_post_published as the website runs it: admins only; publishing
// sets the time to now, unpublishing makes a draft; an unknown post is a 404.
import { describe, expect, it } from 'vitest';
import { saveBlogPost } from '../../../src/directory/blog-admin.js';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();
const publishedAt = async (id: number) =>
  (
    await bed.served.ctx.db
      .selectFrom('blog_posts')
      .select('published_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).published_at;

describe('set_blog_post_published', () => {
  it('publishes a post now and makes it a draft again, for an admin only', async () => {
    const id = await saveBlogPost(bed.served.ctx, {
      post: { title: 'Notes', slug: 'notes', excerpt: '', body_markdown: 'Hi', author_name: null, published_at: null },
    });
    expect((await bed.refusal('set_blog_post_published', { id, published: true })).status).toBe(404);
    await bed.makeAdmin();
    expect(await bed.run('set_blog_post_published', { id, published: true })).toEqual({ published: true });
    expect(await publishedAt(id)).toBe(bed.served.ctx.clock.now().toISOString());
    await bed.run('set_blog_post_published', { id, published: false });
    expect(await publishedAt(id)).toBeNull();
    expect((await bed.refusal('set_blog_post_published', { id: 999_999, published: true })).status).toBe(404);
  });
});
