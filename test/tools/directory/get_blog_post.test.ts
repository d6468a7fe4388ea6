import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/get_blog_post.js';
import { anonymous } from '../../../src/auth/caller.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { TEST_NOW, testContext, type TestContext } from '../../helpers/context.js';
import { directory } from '../../helpers/directory.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { connectHttp } from '../../mcp/clients.js';

const markdown = '# Launch day\n\n<script>alert(1)</script> stays **raw** Markdown & text.\n';

let ctx: TestContext;
let server: TestServer;
beforeAll(async () => {
  ctx = await testContext();
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
  server = await startServer(ctx, [tool]);
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

const get = async (slug: string) => (await invokeTool(ctx, tool, { slug }, anonymous())).body as any;

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
    ctx.clock.set('2026-12-01T00:00:00.000Z');
    try {
      expect((await get('future-post')).published_at).toBe('2026-12-01T00:00:00.000Z');
    } finally {
      ctx.clock.set(TEST_NOW);
    }
  });

  it('answers over REST with 404 and 400 problems', async () => {
    const ok = await fetch(`${server.url}/api/v1/blog/launch-day`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).body_markdown).toBe(markdown);
    const missing = await fetch(`${server.url}/api/v1/blog/draft-post`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await fetch(`${server.url}/api/v1/blog/Launch-Day`)).status).toBe(400);
  });

  it('answers over MCP with the same body as REST', async () => {
    const client = await connectHttp('v2-2025-03-26', `${server.url}/mcp`);
    try {
      const result = await client.callTool('get_blog_post', { slug: 'launch-day' });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(await (await fetch(`${server.url}/api/v1/blog/launch-day`)).json());
      expect((await client.callTool('get_blog_post', { slug: 'future-post' })).isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
