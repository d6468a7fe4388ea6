import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/get_site_info.js';
import { anonymous } from '../../../src/auth/caller.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { setSetting } from '../../../src/directory/settings.js';
import { testContext, type TestContext } from '../../helpers/context.js';
import { given } from '../../helpers/given.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testContext({ publicUrl: 'https://launch.example.org' });
});
afterAll(async () => ctx?.close());

describe('get_site_info', () => {
  it('counts only live listings and every category', async () => {
    const g = given(ctx);
    const parent = await g.category();
    await g.category({ parent });
    await g.listing({ status: 'live' });
    await g.listing({ status: 'live' });
    await g.listing({ status: 'scheduled' });
    await g.listing({ status: 'draft' });
    const { body } = await invokeTool(ctx, tool, {}, anonymous());
    expect((body as any).counts).toEqual({ live_listings: 2, categories: 2 });
  });

  it('counts live listings from the search index once it is built, following later writes', async () => {
    await ctx.search.sync();
    const before = ((await invokeTool(ctx, tool, {}, anonymous())).body as any).counts.live_listings;
    expect(ctx.search.count('live')).toBe(before);
    const g = given(ctx);
    const listingId = await g.listing({ status: 'live' });
    await g.listing({ status: 'scheduled' });
    expect(((await invokeTool(ctx, tool, {}, anonymous())).body as any).counts.live_listings).toBe(before + 1);
    await ctx.db
      .updateTable('listings')
      .set({ status: 'draft', updated_at: new Date(ctx.clock.now().getTime() + 1000).toISOString() })
      .where('id', '=', listingId)
      .execute();
    expect(((await invokeTool(ctx, tool, {}, anonymous())).body as any).counts.live_listings).toBe(before);
  });

  it('derives every public location from PUBLIC_URL', async () => {
    const { body } = (await invokeTool(ctx, tool, {}, anonymous())) as { body: any };
    expect(body.urls.api_base).toBe('https://launch.example.org/api/v1');
    expect(body.api.openapi_url).toBe('https://launch.example.org/api/v1/openapi.json');
    expect(body.mcp).toEqual({
      url: 'https://launch.example.org/mcp',
      transport: 'streamable-http',
      protocol_versions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'],
    });
  });

  it('lists the values live listings use for the stage, pricing and country filters', async () => {
    const g = given(ctx);
    await g.listing({ fields: { stage: 'Beta', pricing_model: 'Freemium', country: 'de' } });
    await g.listing({ fields: { stage: 'launched', pricing_model: 'free', country: 'SE' } });
    await g.listing({ status: 'draft', fields: { stage: 'idea', pricing_model: 'trial', country: 'JP' } });
    const { body } = (await invokeTool(ctx, tool, {}, anonymous())) as { body: any };
    expect(body.filters).toEqual({
      stages: ['beta', 'launched'],
      pricing_models: ['free', 'freemium'],
      countries: ['DE', 'SE'],
    });
  });

  it('lists the sites whose keys apply_to takes, this one first as main', async () => {
    await ctx.db
      .insertInto('sites')
      .values({
        key: 'eu',
        name: 'Launchboard EU',
        base_url: 'https://eu.example.org',
        created_at: '2026-01-01T00:00:00Z',
      })
      .execute();
    const { body } = (await invokeTool(ctx, tool, {}, anonymous())) as { body: any };
    expect(body.sites).toEqual([
      { key: 'main', name: body.name, url: 'https://launch.example.org' },
      { key: 'eu', name: 'Launchboard EU', url: 'https://eu.example.org' },
    ]);
  });

  it('uses the name the admin set', async () => {
    await setSetting(ctx.db, 'site_name', 'Makers Weekly', ctx.clock.now());
    const { body } = (await invokeTool(ctx, tool, {}, anonymous())) as { body: any };
    expect(body.name).toBe('Makers Weekly');
  });
});
