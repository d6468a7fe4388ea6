import { describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/list_blog_posts.js';
import { anonymous } from '../../../src/auth/caller.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { TEST_NOW } from '../../helpers/context.js';
import { directory } from '../../helpers/directory.js';
import { servedTools } from '../../helpers/server.js';
import { withMcpClient } from '../../mcp/clients.js';

const served = servedTools({
  tools: [tool],
  seed: async (ctx) => {
    const d = directory(ctx);
    const at = (day: string) => `${day}T09:00:00.000Z`;
    await d.blogPost({
      slug: 'launch-checklist',
      title: 'The launch checklist',
      excerpt: 'What to do',
      body: 'Prepare your launch day.',
      published_at: at('2026-11-20'),
    });
    await d.blogPost({
      slug: 'pricing-guide',
      title: 'Pricing your product',
      excerpt: 'About LAUNCH pricing',
      body: 'Charge early.',
      published_at: at('2026-11-21'),
    });
    await d.blogPost({
      slug: 'old-news',
      title: 'Old news',
      excerpt: '',
      body: 'We once wrote about a Launch.',
      published_at: at('2026-10-01'),
    });
    await d.blogPost({ slug: 'percent', title: '100% uptime', body: 'Split 50_50.', published_at: at('2026-11-01') });
    await d.blogPost({ slug: 'roundup', title: 'Weekly roundup', body: 'Nothing new.', published_at: TEST_NOW });
    await d.blogPost({ slug: 'draft-post', title: 'Launch secrets', published_at: null });
    await d.blogPost({ slug: 'future-post', title: 'Launch in December', published_at: at('2026-12-01') });
  },
});

const list = async (input: object) => (await invokeTool(served.ctx, tool, input, anonymous())).body as any;
const slugs = (body: any) => body.items.map((i: any) => i.slug);

describe('list_blog_posts', () => {
  it('lists published posts newest first, never drafts or future posts', async () => {
    const body = await list({});
    expect(slugs(body)).toEqual(['roundup', 'pricing-guide', 'launch-checklist', 'percent', 'old-news']);
    expect(body).toMatchObject({ total: 5, page: 1, per_page: 20 });
    expect(body.items[2]).toEqual({
      slug: 'launch-checklist',
      title: 'The launch checklist',
      excerpt: 'What to do',
      author_name: 'The team',
      published_at: '2026-11-20T09:00:00.000Z',
      url: 'http://localhost:3000/blog/launch-checklist',
    });
  });

  it('shows a scheduled post once its time has come', async () => {
    served.ctx.clock.set('2026-12-02T00:00:00.000Z');
    try {
      expect(slugs(await list({}))[0]).toBe('future-post');
    } finally {
      served.ctx.clock.set(TEST_NOW);
    }
  });

  it('matches q in title, excerpt or body, title matches first, then newest', async () => {
    expect(slugs(await list({ q: 'launch' }))).toEqual(['launch-checklist', 'pricing-guide', 'old-news']);
    expect(slugs(await list({ q: 'PRICING' }))).toEqual(['pricing-guide']);
    expect(await list({ q: 'nowhere-to-be-found' })).toMatchObject({ items: [], total: 0 });
    expect(slugs(await list({ q: '  ' }))).toHaveLength(5);
  });

  it('needs every word of q somewhere in the post', async () => {
    expect(slugs(await list({ q: 'launch day' }))).toEqual(['launch-checklist']);
    expect(slugs(await list({ q: 'checklist   launch' }))).toEqual(['launch-checklist']);
    expect(slugs(await list({ q: 'launch uptime' }))).toEqual([]);
  });

  it('takes % and _ in q literally', async () => {
    expect(slugs(await list({ q: '%' }))).toEqual(['percent']);
    expect(slugs(await list({ q: '0_5' }))).toEqual(['percent']);
  });

  it('paginates, with q too', async () => {
    expect(slugs(await list({ per_page: 2, page: 2 }))).toEqual(['launch-checklist', 'percent']);
    expect(await list({ per_page: 2, page: 4 })).toMatchObject({ items: [], total: 5 });
    expect(await list({ q: 'launch', per_page: 1, page: 2 })).toMatchObject({
      items: [{ slug: 'pricing-guide' }],
      total: 3,
    });
  });

  it('answers over REST and rejects out-of-bounds input with 400', async () => {
    const ok = await fetch(`${served.server.url}/api/v1/blog?q=launch&per_page=1`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ items: [{ slug: 'launch-checklist' }], total: 3, per_page: 1 });
    expect((await fetch(`${served.server.url}/api/v1/blog?q=${'x'.repeat(201)}`)).status).toBe(400);
    expect((await fetch(`${served.server.url}/api/v1/blog?q=${'x'.repeat(200)}`)).status).toBe(200);
    expect((await fetch(`${served.server.url}/api/v1/blog?page=1001`)).status).toBe(400);
  });

  it('answers over MCP with structured content', async () => {
    await withMcpClient('v2-2026-07-28', `${served.server.url}/mcp`, async (client) => {
      const result = await client.callTool('list_blog_posts', { q: 'launch' });
      expect(result.isError).toBeFalsy();
      expect(slugs(result.structuredContent)).toEqual(['launch-checklist', 'pricing-guide', 'old-news']);
    });
  });
});
