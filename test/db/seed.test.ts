// The demo directory: big enough to feel real, consistent with itself, and the
// same every time for the same clock.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseEmpty, mondayOf, seedDemo } from '../../db/seed/demo.js';

import { settingDefaults } from '../../src/directory/settings.js';
import { setProductPrice } from '../../src/orders/products.js';
import { testContext, type TestContext } from '../helpers/context.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await testContext();
});
afterEach(async () => {
  await ctx.close();
});

const count = async (table: 'listings' | 'categories' | 'votes' | 'awards' | 'blog_posts' | 'founders') =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('seedDemo', () => {
  it('fills an empty database with a directory the issue asks for', async () => {
    expect(await isDatabaseEmpty(ctx.db)).toBe(true);
    const summary = await seedDemo(ctx.db, { now: ctx.clock.now(), settings: settingDefaults });
    expect(await isDatabaseEmpty(ctx.db)).toBe(false);

    expect(await count('listings')).toBe(summary.listings);
    expect(summary.listings).toBeGreaterThanOrEqual(300);
    const top = await ctx.db.selectFrom('categories').select('id').where('parent_id', 'is', null).execute();
    expect(top.length).toBeGreaterThanOrEqual(20);
    const subs = await ctx.db.selectFrom('categories').select('parent_id').where('parent_id', 'is not', null).execute();
    for (const { id } of top) expect(subs.filter((s) => s.parent_id === id).length).toBeGreaterThanOrEqual(2);
    expect(await count('founders')).toBeGreaterThanOrEqual(summary.listings);
    expect(await count('blog_posts')).toBe(12);
    expect(summary.awards).toBeGreaterThan(0);

    const statuses = await ctx.db
      .selectFrom('listings')
      .select(['status'])
      .select((eb) => eb.fn.countAll().as('n'))
      .groupBy('status')
      .execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(['awaiting_badge', 'draft', 'live', 'scheduled']);

    const products = await ctx.db.selectFrom('products').select(['key', 'price_cents']).execute();
    expect(products.every((p) => Number(p.price_cents) > 0)).toBe(true);
  });

  it('keeps vote counts equal to the votes, only on live listings, within the past 12 weeks', async () => {
    await seedDemo(ctx.db, { now: ctx.clock.now(), settings: settingDefaults });
    const now = ctx.clock.now().getTime();
    const listingColumns = [
      'listings.id',
      'listings.status',
      'listings.votes_count',
      'listings.launched_at',
      'listings.launch_week',
    ] as const;
    const rows = await ctx.db
      .selectFrom('listings')
      .leftJoin('votes', 'votes.listing_id', 'listings.id')
      .select(listingColumns)
      .select((eb) => eb.fn.count('votes.id').as('n'))
      .groupBy(listingColumns)
      .execute();
    expect(rows.reduce((s, r) => s + Number(r.n), 0)).toBeGreaterThanOrEqual(8000);
    for (const r of rows) {
      expect(Number(r.n)).toBe(Number(r.votes_count));
      if (r.status !== 'live') expect(Number(r.n)).toBe(0);
      if (r.status === 'live') {
        const launched = new Date(r.launched_at!).getTime();
        expect(now - launched).toBeLessThanOrEqual(12 * 7 * 86_400_000);
        expect(r.launch_week).toBe(mondayOf(new Date(r.launched_at!)));
      }
    }
  });

  it('is deterministic and keeps prices the admin already set', async () => {
    await setProductPrice(ctx.db, { key: 'launch', cents: 1234, now: ctx.clock.now() });
    const first = await seedDemo(ctx.db, { now: ctx.clock.now(), settings: settingDefaults });
    const other = await testContext();
    try {
      expect(await seedDemo(other.db, { now: ctx.clock.now(), settings: settingDefaults })).toEqual(first);
    } finally {
      await other.close();
    }
    const launch = await ctx.db
      .selectFrom('products')
      .select('price_cents')
      .where('key', '=', 'launch')
      .executeTakeFirstOrThrow();
    expect(Number(launch.price_cents)).toBe(1234);
  });
});

describe('mondayOf', () => {
  it('gives the Monday of the week, in UTC', () => {
    expect(mondayOf(new Date('2026-11-22T12:00:00Z'))).toBe('2026-11-16'); // a Sunday
    expect(mondayOf(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
  });
});
