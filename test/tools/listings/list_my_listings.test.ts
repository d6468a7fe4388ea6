// list_my_listings through REST: every own listing in any status, most
// recently changed first, paginated; never another maker's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../../tools/listings/list_my_listings.js';
import { userWithKey } from '../../helpers/users.js';
import { listingsTestBed, type ListingsTestBed } from './setup.js';

let bed: ListingsTestBed;
beforeAll(async () => {
  bed = await listingsTestBed([tool]);
  await bed.listingOf(bed.maker, { slug: 'acme', status: 'draft' });
  await bed.listingOf(bed.maker, { slug: 'acme-eu', status: 'live' });
  await bed.listingOf(bed.other, { slug: 'not-mine' });
});
afterAll(async () => bed?.close());

const list = (query = '', as?: { auth: Record<string, string> }) =>
  bed.call('GET', `/me/listings${query}`, undefined, as);

describe('list_my_listings', () => {
  it('lists only my listings, in any status', async () => {
    const body = await (await list()).json();
    expect(body.items.map((i: any) => i.slug).sort()).toEqual(['acme', 'acme-eu']);
    expect(body.total).toBe(2);
  });

  it('puts the most recently changed first, with listing_id and plan, and pages through them', async () => {
    const maker = await userWithKey(bed.ctx, ['account:read']);
    const oldest = await bed.listingOf(maker, {
      slug: 'oldest',
      status: 'draft',
      fields: { updated_at: '2026-11-01T00:00:00.000Z' },
    });
    const newest = await bed.listingOf(maker, {
      slug: 'newest',
      status: 'scheduled',
      fields: { plan: 'free', updated_at: '2026-11-03T00:00:00.000Z' },
    });
    const middle = await bed.listingOf(maker, {
      slug: 'middle',
      status: 'live',
      fields: { plan: 'paid', updated_at: '2026-11-02T00:00:00.000Z' },
    });
    const first = await (await list('?per_page=2', maker)).json();
    expect(first).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(first.items.map((i: any) => [i.listing_id, i.slug, i.status, i.plan])).toEqual([
      [newest, 'newest', 'scheduled', 'free'],
      [middle, 'middle', 'live', 'paid'],
    ]);
    const second = await (await list('?per_page=2&page=2', maker)).json();
    expect(second.items.map((i: any) => [i.listing_id, i.plan])).toEqual([[oldest, 'none']]);
  });

  it('is empty for a maker with no listings', async () => {
    const res = await list('', await userWithKey(bed.ctx, ['account:read']));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ items: [], total: 0 });
  });

  it.each([
    ['?per_page=0', 'per_page'],
    ['?per_page=101', 'per_page'],
    ['?page=0', 'page'],
    ['?page=1001', 'page'],
  ])('refuses %s with a 400 naming %s', async (query, path) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: any) => e.path)).toContain(path);
  });

  it("needs account:read: the maker's key without it is refused with 403", async () => {
    const res = await list('', await bed.keyOf(bed.maker, ['listings:write']));
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('acme');
  });
});
