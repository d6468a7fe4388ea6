import { describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/get_launch_week.js';
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
    const design = await given(ctx).category({ slug: 'design' });
    const icons = await given(ctx).category({ slug: 'icons', parent: design });
    await l.launch({ slug: 'quiet', week: '2026-11-16', votes: 1, categories: [icons] });
    await l.launch({ slug: 'loud', week: '2026-11-16', votes: 12 });
    await l.launch({ slug: 'tie-late', week: '2026-11-09', votes: 3, launchedAt: '2026-11-11T10:00:00.000Z' });
    await l.launch({ slug: 'tie-early', week: '2026-11-09', votes: 3, launchedAt: '2026-11-09T10:00:00.000Z' });
    await l.launch({ slug: 'coming', week: '2026-11-23', status: 'scheduled' });
    await l.launch({ slug: 'waiting-badge', week: '2026-11-23', status: 'awaiting_badge' });
    await l.launch({ slug: 'draft', week: '2026-11-16', status: 'draft', votes: 100 });
  },
});

const call = async (week: string) => (await invokeTool(served.ctx, tool, { week }, anonymous())).body as any;
const ranked = (body: any) => body.items.map((i: any) => [i.rank, i.listing.slug]);

describe('get_launch_week', () => {
  it('ranks only the launches of a category and its subcategories with `category`', async () => {
    const body = (await invokeTool(served.ctx, tool, { week: 'this', category: 'design' }, anonymous())).body as any;
    expect(body).toMatchObject({ week: '2026-11-16', category: 'design', total: 1 });
    expect(ranked(body)).toEqual([[1, 'quiet']]);
    await expect(
      invokeTool(served.ctx, tool, { week: 'this', category: 'nothing-here' }, anonymous()),
    ).rejects.toMatchObject({ status: 400, errors: [{ path: 'category' }] });
    await withMcpClient('v2-2026-07-28', `${served.server.url}/mcp`, async (client) => {
      const result = await client.callTool('get_launch_week', { week: 'this', category: 'icons' });
      expect(result.structuredContent).toMatchObject({ category: 'icons', total: 1 });
    });
  });

  it("returns this week's live launches ranked by votes, with its dates and neighbours", async () => {
    const body = await call('this');
    expect(body).toMatchObject({
      week: '2026-11-16',
      starts_on: '2026-11-16',
      ends_on: '2026-11-22',
      kind: 'current',
      previous_week: '2026-11-09',
      next_week: '2026-11-23',
      total: 2,
    });
    expect(ranked(body)).toEqual([
      [1, 'loud'],
      [2, 'quiet'],
    ]);
    expect(body.items[0].listing).toMatchObject({ votes: 12, status: 'live', launch_week: '2026-11-16' });
  });

  it('breaks a tie in favour of the earlier launch', async () => {
    const body = await call('last');
    expect(body.kind).toBe('past');
    expect(ranked(body)).toEqual([
      [1, 'tie-early'],
      [2, 'tie-late'],
    ]);
  });

  it('snaps any date to its Monday', async () => {
    expect((await call('2026-11-22')).week).toBe('2026-11-16');
    expect((await call('2026-11-10')).week).toBe('2026-11-09');
  });

  it("shows a future week's scheduled launches, unranked", async () => {
    const body = await call('next');
    expect(body).toMatchObject({ week: '2026-11-23', kind: 'future', total: 1 });
    expect(ranked(body)).toEqual([[null, 'coming']]);
  });

  it('returns an empty week rather than an error', async () => {
    expect(await call('2030-06-05')).toMatchObject({ week: '2030-06-03', kind: 'future', items: [], total: 0 });
  });

  it('rejects what is not a week with a 400 naming week', async () => {
    for (const week of ['2026-02-30', 'someday', '2026-1-1', '', '2026-11-16x']) {
      await expect(invokeTool(served.ctx, tool, { week }, anonymous()), week).rejects.toMatchObject({
        status: 400,
        errors: [{ path: 'week' }],
      });
    }
  });

  it('answers over REST, with 400 for a bad or over-long week', async () => {
    const res = await fetch(`${served.server.url}/api/v1/launches/weeks/2026-11-18`);
    expect(res.status).toBe(200);
    expect(ranked(await res.json())).toEqual([
      [1, 'loud'],
      [2, 'quiet'],
    ]);
    for (const week of ['2026-02-30', '2026-11-16T', 'yesterday']) {
      const bad = await fetch(`${served.server.url}/api/v1/launches/weeks/${week}`);
      expect(bad.status, week).toBe(400);
      expect(bad.headers.get('content-type')).toMatch(/problem\+json/);
      expect((await bad.json()).errors[0].path).toBe('week');
    }
    expect((await fetch(`${served.server.url}/api/v1/launches/weeks/`)).status).toBe(404);
  });

  it('answers over MCP with structured content', async () => {
    await withMcpClient('v2-2026-07-28', `${served.server.url}/mcp`, async (client) => {
      const result = await client.callTool('get_launch_week', { week: 'next' });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        week: '2026-11-23',
        kind: 'future',
        items: [{ rank: null, listing: { slug: 'coming' } }],
      });
      const bad = await client.callTool('get_launch_week', { week: '2026-13-01' });
      expect(bad.isError).toBe(true);
      expect(JSON.stringify(bad.content)).toContain('week');
    });
  });
});
