// Trending (ARCHITECTURE §5): votes weighted by age, each vote counting
// 1 / (1 + age_hours / 24) ^ 1.5. A vote 30 days old weighs 1/31^1.5 ≈ 0.6 %
// of a fresh one, so only votes of the last 30 days are read: the ranking is
// the same in practice, and the query stays on the votes(created_at) index
// however long the directory has run. Votes the site team discounted do not
// count. Used by search and the launch feeds.
import type { Context } from '../context.js';

export const TRENDING_WINDOW_DAYS = 30;
const HOUR = 3_600_000;

export function voteWeight(ageMs: number): number {
  return 1 / (1 + Math.max(0, ageMs) / HOUR / 24) ** 1.5;
}

/** Trending score by listing id, for every listing with a vote in the window. */
export async function trendingScores(ctx: Context): Promise<Map<number, number>> {
  const now = ctx.clock.now().getTime();
  const since = new Date(now - TRENDING_WINDOW_DAYS * 24 * HOUR).toISOString();
  const votes = await ctx.db
    .selectFrom('votes')
    .select(['listing_id', 'created_at'])
    .where('created_at', '>=', since)
    .where('created_at', '<=', new Date(now).toISOString())
    .where('discounted_at', 'is', null)
    .execute();
  const scores = new Map<number, number>();
  for (const v of votes) {
    scores.set(v.listing_id, (scores.get(v.listing_id) ?? 0) + voteWeight(now - Date.parse(v.created_at)));
  }
  return scores;
}
