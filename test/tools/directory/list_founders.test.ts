import { describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/list_founders.js';
import { anonymous } from '../../../src/auth/caller.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { directory } from '../../helpers/directory.js';
import { given } from '../../helpers/given.js';
import { servedTools } from '../../helpers/server.js';
import { withMcpClient } from '../../mcp/clients.js';
import { expectFieldRefused } from '../../helpers/rest.js';

const served = servedTools({
  tools: [tool],
  seed: async (ctx) => {
    const g = given(ctx);
    const d = directory(ctx);
    const acme = await g.listing({ slug: 'acme', fields: { name: 'Acme', launched_at: '2026-11-01T00:00:00.000Z' } });
    const beta = await g.listing({ slug: 'beta', fields: { name: 'Beta', launched_at: '2026-11-15T00:00:00.000Z' } });
    const draft = await g.listing({ slug: 'draft-co', status: 'draft' });
    const soon = await g.listing({ slug: 'soon-co', status: 'scheduled' });
    await d.founder({
      slug: 'ada-lovelace',
      name: 'Ada Lovelace',
      listings: [acme, beta],
      fields: { country: 'GB', title: 'CEO' },
    });
    await d.founder({ slug: 'anna-b', name: 'anna b', listings: [beta], fields: { country: 'se' } });
    await d.founder({ slug: 'bob-smith', name: 'bob Smith', listings: [beta], fields: { country: 'us' } });
    await d.founder({ slug: 'carla', name: 'Carla 100%_Real', listings: [acme, draft], fields: { country: 'US' } });
    await d.founder({ slug: 'dora', name: 'Dora Draft', listings: [draft] });
    await d.founder({ slug: 'emil', name: 'Emil Soon', listings: [soon] });
    await d.founder({ slug: 'zed', name: 'Zed Nobody' });
  },
});

const list = async (input: object) => (await invokeTool(served.ctx, tool, input, anonymous())).body as any;
const slugs = (body: any) => body.items.map((i: any) => i.slug);

describe('list_founders', () => {
  it('lists only founders behind a live listing, ordered by name whatever its case', async () => {
    const body = await list({});
    expect(slugs(body)).toEqual(['ada-lovelace', 'anna-b', 'bob-smith', 'carla']);
    expect(body).toMatchObject({ total: 4, page: 1, per_page: 20 });
  });

  it('shows each founder with their live companies, newest launch first', async () => {
    const [ada] = (await list({ q: 'ada' })).items;
    expect(ada).toEqual({
      slug: 'ada-lovelace',
      name: 'Ada Lovelace',
      title: 'CEO',
      country: 'GB',
      avatar_url: null,
      profile_url: 'http://localhost:3000/founders/ada-lovelace',
      companies: [
        { slug: 'beta', name: 'Beta' },
        { slug: 'acme', name: 'Acme' },
      ],
    });
    const [carla] = (await list({ q: 'carla' })).items;
    expect(carla.companies).toEqual([{ slug: 'acme', name: 'Acme' }]);
  });

  it('matches q against any part of the name, case-insensitively', async () => {
    expect(slugs(await list({ q: 'LOVE' }))).toEqual(['ada-lovelace']);
    expect(slugs(await list({ q: 'smith' }))).toEqual(['bob-smith']);
    expect(slugs(await list({ q: 'a b' }))).toEqual(['anna-b']);
    expect(slugs(await list({ q: 'draft' }))).toEqual([]);
    expect(slugs(await list({ q: '   ' }))).toHaveLength(4);
  });

  it('takes % and _ in q literally', async () => {
    expect(slugs(await list({ q: '%' }))).toEqual(['carla']);
    expect(slugs(await list({ q: '_' }))).toEqual(['carla']);
    expect(slugs(await list({ q: '0%_r' }))).toEqual(['carla']);
    expect(slugs(await list({ q: '\\' }))).toEqual([]);
  });

  it('filters by country, case-insensitively on both sides', async () => {
    expect(slugs(await list({ country: 'us' }))).toEqual(['bob-smith', 'carla']);
    expect(slugs(await list({ country: 'gB' }))).toEqual(['ada-lovelace']);
    expect(slugs(await list({ country: 'US', q: 'bob' }))).toEqual(['bob-smith']);
    expect(await list({ country: 'fr' })).toMatchObject({ items: [], total: 0 });
  });

  it('paginates with a total', async () => {
    expect(slugs(await list({ per_page: 3, page: 2 }))).toEqual(['carla']);
    expect(await list({ per_page: 2, page: 3 })).toMatchObject({ items: [], total: 4, page: 3, per_page: 2 });
  });

  it('answers over REST and rejects out-of-bounds input with 400', async () => {
    const ok = await fetch(`${served.server.url}/api/v1/founders?q=LO&country=gb`);
    expect(ok.status).toBe(200);
    expect(slugs(await ok.json())).toEqual(['ada-lovelace']);
    await expectFieldRefused(fetch(`${served.server.url}/api/v1/founders?country=usa`), 'country');
    expect((await fetch(`${served.server.url}/api/v1/founders?country=u1`)).status).toBe(400);
    expect((await fetch(`${served.server.url}/api/v1/founders?q=${'x'.repeat(121)}`)).status).toBe(400);
    expect((await fetch(`${served.server.url}/api/v1/founders?q=${'x'.repeat(120)}`)).status).toBe(200);
    expect((await fetch(`${served.server.url}/api/v1/founders?sort=name`)).status).toBe(400);
  });

  it('answers over MCP with structured content', async () => {
    await withMcpClient('v2-2025-11-25', `${served.server.url}/mcp`, async (client) => {
      const result = await client.callTool('list_founders', { country: 'US' });
      expect(result.isError).toBeFalsy();
      expect(slugs(result.structuredContent)).toEqual(['bob-smith', 'carla']);
    });
  });
});
