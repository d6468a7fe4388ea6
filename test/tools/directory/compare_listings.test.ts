import { describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/compare_listings.js';
import { anonymous } from '../../../src/auth/caller.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { given } from '../../helpers/given.js';
import { servedTools } from '../../helpers/server.js';
import { expectFieldRefused } from '../../helpers/rest.js';
import { userWithKey } from '../../helpers/users.js';

const served = servedTools({
  tools: [tool],
  seed: async (ctx) => {
    const g = given(ctx);
    const dev = await g.category({ slug: 'dev' });
    await ctx.db
      .updateTable('categories')
      .set({ compare_attributes: '["Open source","Self-hostable"]' })
      .where('id', '=', dev)
      .execute();
    const ci = await g.category({ slug: 'ci', parent: dev });
    await ctx.db
      .updateTable('categories')
      .set({ compare_attributes: '["Self-hostable","Free minutes"]' })
      .where('id', '=', ci)
      .execute();
    await g.listing({
      slug: 'alpha',
      categories: [ci],
      fields: {
        pricing_model: 'free',
        attributes: '{"Open source": true, "Free minutes": "2000"}',
        features: '["Caching"]',
      },
    });
    await g.listing({
      slug: 'beta',
      categories: [dev],
      fields: { pricing_model: 'paid', attributes: '{"Open source": false}' },
    });
    await g.listing({ slug: 'soon', status: 'scheduled', categories: [dev] });
  },
});

describe('compare_listings', () => {
  it('puts facts and category attributes side by side, null where a listing does not say', async () => {
    const body = (await invokeTool(served.ctx, tool, { a: 'alpha', b: 'beta' }, anonymous())).body as any;
    expect([body.a.slug, body.b.slug]).toEqual(['alpha', 'beta']);
    const row = (name: string) => body.rows.find((r: any) => r.attribute === name);
    expect(row('Pricing model')).toEqual({ attribute: 'Pricing model', a: 'free', b: 'paid' });
    expect(row('Features')).toEqual({ attribute: 'Features', a: ['Caching'], b: null });
    expect(row('Open source')).toEqual({ attribute: 'Open source', a: true, b: false });
    expect(row('Free minutes')).toEqual({ attribute: 'Free minutes', a: '2000', b: null });
    expect(row('Self-hostable')).toEqual({ attribute: 'Self-hostable', a: null, b: null });
  });

  it('is 404 when either listing is not live, and 400 without both slugs', async () => {
    const res = await fetch(`${served.server.url}/api/v1/compare?a=alpha&b=soon`);
    expect(res.status).toBe(404);
    expect((await res.json()).detail).toContain('soon');
    await expectFieldRefused(fetch(`${served.server.url}/api/v1/compare?a=alpha`), 'b');
  });

  it('compares the signed-in owner’s own listing before it is live, and nobody else’s', async () => {
    const owner = await userWithKey(served.ctx, ['account:read']);
    await given(served.ctx).listing({ slug: 'mine-soon', status: 'draft', fields: { owner_id: owner.userId } });
    const asOwner = await fetch(`${served.server.url}/api/v1/compare?a=mine-soon&b=alpha`, { headers: owner.auth });
    expect(asOwner.status).toBe(200);
    expect(asOwner.headers.get('cache-control')).toBe('private, no-cache');
    expect((await asOwner.json()).a.slug).toBe('mine-soon');
    const stranger = await userWithKey(served.ctx, ['account:read']);
    for (const headers of [{}, stranger.auth]) {
      const res = await fetch(`${served.server.url}/api/v1/compare?a=mine-soon&b=alpha`, { headers });
      expect(res.status).toBe(404);
    }
    // The owner's own listing does not open anyone else's unlaunched one.
    expect(
      (await fetch(`${served.server.url}/api/v1/compare?a=mine-soon&b=soon`, { headers: owner.auth })).status,
    ).toBe(404);
  });
});
