// delete_milestone through REST: removes a milestone of an own listing; a
// milestone on another listing, or another maker's listing, is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import add_milestone from '../../../tools/listings/add_milestone.js';
import tool from '../../../tools/listings/delete_milestone.js';
import get_my_listing from '../../../tools/listings/get_my_listing.js';
import { listingsTestBed, type ListingsTestBed } from './setup.js';

let bed: ListingsTestBed;
let mine: number;
let theirs: number;
beforeAll(async () => {
  bed = await listingsTestBed([add_milestone, tool, get_my_listing]);
  mine = await bed.listingOf(bed.maker, {
    slug: 'mine',
    fields: { unlocked_sections: JSON.stringify(['milestones']) },
  });
  theirs = await bed.listingOf(bed.other, { slug: 'theirs' });
});
afterAll(async () => bed?.close());

const call = (method: string, path: string, body?: unknown, as?: { auth: Record<string, string> }) =>
  bed.call(method, path, body, as);
const addTo = async (id: number, title: string, as = bed.maker): Promise<number> => {
  const res = await call('POST', `/me/listings/${id}/milestones`, { date: '2026-02-01', title }, as);
  expect(res.status).toBe(201);
  return (await res.json()).id;
};
const stillThere = async (milestoneId: number) =>
  (await bed.ctx.db.selectFrom('milestones').select('id').where('id', '=', milestoneId).executeTakeFirst()) !==
  undefined;

describe('delete_milestone', () => {
  it("adds (201) and deletes a milestone; another listing's milestone is 404", async () => {
    const res = await call('POST', `/me/listings/${mine}/milestones`, {
      date: '2026-03-01',
      title: 'Beta',
      url: 'https://mine.example/beta',
    });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const foreign = await bed.ctx.db
      .insertInto('milestones')
      .values({
        listing_id: theirs,
        date: '2026-01-01',
        title: 'T',
        description: null,
        url: null,
        created_at: bed.ctx.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call('DELETE', `/me/listings/${mine}/milestones/${foreign.id}`)).status).toBe(404);
    expect((await call('DELETE', `/me/listings/${mine}/milestones/${id}`)).status).toBe(200);
    expect((await call('DELETE', `/me/listings/${mine}/milestones/${id}`)).status).toBe(404);
  });

  it('answers with the deleted id, and the milestone leaves the listing while the others stay', async () => {
    const gone = await addTo(mine, 'Alpha');
    const kept = await addTo(mine, 'Kept');
    const res = await call('DELETE', `/me/listings/${mine}/milestones/${gone}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true, milestone_id: gone });
    const listing = await (await call('GET', `/me/listings/${mine}`)).json();
    const ids = listing.milestones.map((m: { id: number }) => m.id);
    expect(ids).toContain(kept);
    expect(ids).not.toContain(gone);
  });

  it("is 404 through another maker's listing, and their milestone stays", async () => {
    const theirMilestone = await addTo(theirs, 'Theirs', bed.other);
    const res = await call('DELETE', `/me/listings/${theirs}/milestones/${theirMilestone}`);
    expect(res.status).toBe(404);
    expect((await res.json()).detail).toMatch(/list_my_listings/);
    expect(await stillThere(theirMilestone)).toBe(true);
  });

  it.each([
    ['milestone id 0', () => `/me/listings/${mine}/milestones/0`, 'milestone_id'],
    ['a milestone id that is not a number', () => `/me/listings/${mine}/milestones/first`, 'milestone_id'],
    ['listing id 0', () => '/me/listings/0/milestones/1', 'listing_id'],
  ])('refuses %s with a 400 naming %s', async (_what, path, field) => {
    const res = await call('DELETE', path());
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: any) => e.path)).toContain(field);
  });

  it("needs listings:write: the owner's read-only key is refused with 403 and the milestone stays", async () => {
    const id = await addTo(mine, 'Read-only');
    const res = await call(
      'DELETE',
      `/me/listings/${mine}/milestones/${id}`,
      undefined,
      await bed.keyOf(bed.maker, ['account:read']),
    );
    expect(res.status).toBe(403);
    expect(await stillThere(id)).toBe(true);
  });
});
