import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWeeklyRollover, unawardedWeeks } from '../../src/launches/rollover.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { launches } from '../helpers/launches.js';

// The clock starts Sunday 2026-11-22 12:00 UTC, in the week of Monday 2026-11-16.
const THIS = '2026-11-16';
const NEXT = '2026-11-23';

let ctx: TestContext;
const ids: Record<string, number> = {};
beforeAll(async () => {
  ctx = await testContext();
  const l = launches(ctx);
  ids.first = await l.launch({ slug: 'first', week: THIS, votes: 30 });
  ids.tieEarly = await l.launch({ slug: 'tie-early', week: THIS, votes: 10, launchedAt: '2026-11-16T09:00:00.000Z' });
  ids.tieLate = await l.launch({ slug: 'tie-late', week: THIS, votes: 10, launchedAt: '2026-11-18T09:00:00.000Z' });
  ids.fourth = await l.launch({ slug: 'fourth', week: THIS, votes: 9 });
  ids.paidButQuiet = await l.launch({ slug: 'paid-but-quiet', week: THIS, votes: 0, fields: { plan: 'premium' } });
  ids.scheduled = await l.launch({ slug: 'scheduled-next', week: NEXT, status: 'scheduled' });
  ids.scheduledLater = await l.launch({ slug: 'scheduled-later', week: '2026-11-30', status: 'scheduled' });
  ids.noBadge = await l.launch({ slug: 'no-badge', week: NEXT, status: 'awaiting_badge' });
  ids.badgeLater = await l.launch({ slug: 'badge-later', week: '2026-12-07', status: 'awaiting_badge' });
});
afterAll(async () => ctx?.close());

const listing = (id: number) =>
  ctx.db
    .selectFrom('listings')
    .select(['status', 'launch_week', 'launched_at', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const awards = () =>
  ctx.db
    .selectFrom('awards')
    .select(['week', 'rank', 'title', 'votes', 'listing_id'])
    .orderBy('week')
    .orderBy('rank')
    .execute();

describe('the weekly rollover', () => {
  it('does nothing mid-week', async () => {
    expect(await runWeeklyRollover(ctx)).toEqual({
      week: THIS,
      went_live: 0,
      moved_to_next_week: 0,
      awarded_weeks: [],
    });
    expect(await awards()).toEqual([]);
    expect((await listing(ids.scheduled)).status).toBe('scheduled');
  });

  it("at Monday 00:00 UTC puts the week's scheduled launches live and awards the week that ended", async () => {
    ctx.clock.set('2026-11-23T00:00:00.000Z');
    const result = await runWeeklyRollover(ctx);
    expect(result).toEqual({ week: NEXT, went_live: 1, moved_to_next_week: 1, awarded_weeks: [THIS] });

    expect(await listing(ids.scheduled)).toEqual({
      status: 'live',
      launch_week: NEXT,
      launched_at: '2026-11-23T00:00:00.000Z',
      updated_at: '2026-11-23T00:00:00.000Z',
    });
    expect((await listing(ids.scheduledLater)).status).toBe('scheduled');

    // Top three by votes; the tie goes to the earlier launch; paid plans earn nothing.
    expect(await awards()).toEqual([
      { week: THIS, rank: 1, title: 'Launch of the Week #1', votes: 30, listing_id: ids.first },
      { week: THIS, rank: 2, title: 'Launch of the Week #2', votes: 10, listing_id: ids.tieEarly },
      { week: THIS, rank: 3, title: 'Launch of the Week #3', votes: 10, listing_id: ids.tieLate },
    ]);
  });

  it('moves a free listing whose week started without its badge to the next week', async () => {
    expect(await listing(ids.noBadge)).toMatchObject({ status: 'awaiting_badge', launch_week: '2026-11-30' });
    expect(await listing(ids.badgeLater)).toMatchObject({ status: 'awaiting_badge', launch_week: '2026-12-07' });
  });

  it('changes nothing when run again', async () => {
    ctx.clock.advance(60_000);
    expect(await runWeeklyRollover(ctx)).toEqual({
      week: NEXT,
      went_live: 0,
      moved_to_next_week: 0,
      awarded_weeks: [],
    });
    expect(await awards()).toHaveLength(3);
    expect(await listing(ids.noBadge)).toMatchObject({ launch_week: '2026-11-30' });
  });

  it('catches up several missed Mondays at once', async () => {
    // Votes come in for next week's launch, then the server is down for two weeks.
    await ctx.db.updateTable('listings').set({ votes_count: 3 }).where('id', '=', ids.scheduled).execute();
    ctx.clock.set('2026-12-09T15:00:00.000Z');
    const result = await runWeeklyRollover(ctx);
    expect(result).toEqual({ week: '2026-12-07', went_live: 1, moved_to_next_week: 2, awarded_weeks: [NEXT] });
    expect(await listing(ids.scheduledLater)).toMatchObject({
      status: 'live',
      launched_at: '2026-11-30T00:00:00.000Z',
    });
    expect(await listing(ids.noBadge)).toMatchObject({ launch_week: '2026-12-14' });
    expect(await listing(ids.badgeLater)).toMatchObject({ launch_week: '2026-12-14' });
    // The week of 2026-11-30 had a launch but no votes: no award is given for nothing.
    expect((await awards()).filter((a) => a.week === NEXT)).toEqual([
      { week: NEXT, rank: 1, title: 'Launch of the Week #1', votes: 3, listing_id: ids.scheduled },
    ]);
  });

  it('leaves a week that already has awards alone', async () => {
    const l = launches(ctx);
    const week = '2026-11-02';
    await l.launch({ slug: 'late-a', week, votes: 5 });
    const b = await l.launch({ slug: 'late-b', week, votes: 4 });
    await l.award({ listing: b, week, rank: 1, votes: 4 });
    expect((await runWeeklyRollover(ctx)).awarded_weeks).toEqual([]);
    expect((await awards()).filter((x) => x.week === week).map((x) => x.listing_id)).toEqual([b]);
  });

  it('awards a week once when two instances run the rollover at the same moment', async () => {
    const l = launches(ctx);
    for (const votes of [7, 6, 5, 4]) await l.launch({ week: '2026-12-07', votes });
    ctx.clock.set('2026-12-14T00:00:00.000Z');
    const [one, two] = await Promise.all([runWeeklyRollover(ctx), runWeeklyRollover(ctx)]);
    expect([...one.awarded_weeks, ...two.awarded_weeks]).toContain('2026-12-07');
    expect((await awards()).filter((x) => x.week === '2026-12-07').map((x) => x.votes)).toEqual([7, 6, 5]);
  });

  // On PostgreSQL the planner's choice depends on table sizes, so the plan is checked on SQLite.
  it.skipIf(process.env.TEST_DATABASE_URL?.startsWith('postgres'))(
    'finds unawarded weeks from an index alone, without reading listing rows',
    async () => {
      const query = unawardedWeeks(ctx.db, NEXT).compile();
      const explained = await ctx.db.executeQuery<{ detail: string }>({
        ...query,
        sql: `EXPLAIN QUERY PLAN ${query.sql}`,
      });
      expect(explained.rows.map((r) => r.detail).join('\n')).toMatch(
        /SEARCH listings USING COVERING INDEX listings_status_week_votes/,
      );
    },
  );
});
