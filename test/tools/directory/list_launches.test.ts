import { describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/list_launches.js';
import { anonymous } from '../../../src/auth/caller.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { given } from '../../helpers/given.js';
import { launches } from '../../helpers/launches.js';
import { servedTools } from '../../helpers/server.js';
import { withMcpClient } from '../../mcp/clients.js';
import { expectFieldRefused } from '../../helpers/rest.js';

// The test clock is Sunday 2026-11-22 12:00 UTC (week of Monday 2026-11-16).
const hoursAgo = (h: number) => new Date(Date.parse('2026-11-22T12:00:00.000Z') - h * 3_600_000).toISOString();

const served = servedTools({
  tools: [tool],
  seed: async (ctx) => {
    const l = launches(ctx);
    const tools = await given(ctx).category({ slug: 'dev-tools', name: 'Developer tools' });
    const fresh = await l.launch({
      slug: 'fresh',
      week: '2026-11-16',
      launchedAt: '2026-11-22T07:00:00.000Z',
      categories: [tools],
      fields: { name: 'Fresh', tagline: 'Launched this morning' },
    });
    await l.votes(fresh, [hoursAgo(1), hoursAgo(2)]);
    const steady = await l.launch({ slug: 'steady', week: '2026-11-16', fields: { views_count: 500 } });
    await l.votes(steady, [hoursAgo(100), hoursAgo(100), hoursAgo(100)]);
    const classic = await l.launch({ slug: 'classic', week: '2026-10-05', votes: 90, fields: { followers_count: 40 } });
    await l.votes(classic, [hoursAgo(45 * 24)]);
    await l.launch({ slug: 'next-up', week: '2026-11-23', status: 'scheduled' });
    await l.launch({ slug: 'draft-one', week: '2026-11-16', status: 'draft', votes: 500 });
  },
});

const call = async (input: object) => (await invokeTool(served.ctx, tool, input, anonymous())).body as any;
const slugs = (body: any) => body.items.map((i: any) => i.slug);

describe('list_launches', () => {
  it("defaults to this week's launches, most voted first, with listing summaries", async () => {
    const body = await call({});
    expect(body).toMatchObject({ section: 'this-week', page: 1, per_page: 20, total: 2 });
    expect(slugs(body)).toEqual(['steady', 'fresh']);
    expect(body.items[1]).toMatchObject({
      slug: 'fresh',
      name: 'Fresh',
      tagline: 'Launched this morning',
      status: 'live',
      votes: 2,
      launch_week: '2026-11-16',
      primary_category: { slug: 'dev-tools', name: 'Developer tools' },
      profile_url: 'http://localhost:3000/listings/fresh',
    });
  });

  it('serves every section', async () => {
    const expected: Record<string, string[]> = {
      today: ['fresh'],
      'this-week': ['steady', 'fresh'],
      trending: ['fresh', 'steady'],
      'most-voted': ['classic', 'steady', 'fresh'],
      recent: ['fresh', 'steady', 'classic'],
      'most-viewed': ['steady', 'classic', 'fresh'],
      'most-followed': ['classic', 'steady', 'fresh'],
      upcoming: ['next-up'],
    };
    for (const [section, want] of Object.entries(expected)) {
      const body = await call({ section });
      expect(body.section).toBe(section);
      expect(slugs(body), section).toEqual(want);
    }
  });

  it('pages to the last item and past the end', async () => {
    expect(await call({ section: 'most-voted', per_page: 1, page: 3 })).toMatchObject({
      total: 3,
      page: 3,
      per_page: 1,
      items: [{ slug: 'fresh' }],
    });
    expect(await call({ section: 'most-voted', per_page: 100, page: 1000 })).toMatchObject({ total: 3, items: [] });
  });

  it('rejects an unknown section and out-of-range paging', async () => {
    for (const bad of [
      { section: 'hot' },
      { per_page: 0 },
      { per_page: 101 },
      { page: 1001 },
      { page: 0 },
      { extra: 1 },
    ]) {
      await expect(invokeTool(served.ctx, tool, bad, anonymous())).rejects.toMatchObject({ status: 400 });
    }
  });

  it('answers over REST', async () => {
    const res = await fetch(`${served.server.url}/api/v1/launches?section=upcoming&per_page=5`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      section: 'upcoming',
      per_page: 5,
      total: 1,
      items: [{ slug: 'next-up', status: 'scheduled' }],
    });
    await expectFieldRefused(fetch(`${served.server.url}/api/v1/launches?section=hot`), 'section');
  });

  it('answers over MCP with structured content', async () => {
    await withMcpClient('v2-2026-07-28', `${served.server.url}/mcp`, async (client) => {
      const result = await client.callTool('list_launches', { section: 'trending' });
      expect(result.isError).toBeFalsy();
      expect(slugs(result.structuredContent)).toEqual(['fresh', 'steady']);
    });
  });
});
