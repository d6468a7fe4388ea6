import { describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/get_category.js';
import { anonymous } from '../../../src/auth/caller.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { given } from '../../helpers/given.js';
import { servedTools } from '../../helpers/server.js';
import { itAnswersOverMcpLikeRest } from '../../helpers/mcp.js';

const served = servedTools({
  tools: [tool],
  seed: async (ctx) => {
    const g = given(ctx);
    const dev = await g.category({ slug: 'developer-tools', name: 'Developer tools' });
    const api = await g.category({ slug: 'api-tools', name: 'API tools', parent: dev, position: 1 });
    const graphql = await g.category({ slug: 'graphql', name: 'GraphQL', parent: api });
    await g.category({ slug: 'testing', name: 'Testing', parent: dev, position: 2 });
    const design = await g.category({ slug: 'design', name: 'Design' });
    await ctx.db
      .updateTable('categories')
      .set({
        description: 'Tools for builders.',
        faqs: JSON.stringify([{ question: 'What is here?', answer: 'Developer tools.' }, { question: 'broken' }]),
      })
      .where('id', '=', dev)
      .execute();
    await ctx.db.updateTable('categories').set({ faqs: 'not json' }).where('id', '=', design).execute();
    const testing = (
      await ctx.db.selectFrom('categories').select('id').where('slug', '=', 'testing').executeTakeFirstOrThrow()
    ).id;

    const live = (slug: string, categories: number[], votes: number, launched: string) =>
      g.listing({
        slug,
        categories,
        fields: { name: slug.toUpperCase(), votes_count: votes, launched_at: `${launched}T10:00:00.000Z` },
      });
    await live('alpha', [api], 10, '2026-11-10');
    await live('bravo', [api, dev], 30, '2026-11-01'); // in two of the tree's categories: listed once
    await live('charlie', [dev], 10, '2026-11-20'); // ties alpha on votes, launched later: first
    await live('delta', [testing], 5, '2026-11-02');
    await live('echo', [graphql], 1, '2026-11-03'); // a grandchild counts for its ancestors
    await live('golf', [design], 99, '2026-11-04');
    await g.listing({ slug: 'draft-one', status: 'draft', categories: [api], fields: { votes_count: 100 } });
    await g.listing({ slug: 'soon', status: 'scheduled', categories: [dev], fields: { votes_count: 100 } });
  },
});

const get = async (input: object) => (await invokeTool(served.ctx, tool, input, anonymous())).body as any;
const slugs = (body: any) => body.items.map((i: any) => i.slug);

describe('get_category', () => {
  it('returns the category with its FAQs, parent and subcategories with live counts', async () => {
    const body = await get({ slug: 'developer-tools' });
    expect(body).toMatchObject({
      slug: 'developer-tools',
      name: 'Developer tools',
      description: 'Tools for builders.',
      faqs: [{ question: 'What is here?', answer: 'Developer tools.' }],
      parent: null,
      subcategories: [
        { slug: 'api-tools', name: 'API tools', listing_count: 3 },
        { slug: 'testing', name: 'Testing', listing_count: 1 },
      ],
    });
    const api = await get({ slug: 'api-tools' });
    expect(api.parent).toEqual({ slug: 'developer-tools', name: 'Developer tools' });
    expect(api.subcategories).toEqual([{ slug: 'graphql', name: 'GraphQL', listing_count: 1 }]);
    expect((await get({ slug: 'graphql' })).subcategories).toEqual([]);
  });

  it('lists live listings of the category and every subcategory once, most voted first, ties newest launch first', async () => {
    const body = await get({ slug: 'developer-tools' });
    expect(slugs(body)).toEqual(['bravo', 'charlie', 'alpha', 'delta', 'echo']);
    expect(body).toMatchObject({ total: 5, page: 1, per_page: 20 });
    expect(body.items[0]).toMatchObject({
      name: 'BRAVO',
      votes: 30,
      url: 'https://bravo.example.com',
      profile_url: 'http://localhost:3000/listings/bravo',
    });
    expect(slugs(await get({ slug: 'api-tools' }))).toEqual(['bravo', 'alpha', 'echo']);
  });

  it('paginates with a total, past the end too', async () => {
    expect(slugs(await get({ slug: 'developer-tools', per_page: 2, page: 2 }))).toEqual(['alpha', 'delta']);
    expect(await get({ slug: 'developer-tools', per_page: 2, page: 3 })).toMatchObject({
      total: 5,
      page: 3,
      per_page: 2,
    });
    expect(await get({ slug: 'developer-tools', page: 1000 })).toMatchObject({ items: [], total: 5 });
  });

  it('returns an empty page and no FAQs for a category whose FAQs are unreadable', async () => {
    expect(await get({ slug: 'testing' })).toMatchObject({ total: 1, faqs: [] });
    expect(await get({ slug: 'design' })).toMatchObject({ faqs: [], total: 1 });
  });

  it('answers 404 for an unknown slug', async () => {
    await expect(get({ slug: 'no-such-category' })).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('answers over REST, with 404 and 400 problems', async () => {
    const ok = await fetch(`${served.server.url}/api/v1/categories/developer-tools?per_page=1`);
    expect(ok.status).toBe(200);
    expect(slugs(await ok.json())).toEqual(['bravo']);
    const missing = await fetch(`${served.server.url}/api/v1/categories/nothing-here`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await fetch(`${served.server.url}/api/v1/categories/Bad_Slug`)).status).toBe(400);
    expect((await fetch(`${served.server.url}/api/v1/categories/design?per_page=101`)).status).toBe(400);
    expect((await fetch(`${served.server.url}/api/v1/categories/design?page=0`)).status).toBe(400);
  });

  itAnswersOverMcpLikeRest(served, 'v2-2026-07-28', {
    tool: 'get_category',
    args: { slug: 'api-tools' },
    restPath: '/categories/api-tools',
    refused: { slug: 'nothing-here' },
  });
});
