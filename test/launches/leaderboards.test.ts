import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { leaderboard, type Board } from '../../src/launches/leaderboards.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { directory } from '../helpers/directory.js';
import { IMPORTED_FIGURES, launches } from '../helpers/launches.js';
import { paidLine } from '../helpers/orders.js';

const THIS = '2026-11-16';
const LAST = '2026-11-09';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testContext();
  const l = launches(ctx);
  await l.launch({ slug: 'week-top', week: THIS, votes: 8, fields: { plan: 'premium' } });
  await l.launch({ slug: 'week-tie-later', week: THIS, votes: 4, launchedAt: '2026-11-18T10:00:00.000Z' });
  await l.launch({ slug: 'week-tie-earlier', week: THIS, votes: 4, launchedAt: '2026-11-17T10:00:00.000Z' });
  await l.launch({
    slug: 'old-giant',
    week: LAST,
    votes: 40,
    fields: {
      ...IMPORTED_FIGURES,
    },
  });
  await l.launch({
    slug: 'dr-down',
    week: LAST,
    votes: 1,
    fields: {
      name: 'Aardvark',
      domain_rating: 30,
      domain_rating_previous: 33,
      domain_rating_at: '2026-11-01',
      domain_rating_source: 'Ahrefs',
    },
  });
  await l.launch({
    slug: 'dr-new',
    week: LAST,
    votes: 2,
    fields: {
      name: 'Zebra',
      domain_rating: 30,
      domain_rating_at: '2026-11-01',
      domain_rating_source: 'Ahrefs',
      revenue_cents: 500_00,
      revenue_at: '2026-10-31',
      revenue_source: 'self-reported',
    },
  });
  const scheduled = await l.launch({
    slug: 'scheduled',
    week: '2026-11-23',
    status: 'scheduled',
    votes: 99,
    fields: { domain_rating: 99, revenue_cents: 1 },
  });

  // Billboard money: paid, fulfilled billboard lines summed per listing.
  const buyer = await directory(ctx).user();
  const id = async (slug: string) =>
    (await ctx.db.selectFrom('listings').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
  const [top, tieEarlier, tieLater, giant] = [
    await id('dr-down'),
    await id('week-tie-earlier'),
    await id('week-tie-later'),
    await id('old-giant'),
  ];
  await paidLine(ctx, { userId: buyer, listingId: top, product: 'billboard', amountCents: 3000 });
  await paidLine(ctx, { userId: buyer, listingId: top, product: 'billboard', amountCents: 2500 });
  await paidLine(ctx, {
    userId: buyer,
    listingId: tieLater,
    product: 'billboard',
    amountCents: 2000,
    paidAt: '2026-11-20T10:00:00.000Z',
  });
  await paidLine(ctx, {
    userId: buyer,
    listingId: tieEarlier,
    product: 'billboard',
    amountCents: 2000,
    paidAt: '2026-11-19T10:00:00.000Z',
  });
  // Never counted: a refunded order, an unfulfilled line, a listing not live, other products.
  await paidLine(ctx, {
    userId: buyer,
    listingId: giant,
    product: 'billboard',
    amountCents: 90_000,
    status: 'refunded',
  });
  await paidLine(ctx, { userId: buyer, listingId: giant, product: 'billboard', amountCents: 80_000, fulfilled: false });
  await paidLine(ctx, { userId: buyer, listingId: scheduled, product: 'billboard', amountCents: 70_000 });
  await paidLine(ctx, { userId: buyer, listingId: giant, product: 'featured', amountCents: 60_000, week: THIS });
});
afterAll(async () => ctx?.close());

const board = (b: Board, extra: { week?: string; page?: number; per_page?: number } = {}) =>
  leaderboard(ctx, { board: b, page: 1, per_page: 20, ...extra });
const ranked = (result: Awaited<ReturnType<typeof board>>) =>
  result.items.map((i) => [i.rank, i.listing.slug, i.metric.value]);

describe('leaderboards', () => {
  it("community-weekly ranks this week's live launches by votes, ties to the earlier launch", async () => {
    const result = await board('community-weekly');
    expect(result).toMatchObject({ board: 'community-weekly', paid: false, week: THIS, total: 3 });
    expect(result.label).toMatch(/^Community ranking/);
    expect(ranked(result)).toEqual([
      [1, 'week-top', 8],
      [2, 'week-tie-earlier', 4],
      [3, 'week-tie-later', 4],
    ]);
    expect(result.items[0].metric.name).toBe('votes');
  });

  it('community-weekly takes last week or a date', async () => {
    expect(ranked(await board('community-weekly', { week: 'last' }))).toEqual([
      [1, 'old-giant', 40],
      [2, 'dr-new', 2],
      [3, 'dr-down', 1],
    ]);
    expect((await board('community-weekly', { week: '2026-11-12' })).week).toBe(LAST);
  });

  it('community-all-time ranks every live listing, never scheduled ones', async () => {
    const result = await board('community-all-time');
    expect(result.week).toBeUndefined();
    expect(result.items.map((i) => i.listing.slug)).toEqual([
      'old-giant',
      'week-top',
      'week-tie-earlier',
      'week-tie-later',
      'dr-new',
      'dr-down',
    ]);
  });

  it('pages ranks continuously', async () => {
    const second = await board('community-all-time', { page: 2, per_page: 4 });
    expect(ranked(second)).toEqual([
      [5, 'dr-new', 2],
      [6, 'dr-down', 1],
    ]);
    expect(second.total).toBe(6);
    expect((await board('community-all-time', { page: 3, per_page: 4 })).items).toEqual([]);
  });

  it('domain-rating shows value (ties by name), previous, trend, date and source, marked third-party', async () => {
    const result = await board('domain-rating');
    expect(result.paid).toBe(false);
    expect(result.label).toMatch(/^Third-party data/);
    expect(result.items.map((i) => [i.rank, i.listing.slug, i.metric])).toEqual([
      [
        1,
        'old-giant',
        { name: 'domain_rating', value: 71, previous: 65, trend: 'up', as_of: '2026-11-01', source: 'Ahrefs' },
      ],
      [
        2,
        'dr-down',
        { name: 'domain_rating', value: 30, previous: 33, trend: 'down', as_of: '2026-11-01', source: 'Ahrefs' },
      ],
      [
        3,
        'dr-new',
        { name: 'domain_rating', value: 30, previous: null, trend: 'new', as_of: '2026-11-01', source: 'Ahrefs' },
      ],
    ]);
  });

  it('revenue ranks imported revenue with date and source', async () => {
    const result = await board('revenue');
    expect(result.items.map((i) => [i.listing.slug, i.metric])).toEqual([
      ['old-giant', { name: 'revenue_cents', value: 12_000_000, as_of: '2026-10-31', source: 'Stripe (verified)' }],
      ['dr-new', { name: 'revenue_cents', value: 50_000, as_of: '2026-10-31', source: 'self-reported' }],
    ]);
  });

  it('billboard ranks live listings by paid billboard cents (ties: who paid first), always marked paid', async () => {
    const result = await board('billboard');
    expect(result).toMatchObject({ board: 'billboard', paid: true, total: 3 });
    expect(result.label).toMatch(/^Paid ranking/);
    expect(result.items.map((i) => [i.rank, i.listing.slug, i.metric])).toEqual([
      [1, 'dr-down', { name: 'billboard_cents', value: 5500 }],
      [2, 'week-tie-earlier', { name: 'billboard_cents', value: 2000 }],
      [3, 'week-tie-later', { name: 'billboard_cents', value: 2000 }],
    ]);
    expect(ranked(await board('billboard', { page: 2, per_page: 2 }))).toEqual([[3, 'week-tie-later', 2000]]);
  });

  it('keeps paid money out of the community boards', async () => {
    expect((await board('community-all-time')).items[0].listing.slug).toBe('old-giant');
    expect((await board('community-all-time')).items.map((i) => i.metric.name)).not.toContain('billboard_cents');
  });

  it('refuses a week for boards other than community-weekly, and future weeks', async () => {
    for (const [b, week] of [
      ['community-all-time', 'this'],
      ['billboard', 'last'],
      ['community-weekly', 'next'],
      ['community-weekly', '2026-12-01'],
      ['community-weekly', 'someday'],
    ] as const) {
      const err = await board(b, { week }).catch((e: unknown) => e);
      expect(err, `${b} ${week}`).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(400);
      expect((err as AppError).errors[0].path).toBe('week');
    }
  });
});
