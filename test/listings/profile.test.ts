// The profile caches: a cached profile, its parts or the whole
// serialised public profile, must never outlive a write to the listing row or
// any table it shows, whether the write comes through a service, raw SQL, a
// cascade, or another process on the same database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewListing } from '../../src/listings/profile.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';

let ctx: TestContext;
let listingId: number;
let categoryId: number;
let founderId: number;
const now = '2026-11-22T12:00:00.000Z';

beforeAll(async () => {
  ctx = await testContext();
  const g = given(ctx);
  categoryId = await g.category({ slug: 'dev', name: 'Developer tools' });
  listingId = await g.listing({
    slug: 'hookly',
    categories: [categoryId],
    fields: { name: 'Hookly', unlocked_sections: '["story","milestones"]' },
  });
  founderId = (
    await ctx.db
      .insertInto('founders')
      .values({ slug: 'ada', name: 'Ada', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await ctx.db.insertInto('listing_founders').values({ listing_id: listingId, founder_id: founderId }).execute();
});
afterAll(async () => {
  await ctx?.close();
});

const view = async () => (await viewListing(ctx, 'hookly')).body();

/** Views the profile (filling the cache), runs the write, and returns the profile viewed after it. */
async function afterWrite(write: () => Promise<unknown>) {
  await view();
  await view(); // served from the cache
  await write();
  return view();
}

describe('profile caches', () => {
  it('serves repeated views from the cache, with the view count read fresh', async () => {
    const first = await view();
    const before = [ctx.profiles.size, ctx.publicProfiles.size];
    const second = await view();
    expect([ctx.profiles.size, ctx.publicProfiles.size]).toEqual(before);
    expect(before.every((n) => n > 0)).toBe(true);
    expect(second.views).toBe(first.views);
    await ctx.db
      .updateTable('listings')
      .set({ views_count: first.views + 5 })
      .where('id', '=', listingId)
      .execute();
    expect((await view()).views).toBe(first.views + 5);
    const { views: _a, ...firstRest } = first;
    const { views: _b, ...secondRest } = second;
    expect(secondRest).toEqual(firstRest);
  });

  it('serialises the cached profile with the view count added last, the JSON matching the object', async () => {
    const prepared = await viewListing(ctx, 'hookly');
    expect(JSON.parse(prepared.json())).toEqual(prepared.body());
    expect(Object.keys(JSON.parse(prepared.json())).at(-1)).toBe('views');
  });

  it('follows vote and follower counts, which live on the listing row', async () => {
    expect(
      (
        await afterWrite(() =>
          ctx.db.updateTable('listings').set({ votes_count: 42 }).where('id', '=', listingId).execute(),
        )
      ).votes,
    ).toBe(42);
    expect(
      (
        await afterWrite(() =>
          ctx.db.updateTable('listings').set({ followers_count: 9 }).where('id', '=', listingId).execute(),
        )
      ).followers,
    ).toBe(9);
  });

  it('answers 404 once a listing is no longer public, even from a warm cache', async () => {
    await view();
    await ctx.db.updateTable('listings').set({ status: 'draft' }).where('id', '=', listingId).execute();
    await expect(view()).rejects.toMatchObject({ kind: 'not_found' });
    await ctx.db.updateTable('listings').set({ status: 'live' }).where('id', '=', listingId).execute();
    expect((await view()).slug).toBe('hookly');
  });

  it('follows writes to every table a profile shows', async () => {
    const user = (
      await ctx.db
        .insertInto('users')
        .values({ email: 'r@x.example', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    expect(
      (
        await afterWrite(() =>
          ctx.db
            .insertInto('listing_faqs')
            .values({ listing_id: listingId, position: 0, question: 'Free?', answer: 'Yes' })
            .execute(),
        )
      ).faqs,
    ).toEqual([{ question: 'Free?', answer: 'Yes' }]);
    expect(
      (
        await afterWrite(() =>
          ctx.db.updateTable('listing_faqs').set({ answer: 'No' }).where('listing_id', '=', listingId).execute(),
        )
      ).faqs[0]!.answer,
    ).toBe('No');
    expect(
      (await afterWrite(() => ctx.db.deleteFrom('listing_faqs').where('listing_id', '=', listingId).execute())).faqs,
    ).toEqual([]);

    expect(
      (
        await afterWrite(() =>
          ctx.db
            .insertInto('listing_socials')
            .values({ listing_id: listingId, platform: 'github', url: 'https://github.com/h' })
            .execute(),
        )
      ).socials,
    ).toEqual({
      github: 'https://github.com/h',
    });
    expect(
      (
        await afterWrite(() =>
          ctx.db
            .insertInto('listing_updates')
            .values({ listing_id: listingId, title: 'v2', body: 'out', created_at: now })
            .execute(),
        )
      ).latest_updates,
    ).toHaveLength(1);
    expect(
      (
        await afterWrite(() =>
          ctx.db
            .insertInto('reviews')
            .values({ listing_id: listingId, user_id: user, rating: 4, flagged: 0, created_at: now })
            .execute(),
        )
      ).rating,
    ).toEqual({
      average: 4,
      count: 1,
    });
    expect(
      (
        await afterWrite(() =>
          ctx.db.updateTable('reviews').set({ flagged: 1 }).where('listing_id', '=', listingId).execute(),
        )
      ).rating.count,
    ).toBe(0);
    expect(
      (
        await afterWrite(() =>
          ctx.db
            .insertInto('awards')
            .values({
              listing_id: listingId,
              week: '2026-11-16',
              rank: 1,
              title: 'Launch of the Week #1',
              created_at: now,
            })
            .execute(),
        )
      ).awards,
    ).toHaveLength(1);
    expect(
      (
        await afterWrite(() =>
          ctx.db
            .insertInto('stories')
            .values({ listing_id: listingId, title: 'Why', story: 'Because', updated_at: now })
            .execute(),
        )
      ).story?.title,
    ).toBe('Why');
    expect(
      (
        await afterWrite(() =>
          ctx.db.updateTable('stories').set({ title: 'How' }).where('listing_id', '=', listingId).execute(),
        )
      ).story?.title,
    ).toBe('How');
    expect(
      (
        await afterWrite(() =>
          ctx.db
            .insertInto('milestones')
            .values({ listing_id: listingId, date: '2026-01-01', title: 'Beta', created_at: now })
            .execute(),
        )
      ).milestones,
    ).toHaveLength(1);
  });

  it('follows renamed categories and founders shown on many profiles', async () => {
    expect(
      (
        await afterWrite(() =>
          ctx.db.updateTable('categories').set({ name: 'Dev tools' }).where('id', '=', categoryId).execute(),
        )
      ).categories[0]!.name,
    ).toBe('Dev tools');
    expect(
      (
        await afterWrite(() =>
          ctx.db.updateTable('founders').set({ title: 'CEO' }).where('id', '=', founderId).execute(),
        )
      ).founders[0]!.title,
    ).toBe('CEO');
    expect(
      (await afterWrite(() => ctx.db.deleteFrom('founders').where('id', '=', founderId).execute())).founders,
    ).toEqual([]);
  });

  it('follows the listing row itself and its paid sections', async () => {
    expect(
      (
        await afterWrite(() =>
          ctx.db
            .updateTable('listings')
            .set({ tagline: 'Webhooks that never drop' })
            .where('id', '=', listingId)
            .execute(),
        )
      ).tagline,
    ).toBe('Webhooks that never drop');
    const locked = await afterWrite(() =>
      ctx.db.updateTable('listings').set({ unlocked_sections: '[]' }).where('id', '=', listingId).execute(),
    );
    expect(locked.story).toBeUndefined();
    expect(locked.milestones).toBeUndefined();
  });

  it('never caches reads made inside a transaction, which may roll back', async () => {
    await view();
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('listing_faqs')
          .values({ listing_id: listingId, position: 1, question: 'Ghost?', answer: 'Yes' })
          .execute();
        const row = await trx.selectFrom('listings').selectAll().where('id', '=', listingId).executeTakeFirstOrThrow();
        const { profileOf } = await import('../../src/listings/profile.js');
        expect((await profileOf({ ...ctx, db: trx }, row)).faqs.map((f) => f.question)).toContain('Ghost?');
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
    // A later committed write reaches the same version the rolled-back one had.
    await ctx.db
      .insertInto('listing_faqs')
      .values({ listing_id: listingId, position: 1, question: 'Real?', answer: 'Yes' })
      .execute();
    expect((await view()).faqs.map((f) => f.question)).toEqual(['Real?']);
  });

  it('hands out frozen parts, so one caller cannot change another caller’s profile', async () => {
    await view();
    const cached = await view();
    expect(() => (cached.faqs as unknown[]).push({ question: 'x', answer: 'y' })).toThrow(TypeError);
    expect(() => (cached.features as unknown[]).push('x')).toThrow(TypeError);
  });
});
