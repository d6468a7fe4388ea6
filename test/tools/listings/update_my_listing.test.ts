import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import getTool from '../../../tools/listings/get_my_listing.js';
import listTool from '../../../tools/listings/list_my_listings.js';
import tool from '../../../tools/listings/update_my_listing.js';
import { recentChanges } from '../../../src/listings/my-listings.js';
import { testContext, type TestContext } from '../../helpers/context.js';
import { given } from '../../helpers/given.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { userWithKey } from '../../helpers/users.js';
import { connectHttp } from '../../mcp/clients.js';

let ctx: TestContext;
let server: TestServer;
let maker: Awaited<ReturnType<typeof userWithKey>>;
let other: Awaited<ReturnType<typeof userWithKey>>;
let mainId: number;
let euId: number;
let othersId: number;
beforeAll(async () => {
  ctx = await testContext();
  maker = await userWithKey(ctx, ['account:read', 'listings:write']);
  other = await userWithKey(ctx, ['account:read', 'listings:write']);
  const eu = await ctx.db.insertInto('sites').values({ key: 'eu', name: 'EU', base_url: 'http://localhost:3000/eu', created_at: ctx.clock.now().toISOString() }).returning('id').executeTakeFirstOrThrow();
  const g = given(ctx);
  mainId = await g.listing({ slug: 'acme', status: 'draft', fields: { owner_id: maker.userId, company_key: 'acme.example', tagline: 'Old tagline', headline: 'Old headline' } });
  euId = await g.listing({ slug: 'acme-eu', status: 'live', fields: { owner_id: maker.userId, company_key: 'acme.example', site_id: eu.id, tagline: 'EU tagline', headline: 'EU headline' } });
  othersId = await g.listing({ slug: 'not-mine', fields: { owner_id: other.userId } });
  server = await startServer(ctx, [tool, getTool, listTool]);
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

const api = (path: string, init: RequestInit & { as?: typeof maker } = {}) =>
  fetch(`${server.url}/api/v1${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.as ?? maker).auth, ...(init.headers ?? {}) } });
const patch = (id: number, body: unknown, as = maker) => api(`/me/listings/${id}`, { method: 'PATCH', body: JSON.stringify(body), as });

describe('list_my_listings and get_my_listing', () => {
  it('lists only my listings, in any status', async () => {
    const body = await (await api('/me/listings')).json();
    expect(body.items.map((i: any) => i.slug).sort()).toEqual(['acme', 'acme-eu']);
    expect(body.total).toBe(2);
  });

  it("shows my draft with status, plan and next steps; another maker's listing is 404", async () => {
    const mine = await (await api(`/me/listings/${mainId}`)).json();
    expect(mine).toMatchObject({ listing_id: mainId, slug: 'acme', status: 'draft', plan: 'none' });
    expect(mine.next_steps.map((s: any) => s.tool)).toContain('choose_free_listing');
    expect((await api(`/me/listings/${othersId}`)).status).toBe(404);
    expect((await api('/me/listings/0')).status).toBe(400);
  });
});

describe('update_my_listing', () => {
  it('publishes edits at once and keeps a before/after history of successive edits', async () => {
    const first = await patch(mainId, { fields: { tagline: 'First', features: ['Fast'], country: 'de' } });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ tagline: 'First', features: ['Fast'], country: 'DE', changed: ['tagline', 'country', 'features'] });
    await patch(mainId, { fields: { tagline: 'Second', founded_year: 2020 } });
    const feed = (await recentChanges(ctx, { limit: 10 })).filter((c) => c.listing === 'acme');
    expect(feed[0]!.changes).toEqual({ tagline: { before: 'First', after: 'Second' }, founded_year: { before: null, after: 2020 } });
    expect(feed[1]!.changes.tagline).toEqual({ before: 'Old tagline', after: 'First' });
    expect(feed[1]!.by).toBe(maker.email);
  });

  it('replaces socials and FAQs', async () => {
    const res = await patch(mainId, { socials: { github: 'https://github.com/acme', website: 'https://acme.example' }, faqs: [{ question: 'Free?', answer: 'Yes' }] });
    const body = await res.json();
    expect(body.socials).toEqual({ github: 'https://github.com/acme', website: 'https://acme.example' });
    expect(body.faqs).toEqual([{ question: 'Free?', answer: 'Yes' }]);
    const again = await (await patch(mainId, { socials: { x: 'https://x.com/acme' } })).json();
    expect(again.socials).toEqual({ x: 'https://x.com/acme' });
  });

  it('sends only the sent site fields to the same company on other sites with apply_to', async () => {
    const res = await patch(mainId, { fields: { headline: 'Everywhere', tagline: 'Only here' }, apply_to: ['all'] });
    expect((await res.json()).applied_to).toEqual(['eu']);
    const eu = await ctx.db.selectFrom('listings').select(['headline', 'tagline']).where('id', '=', euId).executeTakeFirstOrThrow();
    expect(eu).toEqual({ headline: 'Everywhere', tagline: 'EU tagline' });
    const bad = await patch(mainId, { fields: { headline: 'x' }, apply_to: ['mars'] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].path).toBe('apply_to.0');
  });

  it.each([
    [{ fields: { tagline: 'x'.repeat(201) } }, 'fields.tagline'],
    [{ fields: { founded_year: 1799 } }, 'fields.founded_year'],
    [{ fields: { name: 'Renamed' } }, 'fields.name'],
    [{ fields: { features: Array(21).fill('f') } }, 'fields.features'],
    [{ socials: { myspace: 'https://myspace.com/x' } }, 'socials.myspace'],
    [{ faqs: Array(11).fill({ question: 'q', answer: 'a' }) }, 'faqs'],
    [{ colour: 'red' }, 'colour'],
  ])('refuses %j with a 400 naming %s, changing nothing', async (body, path) => {
    const before = await ctx.db.selectFrom('listings').select(['tagline', 'updated_at']).where('id', '=', mainId).executeTakeFirstOrThrow();
    const res = await patch(mainId, body);
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: any) => e.path)).toContain(path);
    expect(await ctx.db.selectFrom('listings').select(['tagline', 'updated_at']).where('id', '=', mainId).executeTakeFirstOrThrow()).toEqual(before);
  });

  it("is 404 for another maker's listing, and leaves it alone", async () => {
    expect((await patch(othersId, { fields: { tagline: 'Hijacked' } })).status).toBe(404);
    const row = await ctx.db.selectFrom('listings').select('tagline').where('id', '=', othersId).executeTakeFirstOrThrow();
    expect(row.tagline).toBeNull();
  });

  it('works over MCP with the same rules', async () => {
    const client = await connectHttp('v2-2026-07-28', `${server.url}/mcp`, maker.auth);
    try {
      const ok = await client.callTool('update_my_listing', { listing_id: mainId, fields: { pricing_model: 'freemium' } });
      expect((ok.structuredContent as any).pricing.model).toBe('freemium');
      expect((await client.callTool('update_my_listing', { listing_id: othersId, fields: { tagline: 'x' } })).isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
