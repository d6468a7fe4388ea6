import { describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/list_awards.js';
import { anonymous } from '../../../src/auth/caller.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { runWeeklyRollover } from '../../../src/launches/rollover.js';
import { launches } from '../../helpers/launches.js';
import { servedTools } from '../../helpers/server.js';
import { withMcpClient } from '../../mcp/clients.js';
import { expectFieldRefused } from '../../helpers/rest.js';

const served = servedTools({
  tools: [tool],
  seed: async (ctx) => {
    const l = launches(ctx);
    // Two ended weeks, awarded by the rollover itself.
    await l.launch({ slug: 'gold', week: '2026-11-02', votes: 50 });
    await l.launch({ slug: 'silver', week: '2026-11-02', votes: 40 });
    await l.launch({ slug: 'bronze', week: '2026-11-02', votes: 30 });
    await l.launch({ slug: 'fourth', week: '2026-11-02', votes: 20 });
    await l.launch({ slug: 'repeat', week: '2026-11-09', votes: 8 });
    await l.launch({ slug: 'runner-up', week: '2026-11-09', votes: 6 });
    const gone = await l.launch({ slug: 'gone', week: '2026-10-26', votes: 9 });
    await runWeeklyRollover(ctx);
    // An awarded listing later archived leaves the public record.
    await ctx.db.updateTable('listings').set({ status: 'archived' }).where('id', '=', gone).execute();
    await l.launch({ slug: 'this-week', week: '2026-11-16', votes: 99 }); // the week has not ended: no award yet
  },
});

const call = async (input: object) => (await invokeTool(served.ctx, tool, input, anonymous())).body as any;
const rows = (body: any) => body.items.map((a: any) => [a.week, a.rank, a.listing.slug]);

describe('list_awards', () => {
  it('lists awards newest week first, #1 first, with title, votes and the winning listing', async () => {
    const body = await call({});
    expect(body).toMatchObject({ page: 1, per_page: 20, total: 5 });
    expect(rows(body)).toEqual([
      ['2026-11-09', 1, 'repeat'],
      ['2026-11-09', 2, 'runner-up'],
      ['2026-11-02', 1, 'gold'],
      ['2026-11-02', 2, 'silver'],
      ['2026-11-02', 3, 'bronze'],
    ]);
    expect(body.items[2]).toMatchObject({
      title: 'Launch of the Week #1',
      votes: 50,
      awarded_at: '2026-11-22T12:00:00.000Z',
      listing: { slug: 'gold', status: 'live' },
    });
  });

  it('filters by listing', async () => {
    expect(rows(await call({ listing: 'silver' }))).toEqual([['2026-11-02', 2, 'silver']]);
    expect(await call({ listing: 'fourth' })).toMatchObject({ items: [], total: 0 });
  });

  it('gives an empty list for a slug that matches no listing, or a listing no longer public', async () => {
    expect(await call({ listing: 'no-such-listing' })).toMatchObject({ items: [], total: 0 });
    expect(await call({ listing: 'gone' })).toMatchObject({ items: [], total: 0 });
  });

  it('pages', async () => {
    expect(rows(await call({ per_page: 2, page: 3 }))).toEqual([['2026-11-02', 3, 'bronze']]);
    expect(await call({ per_page: 2, page: 4 })).toMatchObject({ items: [], total: 5 });
  });

  it('rejects a malformed slug and out-of-range paging with a 400', async () => {
    for (const input of [{ listing: 'Not A Slug' }, { listing: 'x'.repeat(221) }, { per_page: 101 }, { page: 0 }]) {
      await expect(invokeTool(served.ctx, tool, input, anonymous())).rejects.toMatchObject({ status: 400 });
    }
  });

  it('answers over REST', async () => {
    const res = await fetch(`${served.server.url}/api/v1/awards?listing=gold`);
    expect(res.status).toBe(200);
    expect(rows(await res.json())).toEqual([['2026-11-02', 1, 'gold']]);
    await expectFieldRefused(fetch(`${served.server.url}/api/v1/awards?listing=GOLD!`), 'listing');
  });

  it('answers over MCP with structured content', async () => {
    await withMcpClient('v2-2026-07-28', `${served.server.url}/mcp`, async (client) => {
      const result = await client.callTool('list_awards', { per_page: 1 });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        total: 5,
        items: [{ week: '2026-11-09', rank: 1, listing: { slug: 'repeat' } }],
      });
    });
  });
});
