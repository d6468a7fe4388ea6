// Trending (ARCHITECTURE §5): votes weighted by age, each vote counting
// 1 / (1 + age_hours / 24) ^ 1.5. A vote 30 days old weighs 1/31^1.5 ≈ 0.6 %
// of a fresh one, so only votes of the last 30 days are read: the ranking is
// the same in practice, and the query stays on an index of the counted
// votes by time (migration 0013) however long the directory has run. Votes the site team discounted do not
// count. Used by search and the launch feeds (the home page's among them).
//
// Reading every vote of the window is the cost (at 100k listings
// with ~150k votes in the window, 0.2-0.7 s), so the scores and the ranking
// are kept in ctx.trending and rebuilt only when data_versions('trending')
// moves (migration 0013: any write to votes, any change of a listing's
// status or vote count), or when they are older than a minute. Staleness:
// - the decay is as of when the ranking was built, at most a minute ago;
// - a vote, withdrawal, discount or status change shows at once, unless the
//   last build was slow (50 ms or more: a large directory), in which case the
//   ranking is rebuilt at most every 10 s and the change shows within 10 s.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Context } from '../context.js';
import { liveVoteCounts } from '../listings/summary.js';
import { dataVersion, type VersionedValueOptions } from '../platform/versioned-cache.js';

export const TRENDING_WINDOW_DAYS = 30;
/** How ctx.trending follows time and writes (the staleness above). */
export const TRENDING_CACHE: VersionedValueOptions = { maxAgeMs: 60_000, minRebuildMs: 10_000, slowBuildMs: 50 };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function voteWeight(ageMs: number): number {
  return 1 / (1 + Math.max(0, ageMs) / HOUR / 24) ** 1.5;
}

export interface TrendingRanking {
  /** Trending score by listing id, for every listing (any status) with a counted vote in the window. */
  scores: Map<number, number>;
  /** The live listings among them, best first: by score, then by votes, then the older listing. */
  live: number[];
}

async function buildTrending(ctx: Context, now: number): Promise<TrendingRanking> {
  const scores = new Map<number, number>();
  // A day of votes at a time, letting requests in between: SQLite reads hold
  // the event loop, and the whole window takes a few hundred ms at 100k listings.
  for (let from = now - TRENDING_WINDOW_DAYS * DAY; from < now; from += DAY) {
    const to = Math.min(from + DAY, now);
    const votes = await ctx.db
      .selectFrom('votes')
      .select(['listing_id', 'created_at'])
      .where('created_at', '>=', new Date(from).toISOString())
      .where('created_at', to === now ? '<=' : '<', new Date(to).toISOString())
      .where('discounted_at', 'is', null)
      .execute();
    for (const v of votes) {
      scores.set(v.listing_id, (scores.get(v.listing_id) ?? 0) + voteWeight(now - Date.parse(v.created_at)));
    }
    await nextTurn();
  }
  const live = await liveVoteCounts(ctx, [...scores.keys()]);
  live.sort((a, b) => scores.get(b.id)! - scores.get(a.id)! || b.votes_count - a.votes_count || a.id - b.id);
  return { scores, live: live.map((l) => l.id) };
}

/** The current trending scores and ranking (shared between requests: read them, never change them). */
export async function trending(ctx: Context): Promise<TrendingRanking> {
  const now = ctx.clock.now().getTime();
  // Inside a transaction the reads may see its own uncommitted writes: never cached.
  if (ctx.db.isTransaction) return buildTrending(ctx, now);
  // The version first, then the votes: a value is never kept under a version newer than its data.
  const version = await dataVersion(ctx, 'trending');
  return ctx.trending.get(version, now, (at) => buildTrending(ctx, at));
}

/** Trending score by listing id, for every listing with a counted vote in the window. */
export async function trendingScores(ctx: Context): Promise<Map<number, number>> {
  return (await trending(ctx)).scores;
}
