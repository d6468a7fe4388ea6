// get_my_listing through REST: one own listing in any status, with its plan,
// unlocked paid sections, badge check and next steps; another maker's is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../../tools/listings/get_my_listing.js';
import { listingsTestBed, type ListingsTestBed } from './setup.js';

let bed: ListingsTestBed;
let mainId: number;
let paidId: number;
let othersId: number;
beforeAll(async () => {
  bed = await listingsTestBed([tool]);
  mainId = await bed.listingOf(bed.maker, {
    slug: 'acme',
    status: 'draft',
    fields: { tagline: 'Old tagline', headline: 'Old headline' },
  });
  paidId = await bed.listingOf(bed.maker, {
    slug: 'acme-paid',
    status: 'awaiting_badge',
    fields: {
      plan: 'paid',
      unlocked_sections: JSON.stringify(['story']),
      badge_checked_at: '2026-11-21T09:00:00.000Z',
      badge_check_result: 'no link to the listing found',
    },
  });
  await bed.ctx.db
    .insertInto('stories')
    .values({
      listing_id: paidId,
      title: 'Why we built it',
      story: 'Invoices hurt.',
      updated_at: bed.ctx.clock.now().toISOString(),
    })
    .execute();
  await bed.ctx.db
    .insertInto('milestones')
    .values({
      listing_id: paidId,
      date: '2026-01-01',
      title: 'Locked away',
      description: null,
      url: null,
      created_at: bed.ctx.clock.now().toISOString(),
    })
    .execute();
  othersId = await bed.listingOf(bed.other, { slug: 'not-mine', fields: { tagline: 'Not yours to see' } });
});
afterAll(async () => bed?.close());

const get = (id: number | string, as?: { auth: Record<string, string> }) =>
  bed.call('GET', `/me/listings/${id}`, undefined, as);

describe('get_my_listing', () => {
  it("shows my draft with status, plan and next steps; another maker's listing is 404", async () => {
    const mine = await (await get(mainId)).json();
    expect(mine).toMatchObject({ listing_id: mainId, slug: 'acme', status: 'draft', plan: 'none' });
    expect(mine.next_steps.map((s: any) => s.tool)).toContain('choose_free_listing');
    expect((await get(othersId)).status).toBe(404);
    expect((await get(0)).status).toBe(400);
  });

  it('shows the paid sections unlocked for that listing, the last badge check and what to do next', async () => {
    const res = await get(paidId);
    expect(res.status).toBe(200);
    const paid = await res.json();
    expect(paid).toMatchObject({
      listing_id: paidId,
      status: 'awaiting_badge',
      plan: 'paid',
      unlocked_sections: ['story'],
    });
    expect(paid.story).toMatchObject({ title: 'Why we built it', story: 'Invoices hurt.', lessons: null });
    expect(paid.milestones).toBeUndefined();
    expect(paid.badge_check).toEqual({
      checked_at: '2026-11-21T09:00:00.000Z',
      result: 'no link to the listing found',
    });
    expect(paid.next_steps.map((s: any) => s.tool)).toEqual(['get_badges', 'check_badge']);
    const draft = await (await get(mainId)).json();
    expect(draft.unlocked_sections).toEqual([]);
    expect(draft.story).toBeUndefined();
    expect(draft.badge_check).toEqual({ checked_at: null, result: null });
  });

  it('names its site and my listings of the same company on other sites: the keys apply_to takes', async () => {
    const eu = await bed.ctx.db
      .insertInto('sites')
      .values({ key: 'eu', name: 'EU', base_url: 'http://localhost:3000/eu', created_at: '2026-01-01T00:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const here = await bed.listingOf(bed.maker, { slug: 'globex', fields: { company_key: 'globex.example' } });
    const there = await bed.listingOf(bed.maker, {
      slug: 'globex-eu',
      fields: { company_key: 'globex.example', site_id: eu.id },
    });
    // Another maker's listing of the same company is not one apply_to reaches.
    await bed.listingOf(bed.other, { slug: 'globex-other', fields: { company_key: 'globex.example', site_id: eu.id } });
    expect(await (await get(here)).json()).toMatchObject({
      site: 'main',
      other_sites: [{ site: 'eu', listing_id: there }],
    });
    expect(await (await get(there)).json()).toMatchObject({
      site: 'eu',
      other_sites: [{ site: 'main', listing_id: here }],
    });
    expect((await (await get(mainId)).json()).other_sites).toEqual([]);
  });

  it("is 404 for another maker's listing and an unknown one, showing none of it", async () => {
    for (const id of [othersId, 999_999]) {
      const res = await get(id);
      expect(res.status).toBe(404);
      const text = await res.text();
      expect(text).toMatch(/list_my_listings/);
      expect(text).not.toContain('Not yours to see');
    }
  });

  it.each(['0', '-1', 'acme'])('refuses listing id %s with a 400 naming listing_id', async (id) => {
    const res = await get(id);
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: any) => e.path)).toContain('listing_id');
  });

  it("needs account:read: the owner's key without it is refused with 403", async () => {
    const res = await get(mainId, await bed.keyOf(bed.maker, ['listings:write']));
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('Old tagline');
  });
});
