// add_milestone through REST: a dated milestone on an own listing, shown where
// the milestones section is unlocked; another maker's listing is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../../tools/listings/add_milestone.js';
import get_my_listing from '../../../tools/listings/get_my_listing.js';
import { listingsTestBed, type ListingsTestBed } from './setup.js';

let bed: ListingsTestBed;
let mine: number;
let theirs: number;
beforeAll(async () => {
  bed = await listingsTestBed([tool, get_my_listing]);
  mine = await bed.listingOf(bed.maker, {
    slug: 'mine',
    fields: { plan: 'paid', unlocked_sections: JSON.stringify(['milestones']) },
  });
  theirs = await bed.listingOf(bed.other, { slug: 'theirs' });
});
afterAll(async () => bed?.close());

const add = (id: number, body: unknown, as?: { auth: Record<string, string> }) =>
  bed.call('POST', `/me/listings/${id}/milestones`, body, as);
const milestonesOf = async (id: number) =>
  (await bed.ctx.db.selectFrom('milestones').select('title').where('listing_id', '=', id).execute()).map(
    (m) => m.title,
  );

describe('add_milestone', () => {
  it('answers 201 with the milestone and its id, and shows it on the listing', async () => {
    const res = await add(mine, {
      date: '2026-03-01',
      title: 'Beta',
      description: 'Open to all',
      url: 'https://mine.example/beta',
    });
    expect(res.status).toBe(201);
    const milestone = await res.json();
    expect(milestone).toMatchObject({
      date: '2026-03-01',
      title: 'Beta',
      description: 'Open to all',
      url: 'https://mine.example/beta',
    });
    expect(milestone.id).toBeGreaterThanOrEqual(1);
    const listing = await (await bed.call('GET', `/me/listings/${mine}`)).json();
    expect(listing.milestones).toContainEqual({
      id: milestone.id,
      date: '2026-03-01',
      title: 'Beta',
      description: 'Open to all',
      url: 'https://mine.example/beta',
    });
  });

  it('leaves description and url empty when they are not sent', async () => {
    const res = await add(mine, { date: '2026-04-01', title: 'Launch' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ title: 'Launch', description: null, url: null });
  });

  it.each([
    [{ date: '2026-02-30', title: 'x' }, 'date'],
    [{ date: '2026-01-01', title: 'x', url: 'http://insecure.example' }, 'url'],
    [{ date: '2026-01-01', title: 'x'.repeat(201) }, 'title'],
    [{ title: 'x' }, 'date'],
    [{ date: '2026-01-01' }, 'title'],
    [{ date: '2026-01-01', title: 'x', description: 'x'.repeat(2001) }, 'description'],
    [{ date: '2026-01-01', title: 'x', url: `https://mine.example/${'x'.repeat(481)}` }, 'url'],
    [{ date: '2026-01-01', title: 'x', colour: 'red' }, 'colour'],
  ])('refuses %j naming %s, adding nothing', async (body, path) => {
    const before = await milestonesOf(mine);
    const res = await add(mine, body);
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].path).toBe(path);
    expect(await milestonesOf(mine)).toEqual(before);
  });

  it("is 404 for another maker's listing or an unknown one, adding nothing there", async () => {
    const res = await add(theirs, { date: '2026-01-01', title: 'Hijacked' });
    expect(res.status).toBe(404);
    expect((await res.json()).detail).toMatch(/list_my_listings/);
    expect(await milestonesOf(theirs)).toEqual([]);
    expect((await add(999_999, { date: '2026-01-01', title: 'Nowhere' })).status).toBe(404);
  });

  it("needs listings:write: the owner's read-only key is refused with 403 and nothing is added", async () => {
    const before = await milestonesOf(mine);
    const res = await add(
      mine,
      { date: '2026-05-01', title: 'Read-only' },
      await bed.keyOf(bed.maker, ['account:read']),
    );
    expect(res.status).toBe(403);
    expect(await milestonesOf(mine)).toEqual(before);
  });
});
