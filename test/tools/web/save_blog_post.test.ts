// save_blog_post as the website runs it: admins only; every field to change
// is named; a post is created as a draft, scheduled from a day ahead, and its
// publication time kept when saved again with the same day.
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();
const post = { title: 'Hello, launches', slug: '', excerpt: 'Why', body_markdown: '# Hi', author_name: 'Ada' };
const stored = async (id: number) =>
  bed.served.ctx.db
    .selectFrom('blog_posts')
    .select(['slug', 'published_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('save_blog_post', () => {
  it('creates and changes posts, for an admin only, naming the fields to change', async () => {
    const draft = { ...post, published: false, publish_date: '' };
    expect((await bed.refusal('save_blog_post', draft)).status).toBe(404);
    await bed.makeAdmin();

    const bad = await bed.refusal('save_blog_post', { ...draft, title: ' ', body_markdown: '', slug: 'Not a slug' });
    expect(bad.errors.map((e) => e.path).sort()).toEqual(['body_markdown', 'slug', 'title']);
    const badDay = await bed.refusal('save_blog_post', { ...draft, published: true, publish_date: '2026-13-01' });
    expect(badDay.errors.map((e) => e.path)).toEqual(['publish_date']);

    const { id } = (await bed.run('save_blog_post', draft)) as { id: number };
    expect(await stored(id)).toEqual({ slug: 'hello-launches', published_at: null });

    const ahead = { ...draft, id, published: true, publish_date: '2099-01-05' };
    expect(await bed.run('save_blog_post', ahead)).toEqual({ id });
    expect((await stored(id)).published_at).toBe('2099-01-05T00:00:00.000Z');

    const other = (await bed.run('save_blog_post', { ...draft, title: 'Another' })) as { id: number };
    const taken = await bed.refusal('save_blog_post', { ...draft, id: other.id, slug: 'hello-launches' });
    expect([taken.status, taken.errors.map((e) => e.path)]).toEqual([409, ['slug']]);
    expect((await bed.refusal('save_blog_post', { ...draft, id: 999_999 })).status).toBe(404);
  });
});
