import { describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/get_leaderboard.js';
import { anonymous } from '../../../src/auth/caller.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { given } from '../../helpers/given.js';
import { launches } from '../../helpers/launches.js';
import { servedTools } from '../../helpers/server.js';
import { withMcpClient } from '../../mcp/clients.js';

// The test clock is Sunday 2026-11-22 12:00 UTC (week of Monday 2026-11-16).
const served = servedTools({
  tools: [tool],
  seed: async (ctx) => {
    const l = launches(ctx);
    const devTools = await given(ctx).category({ slug: 'developer-tools' });
    const ci = await given(ctx).category({ slug: 'ci-cd', parent: devTools });
    const finance = await given(ctx).category({ slug: 'finance' });
    await l.launch({ slug: 'this-a', week: '2026-11-16', votes: 7, categories: [ci] });
    await l.launch({
      slug: 'this-b',
      week: '2026-11-16',
      votes: 9,
      fields: { plan: 'premium' },
      categories: [finance],
    });
    await l.launch({
      slug: 'last-a',
      week: '2026-11-09',
      votes: 30,
      categories: [finance, devTools],
      fields: {
        domain_rating: 55,
        domain_rating_previous: 55,
        domain_rating_at: '2026-11-01',
        domain_rating_source: 'Ahrefs',
        revenue_cents: 990_00,
        revenue_at: '2026-10-31',
        revenue_source: 'Stripe',
      },
    });
    await l.launch({ slug: 'last-b', week: '2026-11-09', votes: 2 });
  },
});

const call = async (input: object) => (await invokeTool(served.ctx, tool, input, anonymous())).body as any;
const ranked = (body: any) => body.items.map((i: any) => [i.rank, i.listing.slug, i.metric.value]);

describe('get_leaderboard', () => {
  it('ranks this week by community votes, labelled as a community ranking', async () => {
    const body = await call({ board: 'community-weekly' });
    expect(body).toMatchObject({
      board: 'community-weekly',
      paid: false,
      week: '2026-11-16',
      page: 1,
      per_page: 20,
      total: 2,
    });
    expect(body.label).toContain('community votes');
    expect(ranked(body)).toEqual([
      [1, 'this-b', 9],
      [2, 'this-a', 7],
    ]);
    expect(body.items[0].metric).toEqual({ name: 'votes', value: 9 });
    expect(body.items[0].listing).toMatchObject({ slug: 'this-b', votes: 9 });
  });

  it('ranks last week, a dated week, and all time', async () => {
    expect(ranked(await call({ board: 'community-weekly', week: 'last' }))).toEqual([
      [1, 'last-a', 30],
      [2, 'last-b', 2],
    ]);
    expect((await call({ board: 'community-weekly', week: '2026-11-11' })).week).toBe('2026-11-09');
    const all = await call({ board: 'community-all-time' });
    expect(all.week).toBeUndefined();
    expect(ranked(all).map((r: any[]) => r[1])).toEqual(['last-a', 'this-b', 'this-a', 'last-b']);
  });

  it('pages with continuing ranks', async () => {
    expect(ranked(await call({ board: 'community-all-time', per_page: 3, page: 2 }))).toEqual([[4, 'last-b', 2]]);
    expect(await call({ board: 'community-all-time', per_page: 3, page: 3 })).toMatchObject({ items: [], total: 4 });
  });

  it('marks the billboard as paid', async () => {
    const body = await call({ board: 'billboard' });
    expect(body).toMatchObject({ board: 'billboard', paid: true, items: [], total: 0 });
    expect(body.label).toMatch(/^Paid ranking/);
  });

  it('shows third-party boards with date and source', async () => {
    const dr = await call({ board: 'domain-rating' });
    expect(dr).toMatchObject({ paid: false, total: 1 });
    expect(dr.items[0].metric).toEqual({
      name: 'domain_rating',
      value: 55,
      previous: 55,
      trend: 'same',
      as_of: '2026-11-01',
      source: 'Ahrefs',
    });
    const revenue = await call({ board: 'revenue' });
    expect(revenue.items[0].metric).toEqual({
      name: 'revenue_cents',
      value: 99_000,
      as_of: '2026-10-31',
      source: 'Stripe',
    });
  });

  it('rejects an unknown board and a week where it does not belong with a 400', async () => {
    await expect(invokeTool(served.ctx, tool, { board: 'hall-of-fame' }, anonymous())).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'board' }],
    });
    for (const input of [
      { board: 'revenue', week: 'this' },
      { board: 'community-weekly', week: 'next' },
      { board: 'community-weekly', week: '2026-02-30' },
    ]) {
      await expect(invokeTool(served.ctx, tool, input, anonymous())).rejects.toMatchObject({
        status: 400,
        errors: [{ path: 'week' }],
      });
    }
  });

  it('ranks only the listings of a category and its subcategories with `category`', async () => {
    const week = await call({ board: 'community-weekly', category: 'developer-tools' });
    expect(week).toMatchObject({ category: 'developer-tools', total: 1 });
    expect(ranked(week)).toEqual([[1, 'this-a', 7]]);
    expect(ranked(await call({ board: 'community-all-time', category: 'developer-tools' }))).toEqual([
      [1, 'last-a', 30],
      [2, 'this-a', 7],
    ]);
    expect(ranked(await call({ board: 'community-all-time', category: 'ci-cd' }))).toEqual([[1, 'this-a', 7]]);
    expect(await call({ board: 'billboard', category: 'finance' })).toMatchObject({ items: [], total: 0 });
    await expect(
      invokeTool(served.ctx, tool, { board: 'community-weekly', category: 'no-such-thing' }, anonymous()),
    ).rejects.toMatchObject({ status: 400, errors: [{ path: 'category' }] });
    const rest = await fetch(`${served.server.url}/api/v1/leaderboards/community-weekly?category=finance`);
    expect(ranked(await rest.json())).toEqual([[1, 'this-b', 9]]);
  });

  it('answers over REST', async () => {
    const res = await fetch(`${served.server.url}/api/v1/leaderboards/community-weekly?week=last&per_page=1`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(ranked(body)).toEqual([[1, 'last-a', 30]]);
    expect(body.total).toBe(2);
    for (const path of [
      '/leaderboards/hall-of-fame',
      '/leaderboards/billboard?week=this',
      `/leaderboards/community-weekly?week=${'2'.repeat(11)}`,
    ]) {
      const bad = await fetch(`${served.server.url}/api/v1${path}`);
      expect(bad.status, path).toBe(400);
      expect(bad.headers.get('content-type')).toMatch(/problem\+json/);
    }
  });

  it('answers over MCP with structured content', async () => {
    await withMcpClient('v2-2026-07-28', `${served.server.url}/mcp`, async (client) => {
      const result = await client.callTool('get_leaderboard', { board: 'billboard' });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ board: 'billboard', paid: true });
    });
  });
});
