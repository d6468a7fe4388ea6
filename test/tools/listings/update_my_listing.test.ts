// update_my_listing through REST (and over MCP): edits publish at once with a
// before/after history, apply_to carries site fields to the same company's
// listings on other sites; another maker's listing is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../../tools/listings/update_my_listing.js';
import { recentChanges } from '../../../src/listings/my-listings.js';
import { connectHttp } from '../../mcp/clients.js';
import { listingsTestBed, type ListingsTestBed } from './setup.js';

let bed: ListingsTestBed;
let mainId: number;
let euId: number;
let othersId: number;
beforeAll(async () => {
  bed = await listingsTestBed([tool]);
  const eu = await bed.ctx.db
    .insertInto('sites')
    .values({
      key: 'eu',
      name: 'EU',
      base_url: 'http://localhost:3000/eu',
      created_at: bed.ctx.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  mainId = await bed.listingOf(bed.maker, {
    slug: 'acme',
    status: 'draft',
    fields: { company_key: 'acme.example', tagline: 'Old tagline', headline: 'Old headline' },
  });
  euId = await bed.listingOf(bed.maker, {
    slug: 'acme-eu',
    status: 'live',
    fields: { company_key: 'acme.example', site_id: eu.id, tagline: 'EU tagline', headline: 'EU headline' },
  });
  othersId = await bed.listingOf(bed.other, { slug: 'not-mine' });
});
afterAll(async () => bed?.close());

const patch = (id: number, body: unknown) => bed.call('PATCH', `/me/listings/${id}`, body);

describe('update_my_listing', () => {
  it('publishes edits at once and keeps a before/after history of successive edits', async () => {
    const first = await patch(mainId, { fields: { tagline: 'First', features: ['Fast'], country: 'de' } });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      tagline: 'First',
      features: ['Fast'],
      country: 'DE',
      changed: ['tagline', 'country', 'features'],
    });
    await patch(mainId, { fields: { tagline: 'Second', founded_year: 2020 } });
    const feed = (await recentChanges(bed.ctx, { limit: 10 })).filter((c) => c.listing === 'acme');
    expect(feed[0]!.changes).toEqual({
      tagline: { before: 'First', after: 'Second' },
      founded_year: { before: null, after: 2020 },
    });
    expect(feed[1]!.changes.tagline).toEqual({ before: 'Old tagline', after: 'First' });
    expect(feed[1]!.by).toBe(bed.maker.email);
  });

  it('replaces socials and FAQs', async () => {
    const res = await patch(mainId, {
      socials: { github: 'https://github.com/acme', website: 'https://acme.example' },
      faqs: [{ question: 'Free?', answer: 'Yes' }],
    });
    const body = await res.json();
    expect(body.socials).toEqual({ github: 'https://github.com/acme', website: 'https://acme.example' });
    expect(body.faqs).toEqual([{ question: 'Free?', answer: 'Yes' }]);
    const again = await (await patch(mainId, { socials: { x: 'https://x.com/acme' } })).json();
    expect(again.socials).toEqual({ x: 'https://x.com/acme' });
  });

  it('accepts only http(s) links for socials and the demo video, naming the field, and writes nothing', async () => {
    for (const [body, field] of [
      [{ socials: { x: 'javascript:alert(1)' } }, 'socials.x'],
      [{ socials: { website: 'data:text/html,<b>hi</b>' } }, 'socials.website'],
      [{ fields: { demo_video_url: 'javascript:alert(1)' } }, 'fields.demo_video_url'],
      [{ fields: { demo_video_url: 'vbscript:x' } }, 'fields.demo_video_url'],
    ] as const) {
      const res = await patch(mainId, body);
      expect(res.status, field).toBe(400);
      expect((await res.json()).errors.map((e: { path: string }) => e.path)).toEqual([field]);
    }
    const row = await bed.ctx.db
      .selectFrom('listings')
      .select('demo_video_url')
      .where('id', '=', mainId)
      .executeTakeFirstOrThrow();
    expect(row.demo_video_url ?? '').not.toMatch(/script|data:/);
    // Empty clears; an http(s) link is kept.
    expect((await patch(mainId, { fields: { demo_video_url: 'https://video.example/demo' } })).status).toBe(200);
    expect((await patch(mainId, { fields: { demo_video_url: '' } })).status).toBe(200);
  });

  it('sends only the sent site fields to the same company on other sites with apply_to', async () => {
    const res = await patch(mainId, { fields: { headline: 'Everywhere', tagline: 'Only here' }, apply_to: ['all'] });
    const body = await res.json();
    expect(body.applied_to).toEqual(['eu']);
    // The result lists where apply_to reaches, as get_my_listing does.
    expect(body.other_sites).toEqual([{ site: 'eu', listing_id: euId }]);
    const eu = await bed.ctx.db
      .selectFrom('listings')
      .select(['headline', 'tagline'])
      .where('id', '=', euId)
      .executeTakeFirstOrThrow();
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
    const before = await bed.ctx.db
      .selectFrom('listings')
      .select(['tagline', 'updated_at'])
      .where('id', '=', mainId)
      .executeTakeFirstOrThrow();
    const res = await patch(mainId, body);
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: any) => e.path)).toContain(path);
    expect(
      await bed.ctx.db
        .selectFrom('listings')
        .select(['tagline', 'updated_at'])
        .where('id', '=', mainId)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
  });

  it("is 404 for another maker's listing, and leaves it alone", async () => {
    expect((await patch(othersId, { fields: { tagline: 'Hijacked' } })).status).toBe(404);
    const row = await bed.ctx.db
      .selectFrom('listings')
      .select('tagline')
      .where('id', '=', othersId)
      .executeTakeFirstOrThrow();
    expect(row.tagline).toBeNull();
  });

  it('works over MCP with the same rules', async () => {
    const client = await connectHttp('v2-2026-07-28', `${bed.server.url}/mcp`, bed.maker.auth);
    try {
      const ok = await client.callTool('update_my_listing', {
        listing_id: mainId,
        fields: { pricing_model: 'freemium' },
      });
      expect((ok.structuredContent as any).pricing.model).toBe('freemium');
      expect(
        (await client.callTool('update_my_listing', { listing_id: othersId, fields: { tagline: 'x' } })).isError,
      ).toBe(true);
    } finally {
      await client.close();
    }
  });
});
