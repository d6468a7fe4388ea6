// The weekly rollover (ARCHITECTURE §5), run at Monday 00:00 UTC by the job
// scheduler and once at start (a missed Monday is caught up). Idempotent: it
// only moves rows that are still due, and awards only weeks that have none, so
// running it twice, or on two instances at once, changes nothing more.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Context } from '../context.js';
import { nextFreeWeek } from './free-launch.js';
import { addWeeks, mondayOf } from './weeks.js';
import { emitListingEvent } from '../webhooks/events.js';

export const AWARD_PLACES = 3;
export const awardTitle = (rank: number) => `Launch of the Week #${rank}`;

export interface RolloverResult {
  /** Monday of the week the rollover ran in. */
  week: string;
  /** Scheduled listings that went live. */
  went_live: number;
  /** Free listings still awaiting their badge, moved to the next free week. */
  moved_to_next_week: number;
  /** Ended weeks that received their awards in this run. */
  awarded_weeks: string[];
}

/**
 * Weeks before `week` with voted live launches and no awards yet. Migration
 * 0011's (status, launch_week, votes_count) index answers it without reading
 * listing rows.
 */
export function unawardedWeeks(db: Kysely<Database>, week: string) {
  return db
    .selectFrom('listings')
    .select('launch_week')
    .distinct()
    .where('status', '=', 'live')
    .where('launch_week', '<', week)
    .where('votes_count', '>', 0)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('awards').select('awards.id').whereRef('awards.week', '=', 'listings.launch_week')),
      ),
    )
    .orderBy('launch_week');
}

export async function runWeeklyRollover(ctx: Context): Promise<RolloverResult> {
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const week = mondayOf(now);

  return ctx.db.transaction().execute(async (trx) => {
    // 1. Scheduled launches whose week has started go live, launched at their
    //    week's Monday 00:00 UTC (one UPDATE per distinct week, usually one).
    const goingLive = await trx
      .selectFrom('listings')
      .select(['id', 'launch_week'])
      .where('status', '=', 'scheduled')
      .where('launch_week', '<=', week)
      .orderBy('id')
      .execute();
    let wentLive = 0;
    for (const launch_week of new Set(goingLive.map((l) => l.launch_week))) {
      if (launch_week === null) continue;
      const result = await trx
        .updateTable('listings')
        .set({
          status: 'live',
          launched_at: sql`coalesce(launched_at, ${`${launch_week}T00:00:00.000Z`})`,
          updated_at: nowIso,
        })
        .where('status', '=', 'scheduled')
        .where('launch_week', '=', launch_week)
        .executeTakeFirst();
      wentLive += Number(result.numUpdatedRows);
    }
    for (const { id } of goingLive) await emitListingEvent({ ...ctx, db: trx }, 'listing.live', id);

    // 2. Free listings whose week started without the badge found on their
    //    homepage slide to the next week with a free slot (the badge check in
    //    free-launch.ts turns awaiting_badge into scheduled before this runs).
    const late = await trx
      .selectFrom('listings')
      .select('id')
      .where('status', '=', 'awaiting_badge')
      .where('launch_week', '<=', week)
      .orderBy('id')
      .execute();
    for (const { id } of late) {
      const next = (await nextFreeWeek(trx, addWeeks(week, 1), addWeeks(week, 52))) ?? addWeeks(week, 1);
      await trx.updateTable('listings').set({ launch_week: next, updated_at: nowIso }).where('id', '=', id).execute();
    }

    // 3. Every ended week with live launches and no awards yet: the top three
    //    by community votes (ties: earlier launch), at least one vote each.
    const unawarded = await unawardedWeeks(trx, week).execute();
    const awardedWeeks: string[] = [];
    for (const { launch_week } of unawarded) {
      if (launch_week === null) continue;
      const top = await trx
        .selectFrom('listings')
        .select(['id', 'votes_count'])
        .where('status', '=', 'live')
        .where('launch_week', '=', launch_week)
        .where('votes_count', '>', 0)
        .orderBy('votes_count', 'desc')
        .orderBy(sql`coalesce(launched_at, created_at)`, 'asc')
        .orderBy('id', 'asc')
        .limit(AWARD_PLACES)
        .execute();
      await trx
        .insertInto('awards')
        .values(
          top.map((row, i) => ({
            listing_id: row.id,
            week: launch_week,
            rank: i + 1,
            title: awardTitle(i + 1),
            votes: Number(row.votes_count),
            created_at: nowIso,
          })),
        )
        // Another instance may have awarded the week a moment ago: keep its rows.
        .onConflict((oc) => oc.columns(['week', 'rank']).doNothing())
        .execute();
      awardedWeeks.push(launch_week);
    }

    const result: RolloverResult = {
      week,
      went_live: wentLive,
      moved_to_next_week: late.length,
      awarded_weeks: awardedWeeks,
    };
    if (wentLive > 0 || result.moved_to_next_week > 0 || awardedWeeks.length > 0)
      ctx.logger.info(result, 'weekly rollover');
    return result;
  });
}
