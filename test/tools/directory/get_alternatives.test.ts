import { describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/get_alternatives.js';
import { anonymous } from '../../../src/auth/caller.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { given } from '../../helpers/given.js';
import { servedTools } from '../../helpers/server.js';
import { userWithKey } from '../../helpers/users.js';
import { withMcpClient } from '../../mcp/clients.js';

const served = servedTools({
  tools: [tool],
  seed: async (ctx) => {
    const g = given(ctx);
    const notes = await g.category({ slug: 'notes' });
    const design = await g.category({ slug: 'design' });
    const main = await g.listing({ slug: 'main', categories: [notes] });
    await g.listing({ slug: 'popular', categories: [notes], fields: { votes_count: 90 } });
    await g.listing({ slug: 'quiet', categories: [notes], fields: { votes_count: 3 } });
    await g.listing({ slug: 'not-live', status: 'scheduled', categories: [notes] });
    await g.listing({ slug: 'secondary-only', categories: [design, notes] });
    const approved = await g.listing({ slug: 'approved-pick', categories: [design], fields: { votes_count: 1 } });
    const unapproved = await g.listing({ slug: 'suggested', categories: [design] });
    const star = await g.listing({ slug: 'approved-star', categories: [design], fields: { votes_count: 50 } });
    const hidden = await g.listing({ slug: 'approved-hidden', status: 'scheduled', categories: [design] });
    await ctx.db
      .insertInto('listing_alternatives')
      .values([
        { listing_id: main, alternative_id: approved, approved: 1 },
        { listing_id: main, alternative_id: unapproved, approved: 0 },
        { listing_id: main, alternative_id: star, approved: 1 },
        { listing_id: main, alternative_id: hidden, approved: 1 },
        { listing_id: main, alternative_id: main, approved: 1 },
      ])
      .execute();
  },
});

describe('get_alternatives', () => {
  it('lists owner-approved live alternatives first by votes, then live listings of the same primary category by votes', async () => {
    const body = (await invokeTool(served.ctx, tool, { slug: 'main' }, anonymous())).body as any;
    expect(body.listing.slug).toBe('main');
    expect(body.items.map((i: any) => [i.slug, i.approved])).toEqual([
      ['approved-star', true],
      ['approved-pick', true],
      ['popular', false],
      ['quiet', false],
    ]);
  });

  it('is 404 for an unknown listing over REST', async () => {
    expect((await fetch(`${served.server.url}/api/v1/listings/nope/alternatives`)).status).toBe(404);
    const ok = await fetch(`${served.server.url}/api/v1/listings/main/alternatives`);
    expect((await ok.json()).items).toHaveLength(4);
  });

  it('gives the owner of a listing that is not public yet its alternatives, over REST and MCP, and tells nobody else it exists', async () => {
    const owner = await userWithKey(served.ctx, ['account:read']);
    const notes = await served.ctx.db
      .selectFrom('categories')
      .select('id')
      .where('slug', '=', 'notes')
      .executeTakeFirstOrThrow();
    await given(served.ctx).listing({
      slug: 'not-yet',
      status: 'awaiting_badge',
      categories: [notes.id],
      fields: { owner_id: owner.userId },
    });
    const asOwner = await fetch(`${served.server.url}/api/v1/listings/not-yet/alternatives`, { headers: owner.auth });
    expect(asOwner.status).toBe(200);
    expect(asOwner.headers.get('cache-control')).toBe('private, no-cache');
    const body = await asOwner.json();
    expect(body.listing.slug).toBe('not-yet');
    expect(body.items.map((i: any) => i.slug)).toEqual(['popular', 'quiet', 'main']);
    await withMcpClient(
      'v2-2026-07-28',
      `${served.server.url}/mcp`,
      async (client) => {
        const result = await client.callTool('get_alternatives', { slug: 'not-yet' });
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toMatchObject({ listing: { slug: 'not-yet' } });
      },
      owner.auth,
    );
    const stranger = await userWithKey(served.ctx, ['account:read']);
    for (const headers of [{}, stranger.auth]) {
      const res = await fetch(`${served.server.url}/api/v1/listings/not-yet/alternatives`, { headers });
      expect(res.status).toBe(404);
      expect((await res.json()).detail).toBe('No public listing with slug "not-yet". Use search_listings to find one.');
    }
  });
});
