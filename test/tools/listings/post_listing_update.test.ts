// post_listing_update through REST: news on an own listing, told to every
// follower; another maker's listing is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import get_my_listing from '../../../tools/listings/get_my_listing.js';
import tool from '../../../tools/listings/post_listing_update.js';
import { confirmEmail, userWithKey } from '../../helpers/users.js';
import { listingsTestBed, type ListingsTestBed } from './setup.js';

let bed: ListingsTestBed;
let mine: number;
let theirs: number;
beforeAll(async () => {
  bed = await listingsTestBed([tool, get_my_listing]);
  mine = await bed.listingOf(bed.maker, { slug: 'mine', fields: { name: 'Mine' } });
  theirs = await bed.listingOf(bed.other, { slug: 'theirs' });
  await bed.ctx.db
    .insertInto('follows')
    .values({ listing_id: mine, user_id: bed.other.userId, created_at: bed.ctx.clock.now().toISOString() })
    .execute();
  // Activity mail goes only to confirmed addresses.
  await confirmEmail(bed.ctx, bed.other.userId);
});
afterAll(async () => bed?.close());

const post = (id: number, body: unknown, as?: { auth: Record<string, string> }) =>
  bed.call('POST', `/me/listings/${id}/updates`, body, as);
const updatesOf = async (id: number) =>
  (await bed.ctx.db.selectFrom('listing_updates').select('title').where('listing_id', '=', id).execute()).map(
    (u) => u.title,
  );

describe('post_listing_update', () => {
  it('answers 201 and tells every follower by notification and email', async () => {
    const res = await post(mine, { title: 'Dark mode', body: 'It is here.' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ title: 'Dark mode', followers_notified: 1 });
    const note = await bed.ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', bed.other.userId)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ kind: 'listing_update', listing_id: mine, title: 'Mine: Dark mode' });
    const mail = await bed.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to', '=', bed.other.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Update: Mine: Dark mode');
  });

  it("refuses a title over 200 characters and another maker's listing", async () => {
    expect((await post(mine, { title: 'x'.repeat(201), body: 'b' })).status).toBe(400);
    expect((await post(theirs, { title: 't', body: 'b' })).status).toBe(404);
  });

  it("shows the update first among the listing's latest updates", async () => {
    expect((await post(mine, { title: 'New pricing', body: 'Cheaper now.' })).status).toBe(201);
    const listing = await (await bed.call('GET', `/me/listings/${mine}`)).json();
    expect(listing.latest_updates[0]).toMatchObject({ title: 'New pricing', body: 'Cheaper now.' });
  });

  it('tells followers but not the maker who posts, even when the maker follows the listing', async () => {
    const follower = await userWithKey(bed.ctx, ['account:read']);
    const followed = await bed.listingOf(bed.maker, { slug: 'followed', fields: { name: 'Followed' } });
    const now = bed.ctx.clock.now().toISOString();
    await bed.ctx.db
      .insertInto('follows')
      .values([
        { listing_id: followed, user_id: follower.userId, created_at: now },
        { listing_id: followed, user_id: bed.maker.userId, created_at: now },
      ])
      .execute();
    const res = await post(followed, { title: 'v2', body: 'Out now.' });
    expect((await res.json()).followers_notified).toBe(1);
    const notified = await bed.ctx.db
      .selectFrom('notifications')
      .select('user_id')
      .where('listing_id', '=', followed)
      .execute();
    expect(notified).toEqual([{ user_id: follower.userId }]);
    expect(await bed.ctx.db.selectFrom('outbox').select('to').where('to', '=', bed.maker.email).execute()).toEqual([]);
  });

  it.each([
    [{ title: 'x'.repeat(201), body: 'b' }, 'title'],
    [{ title: '', body: 'b' }, 'title'],
    [{ title: 't', body: 'x'.repeat(5001) }, 'body'],
    [{ title: 't' }, 'body'],
    [{ title: 't', body: 'b', pinned: true }, 'pinned'],
  ])('refuses %j with a 400 naming %s, posting nothing', async (body, path) => {
    const before = await updatesOf(mine);
    const res = await post(mine, body);
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: any) => e.path)).toContain(path);
    expect(await updatesOf(mine)).toEqual(before);
  });

  it("is 404 for another maker's listing or an unknown one, posting and telling nothing", async () => {
    await bed.ctx.db
      .insertInto('follows')
      .values({ listing_id: theirs, user_id: bed.maker.userId, created_at: bed.ctx.clock.now().toISOString() })
      .execute();
    const res = await post(theirs, { title: 'Hijacked', body: 'b' });
    expect(res.status).toBe(404);
    expect((await res.json()).detail).toMatch(/list_my_listings/);
    expect(await updatesOf(theirs)).toEqual([]);
    expect(
      await bed.ctx.db.selectFrom('notifications').select('id').where('listing_id', '=', theirs).execute(),
    ).toEqual([]);
    expect((await post(999_999, { title: 't', body: 'b' })).status).toBe(404);
  });

  it("needs listings:write: the owner's read-only key is refused with 403 and nothing is posted", async () => {
    const before = await updatesOf(mine);
    const res = await post(mine, { title: 'Read-only', body: 'b' }, await bed.keyOf(bed.maker, ['account:read']));
    expect(res.status).toBe(403);
    expect(await updatesOf(mine)).toEqual(before);
  });
});
