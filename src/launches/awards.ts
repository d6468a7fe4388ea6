// Launch of the Week awards (list_awards): written by the weekly rollover from
// community votes only, read here newest week first.
import { type ExpressionBuilder, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { Context } from '../context.js';
import { listingSummary, summariesBySlug } from '../listings/summary.js';

export const awardView = z.object({
  week: z.string().describe('Monday (YYYY-MM-DD) of the award week'),
  rank: z.number().int().describe('1, 2 or 3'),
  title: z.string().describe('e.g. Launch of the Week #1'),
  votes: z.number().int().describe('Community votes when the award was given'),
  awarded_at: z.string(),
  listing: listingSummary,
});
export type AwardView = z.infer<typeof awardView>;

/**
 * Awards newest week first (#1 before #2 within a week), optionally of one
 * listing. Only awards of live listings are shown: a listing archived or
 * rejected later leaves the public record. An unknown slug matches nothing.
 */
export async function listAwards(
  ctx: Context,
  input: { listing?: string; page: number; per_page: number },
): Promise<{ items: AwardView[]; total: number }> {
  const where = (eb: ExpressionBuilder<Database, 'awards' | 'listings'>) =>
    input.listing === undefined
      ? eb('listings.status', '=', 'live')
      : eb.and([eb('listings.status', '=', 'live'), eb('listings.slug', '=', input.listing)]);
  const base = ctx.db.selectFrom('awards').innerJoin('listings', 'listings.id', 'awards.listing_id').where(where);
  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'awards.listing_id',
        'listings.slug',
        'awards.week',
        'awards.rank',
        'awards.title',
        'awards.votes',
        'awards.created_at',
      ])
      .orderBy('awards.week', 'desc')
      .orderBy('awards.rank', 'asc')
      .limit(input.per_page)
      .offset((input.page - 1) * input.per_page)
      .execute(),
  ]);
  const summaries = await summariesBySlug(
    ctx,
    rows.map((r) => r.listing_id),
  );
  return {
    items: rows.flatMap((row) => {
      const listing = summaries.get(row.slug);
      if (!listing) return [];
      return [
        {
          week: row.week,
          rank: Number(row.rank),
          title: row.title,
          votes: Number(row.votes),
          awarded_at: row.created_at,
          listing,
        },
      ];
    }),
    total: Number(count.n),
  };
}
