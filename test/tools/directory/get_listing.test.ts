import { describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/get_listing.js';
import { anonymous } from '../../../src/auth/caller.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { given } from '../../helpers/given.js';
import { servedTools } from '../../helpers/server.js';
import { withMcpClient } from '../../mcp/clients.js';

let paidId: number;
const served = servedTools({
  tools: [tool],
  seed: async (ctx) => {
    const g = given(ctx);
    const dev = await g.category({ slug: 'developer-tools', name: 'Developer tools' });
    const api = await g.category({ slug: 'api-tools', name: 'API tools', parent: dev });
    const freeId = await g.listing({
      slug: 'hookly',
      categories: [api, dev],
      fields: {
        name: 'Hookly',
        tagline: 'Webhooks that never drop',
        features: '["Retries","Replay"]',
        not_found: '["founded_year","city"]',
        pricing_model: 'freemium',
        pricing_summary: 'From $9/month',
        domain_rating: 42,
        domain_rating_previous: 40,
        domain_rating_source: 'import',
        unlocked_sections: '[]',
        votes_count: 12,
      },
    });
    paidId = await g.listing({
      slug: 'paidly',
      fields: {
        name: 'Paidly',
        unlocked_sections: '["story","milestones","media"]',
        demo_video_url: 'https://video.example/p',
      },
    });
    await g.listing({ slug: 'hidden', status: 'draft' });
    const now = ctx.clock.now().toISOString();
    for (const id of [freeId, paidId]) {
      await ctx.db
        .insertInto('stories')
        .values({
          listing_id: id,
          title: 'Why',
          story: 'Because',
          why_started: null,
          problem: null,
          journey: null,
          challenges: null,
          achievements: null,
          lessons: null,
          whats_next: null,
          updated_at: now,
        })
        .execute();
      await ctx.db
        .insertInto('milestones')
        .values({ listing_id: id, date: '2026-01-01', title: 'Beta', description: null, url: null, created_at: now })
        .execute();
    }
    await g.faq(freeId, 'Free?', 'Yes');
    await ctx.db
      .insertInto('listing_socials')
      .values({ listing_id: freeId, platform: 'github', url: 'https://github.com/hookly' })
      .execute();
    const founder = await ctx.db
      .insertInto('founders')
      .values({
        user_id: null,
        slug: 'ada',
        name: 'Ada',
        title: 'CEO',
        bio: null,
        country: 'GB',
        avatar_url: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('listing_founders').values({ listing_id: freeId, founder_id: founder.id }).execute();
    await ctx.db
      .insertInto('listing_updates')
      .values([
        { listing_id: freeId, title: 'Old', body: 'x', created_at: '2026-10-01T00:00:00.000Z' },
        { listing_id: freeId, title: 'New', body: 'y', created_at: '2026-11-01T00:00:00.000Z' },
      ])
      .execute();
    const users = [];
    for (const email of ['a@x.example', 'b@x.example', 'c@x.example']) {
      users.push(
        (
          await ctx.db
            .insertInto('users')
            .values({ email, name: null, password_hash: null, email_verified_at: null, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    }
    await ctx.db
      .insertInto('reviews')
      .values([
        { listing_id: freeId, user_id: users[0]!, rating: 5, flagged: 0, created_at: now },
        { listing_id: freeId, user_id: users[1]!, rating: 4, flagged: 0, created_at: now },
        { listing_id: freeId, user_id: users[2]!, rating: 1, flagged: 1, created_at: now },
      ])
      .execute();
  },
});

const get = async (slug: string) => (await invokeTool(served.ctx, tool, { slug }, anonymous())).body as any;

describe('get_listing', () => {
  it('returns the full profile with genuine rating, DR trend and what the site did not say', async () => {
    const p = await get('hookly');
    expect(p).toMatchObject({
      slug: 'hookly',
      name: 'Hookly',
      tagline: 'Webhooks that never drop',
      features: ['Retries', 'Replay'],
      pricing: { model: 'freemium', summary: 'From $9/month' },
      categories: [
        { slug: 'api-tools', primary: true },
        { slug: 'developer-tools', primary: false },
      ],
      founders: [{ slug: 'ada', name: 'Ada', title: 'CEO' }],
      faqs: [{ question: 'Free?', answer: 'Yes' }],
      socials: { github: 'https://github.com/hookly' },
      rating: { average: 4.5, count: 2 },
      domain_rating: { value: 42, previous: 40, trend: 'up', source: 'import' },
      not_found_on_website: ['founded_year', 'city'],
      unlocked_sections: [],
      votes: 12,
    });
    expect(p.latest_updates.map((u: any) => u.title)).toEqual(['New', 'Old']);
    expect(p.links.profile).toBe('http://localhost:3000/listings/hookly');
  });

  it('keeps paid sections hidden unless unlocked', async () => {
    const free = await get('hookly');
    expect(free.story).toBeUndefined();
    expect(free.milestones).toBeUndefined();
    expect(free.media).toBeUndefined();
    const paid = await get('paidly');
    expect(paid.story).toMatchObject({ title: 'Why', story: 'Because' });
    expect(paid.milestones).toMatchObject([{ date: '2026-01-01', title: 'Beta' }]);
    expect(paid.media).toEqual({ demo_video_url: 'https://video.example/p', screenshots: [] });
    expect(paidId).toBeGreaterThan(0);
  });

  it('counts no view: views are people on the listing page, not API reads', async () => {
    const before = (await get('hookly')).views;
    await served.ctx.views.flush();
    expect((await get('hookly')).views).toBe(before);
  });

  it('is 404 for unknown and unpublished listings, on both faces', async () => {
    await expect(invokeTool(served.ctx, tool, { slug: 'nope' }, anonymous())).rejects.toMatchObject({
      kind: 'not_found',
    });
    const res = await fetch(`${served.server.url}/api/v1/listings/hidden`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect((await fetch(`${served.server.url}/api/v1/listings/Not_A_Slug`)).status).toBe(400);
    await withMcpClient('v2-2026-07-28', `${served.server.url}/mcp`, async (client) => {
      expect((await client.callTool('get_listing', { slug: 'nope' })).isError).toBe(true);
      expect(((await client.callTool('get_listing', { slug: 'hookly' })).structuredContent as any).name).toBe('Hookly');
    });
  });
});
