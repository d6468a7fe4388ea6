// Trending is rebuilt only when what it reads has changed (migration 0013's
// data_versions('trending')) or when its decay is a minute old: a request on
// an unchanged directory reads one version number, not every vote of the
// last 30 days. Where a build is slow, writes show within 10 s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRENDING_CACHE, type TrendingRanking, trending, trendingScores } from '../../src/launches/trending.js';
import { VersionedValue } from '../../src/platform/versioned-cache.js';
import { TEST_NOW, testContext, type TestContext } from '../helpers/context.js';
import { launches } from '../helpers/launches.js';

const WEEK = '2026-11-16';
const hoursAgo = (h: number) => new Date(Date.parse(TEST_NOW) - h * 3_600_000).toISOString();

let ctx: TestContext;
let l: ReturnType<typeof launches>;
let older: number;
let newer: number;
beforeAll(async () => {
  ctx = await testContext();
  l = launches(ctx);
  older = await l.launch({ slug: 'older', week: WEEK });
  newer = await l.launch({ slug: 'newer', week: WEEK });
  // Six two-day-old votes (6 / 3^1.5 ≈ 1.15) outweigh one an hour old (≈ 0.94).
  await l.votes(
    older,
    Array.from({ length: 6 }, () => hoursAgo(48)),
  );
  await l.votes(newer, [hoursAgo(1)]);
});
afterAll(async () => ctx?.close());
// Each test starts from the test's own time.
const reset = () => ctx.clock.set(TEST_NOW);

describe('the trending cache', () => {
  it('answers from the ranking it built while no vote or status changes', async () => {
    reset();
    const first = await trending(ctx);
    expect(first.live).toEqual([older, newer]);
    ctx.clock.advance(TRENDING_CACHE.maxAgeMs - 1000);
    // A write that trending does not read changes nothing either.
    await ctx.db.updateTable('listings').set({ tagline: 'Edited', views_count: 9 }).where('id', '=', older).execute();
    expect(await trending(ctx)).toBe(first);
    expect(await trendingScores(ctx)).toBe(first.scores);
  });

  it('rebuilds at once after a vote', async () => {
    reset();
    const before = await trending(ctx);
    await l.votes(newer, [hoursAgo(0)]);
    const after = await trending(ctx);
    expect(after).not.toBe(before);
    expect(after.live).toEqual([newer, older]);
    expect(after.scores.get(newer)).toBeCloseTo(before.scores.get(newer)! + 1, 9);
  });

  it('rebuilds at once when a listing stops being live, and when a vote is discounted or withdrawn', async () => {
    reset();
    await ctx.db.updateTable('listings').set({ status: 'archived' }).where('id', '=', newer).execute();
    expect((await trending(ctx)).live).toEqual([older]);
    await ctx.db.updateTable('listings').set({ status: 'live' }).where('id', '=', newer).execute();
    expect((await trending(ctx)).live).toEqual([newer, older]);

    await ctx.db.updateTable('votes').set({ discounted_at: TEST_NOW }).where('listing_id', '=', newer).execute();
    expect((await trending(ctx)).live).toEqual([older]);
    await ctx.db.deleteFrom('votes').where('listing_id', '=', older).execute();
    expect((await trending(ctx)).live).toEqual([]);
    await ctx.db.updateTable('votes').set({ discounted_at: null }).where('listing_id', '=', newer).execute();
    expect((await trending(ctx)).live).toEqual([newer]);
  });

  it('applies the decay afresh once the ranking is a minute old', async () => {
    reset();
    const first = await trending(ctx);
    ctx.clock.advance(TRENDING_CACHE.maxAgeMs);
    const later = await trending(ctx);
    expect(later).not.toBe(first);
    expect(later.scores.get(newer)!).toBeLessThan(first.scores.get(newer)!);
  });

  it('shows a vote within 10 s where building the ranking is slow', async () => {
    reset();
    // Every build seems to take 100 ms, as it does with ~150k votes in the window.
    let spent = 0;
    const large = {
      ...ctx,
      trending: new VersionedValue<TrendingRanking>({ ...TRENDING_CACHE, timer: () => (spent += 50) }),
    };
    const before = await trending(large);
    await l.votes(older, [hoursAgo(0), hoursAgo(0)]);
    ctx.clock.advance(TRENDING_CACHE.minRebuildMs! - 1);
    expect(await trending(large)).toBe(before);
    ctx.clock.advance(1);
    const after = await trending(large);
    expect(after.scores.get(older)).toBeCloseTo((before.scores.get(older) ?? 0) + 2, 3);
  });

  it('never keeps what a transaction read', async () => {
    reset();
    const outside = await trending(ctx);
    await ctx.db.transaction().execute(async (trx) => {
      const inside = await trending({ ...ctx, db: trx });
      expect(inside).not.toBe(outside);
    });
    expect(await trending(ctx)).toBe(outside);
  });
});
