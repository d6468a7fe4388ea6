import { describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/get_blog_post.js';
import { anonymous } from '../../../src/auth/caller.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { TEST_NOW } from '../../helpers/context.js';
import { directory } from '../../helpers/directory.js';
import { servedTools } from '../../helpers/server.js';
import { itAnswersOverMcpLikeRest } from '../../helpers/mcp.js';

const markdown = '# Launch day\n\n<script>alert(1)</script> stays **raw** Markdown & text.\n';

const served = servedTools({
  tools: [tool],
  seed: async (ctx) => {
    const d = directory(ctx);
    await d.blogPost({
      slug: 'launch-day',
      title: 'Launch day',
      excerpt: 'How to launch.',
      body: markdown,
      published_at: '2026-11-20T09:00:00.000Z',
      faqs: [{ question: 'Who is this for?', answer: 'Makers.' }, { nonsense: true }],
    });
    await d.blogPost({ slug: 'draft-post', published_at: null });
    await d.blogPost({ slug: 'future-post', published_at: '2026-12-01T00:00:00.000Z' });
  },
});

const get = async (slug: string) => (await invokeTool(served.ctx, tool, { slug }, anonymous())).body as any;

describe('get_blog_post', () => {
  it('returns the post with its raw Markdown and FAQs', async () => {
    expect(await get('launch-day')).toEqual({
      slug: 'launch-day',
      title: 'Launch day',
      excerpt: 'How to launch.',
      author_name: 'The team',
      published_at: '2026-11-20T09:00:00.000Z',
      updated_at: TEST_NOW,
      url: 'http://localhost:3000/blog/launch-day',
      body_markdown: markdown,
      faqs: [{ question: 'Who is this for?', answer: 'Makers.' }],
    });
  });

  it('answers 404 for unknown, draft and not-yet-published posts', async () => {
    for (const slug of ['no-such-post', 'draft-post', 'future-post']) {
      await expect(get(slug)).rejects.toMatchObject({ kind: 'not_found' });
    }
  });

  it('serves a scheduled post once its time has come', async () => {
    served.ctx.clock.set('2026-12-01T00:00:00.000Z');
    try {
      expect((await get('future-post')).published_at).toBe('2026-12-01T00:00:00.000Z');
    } finally {
      served.ctx.clock.set(TEST_NOW);
    }
  });

  it('answers over REST with 404 and 400 problems', async () => {
    const ok = await fetch(`${served.server.url}/api/v1/blog/launch-day`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).body_markdown).toBe(markdown);
    const missing = await fetch(`${served.server.url}/api/v1/blog/draft-post`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await fetch(`${served.server.url}/api/v1/blog/Launch-Day`)).status).toBe(400);
  });

  itAnswersOverMcpLikeRest(served, 'v2-2025-03-26', {
    tool: 'get_blog_post',
    args: { slug: 'launch-day' },
    restPath: '/blog/launch-day',
    refused: { slug: 'future-post' },
  });
});
