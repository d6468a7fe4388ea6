import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFeed, launchWeek, type LaunchSection } from '../../src/launches/launches.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { launches } from '../helpers/launches.js';

// The test clock is Sunday 2026-11-22 12:00 UTC: this week began Monday 2026-11-16.
const THIS = '2026-11-16';
const LAST = '2026-11-09';
const NEXT = '2026-11-23';
const hoursAgo = (h: number) => new Date(Date.parse('2026-11-22T12:00:00.000Z') - h * 3_600_000).toISOString();

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testContext();
  const l = launches(ctx);
  await l.launch({ slug: 'alpha', week: THIS, votes: 5, fields: { views_count: 3, followers_count: 9 } });
  await l.launch({
    slug: 'bravo',
    week: THIS,
    votes: 5,
    launchedAt: '2026-11-17T09:00:00.000Z',
    fields: { views_count: 50, followers_count: 1 },
  });
  await l.launch({ slug: 'today', week: THIS, votes: 2, launchedAt: '2026-11-22T08:00:00.000Z' });
  await l.launch({ slug: 'veteran', week: LAST, votes: 20, fields: { views_count: 10, followers_count: 4 } });
  await l.launch({ slug: 'soon', week: NEXT, status: 'scheduled' });
  await l.launch({ slug: 'later', week: '2026-11-30', status: 'scheduled', votes: 1 });
  await l.launch({ slug: 'also-soon', week: NEXT, status: 'scheduled' });
  await l.launch({ slug: 'hidden', week: THIS, status: 'draft', votes: 99 });
  await l.launch({ slug: 'badge-pending', week: NEXT, status: 'awaiting_badge' });
});
afterAll(async () => ctx?.close());

const feed = async (section: LaunchSection, page = 1, per_page = 20) => {
  const result = await launchFeed(ctx, section, { page, per_page });
  return { slugs: result.items.map((i) => i.slug), total: result.total };
};

describe('launch feeds', () => {
  it("this-week: this week's live launches by votes, the earlier launch winning a tie", async () => {
    expect(await feed('this-week')).toEqual({ slugs: ['alpha', 'bravo', 'today'], total: 3 });
  });

  it('today: only what launched today (UTC)', async () => {
    expect(await feed('today')).toEqual({ slugs: ['today'], total: 1 });
  });

  it('most-voted, recent, most-viewed, most-followed: every live listing, never drafts', async () => {
    expect((await feed('most-voted')).slugs).toEqual(['veteran', 'alpha', 'bravo', 'today']);
    expect((await feed('recent')).slugs).toEqual(['today', 'bravo', 'alpha', 'veteran']);
    expect((await feed('most-viewed')).slugs).toEqual(['bravo', 'veteran', 'alpha', 'today']);
    expect((await feed('most-followed')).slugs).toEqual(['alpha', 'veteran', 'bravo', 'today']);
  });

  it('upcoming: scheduled launches, soonest week first, not those awaiting their badge', async () => {
    expect(await feed('upcoming')).toEqual({ slugs: ['soon', 'also-soon', 'later'], total: 3 });
  });

  it('pages with a stable total', async () => {
    expect(await feed('most-voted', 1, 3)).toEqual({ slugs: ['veteran', 'alpha', 'bravo'], total: 4 });
    expect(await feed('most-voted', 2, 3)).toEqual({ slugs: ['today'], total: 4 });
    expect(await feed('most-voted', 3, 3)).toEqual({ slugs: [], total: 4 });
  });
});

describe('trending', () => {
  let trendCtx: TestContext;
  beforeAll(async () => {
    trendCtx = await testContext();
    const l = launches(trendCtx);
    // Weights 1/(1+age_days)^1.5: six 2-day-old votes ≈ 1.155 > one fresh vote = 1 > four 2-day-old votes ≈ 0.770.
    const six = await l.launch({ slug: 'six-old', week: LAST });
    await l.votes(
      six,
      Array.from({ length: 6 }, () => hoursAgo(48)),
    );
    const fresh = await l.launch({ slug: 'one-fresh', week: THIS });
    await l.votes(fresh, [hoursAgo(0)]);
    const four = await l.launch({ slug: 'four-old', week: LAST });
    await l.votes(
      four,
      Array.from({ length: 4 }, () => hoursAgo(48)),
    );
    // 50 votes 40 days ago fall outside the 30-day window.
    const ancient = await l.launch({ slug: 'ancient', week: '2026-10-05' });
    await l.votes(
      ancient,
      Array.from({ length: 50 }, () => hoursAgo(40 * 24)),
    );
    // Recent votes on a listing that is not live do not trend.
    const draft = await l.launch({ slug: 'draft', week: THIS, status: 'draft' });
    await l.votes(draft, [hoursAgo(1), hoursAgo(1)]);
  });
  afterAll(async () => trendCtx?.close());

  it('ranks live listings by age-weighted votes of the last 30 days', async () => {
    const result = await launchFeed(trendCtx, 'trending', { page: 1, per_page: 20 });
    expect(result.items.map((i) => i.slug)).toEqual(['six-old', 'one-fresh', 'four-old']);
    expect(result.total).toBe(3);
  });

  it('moves with the clock: a day later the fresh vote loses to the older pile', async () => {
    trendCtx.clock.advance(24 * 3_600_000);
    try {
      // six votes at 3 days: 6/8 = 0.75; one vote at 1 day: 0.354; four at 3 days: 0.5.
      const result = await launchFeed(trendCtx, 'trending', { page: 1, per_page: 2 });
      expect(result.items.map((i) => i.slug)).toEqual(['six-old', 'four-old']);
      expect(result.total).toBe(3);
    } finally {
      trendCtx.clock.set('2026-11-22T12:00:00.000Z');
    }
  });
});

describe('launch weeks', () => {
  it("ranks a started week's live launches by votes", async () => {
    const week = await launchWeek(ctx, '2026-11-20');
    expect(week).toMatchObject({
      week: THIS,
      starts_on: THIS,
      ends_on: '2026-11-22',
      kind: 'current',
      previous_week: LAST,
      next_week: NEXT,
      total: 3,
    });
    expect(week.items.map((i) => [i.rank, i.listing.slug])).toEqual([
      [1, 'alpha'],
      [2, 'bravo'],
      [3, 'today'],
    ]);
  });

  it('shows a past week', async () => {
    const week = await launchWeek(ctx, 'last');
    expect(week.kind).toBe('past');
    expect(week.items.map((i) => i.listing.slug)).toEqual(['veteran']);
  });

  it("lists a future week's scheduled launches without ranks", async () => {
    const week = await launchWeek(ctx, 'next');
    expect(week.kind).toBe('future');
    expect(week.items.map((i) => [i.rank, i.listing.slug, i.listing.status])).toEqual([
      [null, 'soon', 'scheduled'],
      [null, 'also-soon', 'scheduled'],
    ]);
  });

  it('returns an empty week rather than an error', async () => {
    const week = await launchWeek(ctx, '2020-01-01');
    expect(week).toMatchObject({ week: '2019-12-30', kind: 'past', items: [], total: 0 });
  });
});
