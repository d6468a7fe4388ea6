import { describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/search_listings.js';
import { anonymous } from '../../../src/auth/caller.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { given } from '../../helpers/given.js';
import { servedTools } from '../../helpers/server.js';
import { withMcpClient } from '../../mcp/clients.js';
import { expectFieldRefused } from '../../helpers/rest.js';

const served = servedTools({
  tools: [tool],
  seed: async (ctx) => {
    const g = given(ctx);
    const productivity = await g.category({ slug: 'productivity' });
    const notes = await g.category({ slug: 'note-taking', parent: productivity });
    const design = await g.category({ slug: 'design' });
    const at = (days: number) => new Date(Date.parse('2026-11-22T12:00:00Z') - days * 86_400_000).toISOString();
    await g.listing({
      slug: 'notion',
      categories: [notes],
      fields: {
        name: 'Notion',
        tagline: 'All-in-one workspace for notes and docs',
        keywords: '["wiki","docs"]',
        country: 'US',
        pricing_model: 'Freemium',
        stage: 'growing',
        domain: 'notion.so',
        votes_count: 50,
        views_count: 10,
        followers_count: 7,
        launched_at: at(3),
      },
    });
    await g.listing({
      slug: 'obsidian',
      categories: [notes],
      fields: {
        name: 'Obsidian',
        tagline: 'A private knowledge base',
        description: 'Markdown files on your disk, linked like a graph of thoughts.',
        country: 'ca',
        pricing_model: 'free',
        domain: 'obsidian.md',
        votes_count: 80,
        views_count: 5,
        followers_count: 20,
        launched_at: at(10),
      },
    });
    await g.listing({
      slug: 'figma',
      categories: [design],
      fields: {
        name: 'Figma',
        tagline: 'Collaborative interface design',
        description: 'Design, prototype and gather feedback in one place.',
        country: 'US',
        pricing_model: 'subscription',
        domain: 'www.figma.com',
        votes_count: 30,
        views_count: 99,
        followers_count: 1,
        launched_at: at(1),
      },
    });
    await g.listing({
      slug: 'upcoming-notes',
      status: 'scheduled',
      categories: [notes],
      fields: { name: 'Notely', tagline: 'Notes for teams', launch_week: '2026-12-07' },
    });
    await g.listing({
      slug: 'secret-notes',
      status: 'draft',
      fields: { name: 'Notesecret', tagline: 'Not public yet' },
    });
  },
});

const search = async (input: object) => (await invokeTool(served.ctx, tool, input, anonymous())).body as any;
const slugs = (body: any) => body.items.map((i: any) => i.slug);

describe('search_listings', () => {
  it('finds names despite typos and prefixes', async () => {
    expect(slugs(await search({ q: 'notin' }))).toEqual(['notion']);
    expect(slugs(await search({ q: 'obsid' }))).toEqual(['obsidian']);
    expect(slugs(await search({ q: 'figam' }))[0]).toBe('figma');
  });

  it('searches descriptions and keywords too', async () => {
    expect(slugs(await search({ q: 'graph' }))).toEqual(['obsidian']);
    expect(slugs(await search({ q: 'prototype feedback' }))).toEqual(['figma']);
    expect(slugs(await search({ q: 'wiki' }))).toEqual(['notion']);
  });

  it('returns nothing for words that are nowhere, and never drafts', async () => {
    expect(await search({ q: 'zzzqqq' })).toMatchObject({ items: [], total: 0 });
    expect(slugs(await search({ q: 'notesecret' }))).toEqual([]);
  });

  it('browses with an empty q, most voted first, with filters', async () => {
    expect(slugs(await search({}))).toEqual(['obsidian', 'notion', 'figma']);
    expect(slugs(await search({ category: 'productivity' }))).toEqual(['obsidian', 'notion']);
    expect(slugs(await search({ country: 'us' }))).toEqual(['notion', 'figma']);
    expect(slugs(await search({ country: 'CA' }))).toEqual(['obsidian']);
    expect(slugs(await search({ pricing_model: 'FREEMIUM' }))).toEqual(['notion']);
    expect(slugs(await search({ stage: 'growing' }))).toEqual(['notion']);
    expect(slugs(await search({ domain: 'https://figma.com/pricing' }))).toEqual(['figma']);
    expect(slugs(await search({ category: 'no-such-category' }))).toEqual([]);
  });

  it('sorts every way', async () => {
    expect(slugs(await search({ sort: 'newest' }))).toEqual(['figma', 'notion', 'obsidian']);
    expect(slugs(await search({ sort: 'most_viewed' }))).toEqual(['figma', 'notion', 'obsidian']);
    expect(slugs(await search({ sort: 'most_followed' }))).toEqual(['obsidian', 'notion', 'figma']);
    expect((await search({ sort: 'trending' })).total).toBe(3);
  });

  it('trending ranks fresh votes above more but older votes, then the rest by votes', async () => {
    const now = served.ctx.clock.now().getTime();
    const ids = Object.fromEntries(
      (await served.ctx.db.selectFrom('listings').select(['id', 'slug']).execute()).map((r) => [r.slug, r.id]),
    );
    for (let i = 0; i < 3; i++) {
      const user = await served.ctx.db
        .insertInto('users')
        .values({
          email: `trend${i}@x.example`,
          name: null,
          password_hash: null,
          email_verified_at: null,
          created_at: new Date(now).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // figma: three votes an hour ago; notion: one vote ten days ago.
      await served.ctx.db
        .insertInto('votes')
        .values({ listing_id: ids.figma!, user_id: user.id, created_at: new Date(now - 3_600_000).toISOString() })
        .execute();
      if (i === 0)
        await served.ctx.db
          .insertInto('votes')
          .values({
            listing_id: ids.notion!,
            user_id: user.id,
            created_at: new Date(now - 10 * 86_400_000).toISOString(),
          })
          .execute();
    }
    expect(slugs(await search({ sort: 'trending' }))).toEqual(['figma', 'notion', 'obsidian']);
    expect(slugs(await search({ sort: 'trending', per_page: 1, page: 3 }))).toEqual(['obsidian']);
    expect(slugs(await search({ sort: 'trending', per_page: 2, page: 2 }))).toEqual(['obsidian']);
    await served.ctx.db.deleteFrom('votes').execute();
  });

  it('shows upcoming launches with status=upcoming', async () => {
    expect(slugs(await search({ status: 'upcoming' }))).toEqual(['upcoming-notes']);
    expect(slugs(await search({ status: 'upcoming', q: 'notely' }))).toEqual(['upcoming-notes']);
  });

  it('paginates with a total', async () => {
    const first = await search({ per_page: 2 });
    expect(first).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(first.items).toHaveLength(2);
    expect(slugs(await search({ per_page: 2, page: 2 }))).toEqual(['figma']);
    expect(slugs(await search({ page: 1000 }))).toEqual([]);
  });

  it('sees a listing written after the index was built, without a restart', async () => {
    await search({ q: 'anything' });
    await given(served.ctx).listing({
      slug: 'linear',
      fields: { name: 'Linear', tagline: 'Issue tracking built for speed' },
    });
    expect(slugs(await search({ q: 'lineer' }))).toEqual(['linear']);
    await served.ctx.db
      .updateTable('listings')
      .set({ status: 'archived', updated_at: new Date().toISOString() })
      .where('slug', '=', 'linear')
      .execute();
    expect(slugs(await search({ q: 'linear' }))).toEqual([]);
  });

  it('answers over REST with a 400 naming a bad field', async () => {
    const ok = await fetch(`${served.server.url}/api/v1/listings?q=notin&country=us`);
    expect(ok.status).toBe(200);
    expect(slugs(await ok.json())).toEqual(['notion']);
    await expectFieldRefused(fetch(`${served.server.url}/api/v1/listings?country=usa`), 'country');
    expect((await fetch(`${served.server.url}/api/v1/listings?q=${'x'.repeat(201)}`)).status).toBe(400);
    expect((await fetch(`${served.server.url}/api/v1/listings?sort=random`)).status).toBe(400);
  });

  it('answers over MCP with structured content', async () => {
    await withMcpClient('v2-2026-07-28', `${served.server.url}/mcp`, async (client) => {
      const result = await client.callTool('search_listings', { q: 'obsidan' });
      expect((result.structuredContent as any).items[0].slug).toBe('obsidian');
    });
  });
});
