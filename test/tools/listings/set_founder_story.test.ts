// set_founder_story through REST: replaces the founder story of an own listing,
// shown where the story section is unlocked; another maker's listing is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import get_my_listing from '../../../tools/listings/get_my_listing.js';
import tool from '../../../tools/listings/set_founder_story.js';
import { listingsTestBed, type ListingsTestBed } from './setup.js';

let bed: ListingsTestBed;
let mine: number;
let locked: number;
let theirs: number;
beforeAll(async () => {
  bed = await listingsTestBed([tool, get_my_listing]);
  const story = JSON.stringify(['story']);
  mine = await bed.listingOf(bed.maker, { slug: 'mine', fields: { unlocked_sections: story } });
  locked = await bed.listingOf(bed.maker, { slug: 'locked' });
  theirs = await bed.listingOf(bed.other, { slug: 'theirs', fields: { unlocked_sections: story } });
});
afterAll(async () => bed?.close());

const put = (id: number, body: unknown, as?: { auth: Record<string, string> }) =>
  bed.call('PUT', `/me/listings/${id}/story`, body, as);
const storyRow = (id: number) =>
  bed.ctx.db.selectFrom('stories').selectAll().where('listing_id', '=', id).executeTakeFirst();

describe('set_founder_story', () => {
  it('replaces the story; sections not sent are cleared', async () => {
    await put(mine, { title: 'Why', story: 'Long story', lessons: 'Ship' });
    const res = await put(mine, { title: 'Why 2', story: 'Shorter' });
    expect(await res.json()).toMatchObject({ title: 'Why 2', story: 'Shorter', lessons: null });
    expect((await put(mine, { title: 'x'.repeat(201) })).status).toBe(400);
    expect((await put(mine, { problem: 'x'.repeat(8001) })).status).toBe(400);
  });

  it('publishes the story with the listing where the story section is unlocked, and only there', async () => {
    expect((await put(mine, { title: 'How it began', journey: 'A garage' })).status).toBe(200);
    const shown = await (await bed.call('GET', `/me/listings/${mine}`)).json();
    expect(shown.story).toMatchObject({ title: 'How it began', journey: 'A garage', story: null });

    expect((await put(locked, { title: 'Not yet shown' })).status).toBe(200);
    expect((await storyRow(locked))?.title).toBe('Not yet shown');
    const hidden = await (await bed.call('GET', `/me/listings/${locked}`)).json();
    expect(hidden.unlocked_sections).toEqual([]);
    expect(hidden.story).toBeUndefined();
  });

  it.each([
    [{ title: 'x'.repeat(201) }, 'title'],
    [{ problem: 'x'.repeat(8001) }, 'problem'],
    [{ whats_next: 'x'.repeat(8001) }, 'whats_next'],
    [{ story: 42 }, 'story'],
    [{ tagline: 'Not a story section' }, 'tagline'],
  ])('refuses %j with a 400 naming %s, changing nothing', async (body, path) => {
    await put(mine, { title: 'Kept', story: 'As it was' });
    const before = await storyRow(mine);
    const res = await put(mine, body);
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: any) => e.path)).toContain(path);
    expect(await storyRow(mine)).toEqual(before);
  });

  it("is 404 for another maker's listing or an unknown one, and their story stays", async () => {
    expect((await put(theirs, { title: 'Theirs', story: 'Their words' }, bed.other)).status).toBe(200);
    const res = await put(theirs, { title: 'Hijacked' });
    expect(res.status).toBe(404);
    expect((await res.json()).detail).toMatch(/list_my_listings/);
    expect(await storyRow(theirs)).toMatchObject({ title: 'Theirs', story: 'Their words' });
    expect((await put(999_999, { title: 'Nowhere' })).status).toBe(404);
  });

  it("needs listings:write: the owner's read-only key is refused with 403 and the story stays", async () => {
    await put(mine, { title: 'Before' });
    const res = await put(mine, { title: 'Read-only' }, await bed.keyOf(bed.maker, ['account:read']));
    expect(res.status).toBe(403);
    expect((await storyRow(mine))?.title).toBe('Before');
  });
});
