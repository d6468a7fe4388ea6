// Builders for launch-calendar tests: launches in a week, votes cast at given
// times (votes_count kept in step), and awards.
import type { NewListing } from '../../db/schema.js';
import type { Context } from '../../src/context.js';
import { given } from './given.js';

let voterCounter = 0;

/** Imported Domain Rating (up from 65) and revenue figures, with their dates and sources, for a listing's fields. */
export const IMPORTED_FIGURES = {
  domain_rating: 71,
  domain_rating_previous: 65,
  domain_rating_at: '2026-11-01',
  domain_rating_source: 'Ahrefs',
  revenue_cents: 120_000_00,
  revenue_at: '2026-10-31',
  revenue_source: 'Stripe (verified)',
} satisfies Partial<NewListing>;

export function launches(ctx: Context) {
  const g = given(ctx);
  const voterPool: number[] = [];

  async function voters(n: number): Promise<number[]> {
    while (voterPool.length < n) {
      const k = ++voterCounter;
      const row = await ctx.db
        .insertInto('users')
        .values({
          email: `voter${k}-${voterPool.length}-${Date.now()}@example.com`,
          created_at: ctx.clock.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      voterPool.push(row.id);
    }
    return voterPool.slice(0, n);
  }

  return {
    /** A listing launching in `week` (Monday); live launches get launched_at = that Monday unless given. */
    async launch(args: {
      slug?: string;
      week: string;
      status?: string;
      votes?: number;
      launchedAt?: string;
      fields?: Partial<NewListing>;
      categories?: number[];
    }) {
      const status = args.status ?? 'live';
      return g.listing({
        slug: args.slug,
        status,
        categories: args.categories,
        fields: {
          launch_week: args.week,
          launched_at: args.launchedAt ?? (status === 'live' ? `${args.week}T00:00:00.000Z` : null),
          votes_count: args.votes ?? 0,
          ...args.fields,
        },
      });
    },
    /** Votes on a listing, one per voter, cast at the given times; bumps votes_count. */
    async votes(listingId: number, at: string[]) {
      const existing = await ctx.db.selectFrom('votes').select('user_id').where('listing_id', '=', listingId).execute();
      const ids = (await voters(existing.length + at.length)).slice(existing.length);
      for (const [i, created_at] of at.entries()) {
        await ctx.db.insertInto('votes').values({ listing_id: listingId, user_id: ids[i], created_at }).execute();
      }
      const row = await ctx.db
        .selectFrom('listings')
        .select('votes_count')
        .where('id', '=', listingId)
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('listings')
        .set({ votes_count: Number(row.votes_count) + at.length })
        .where('id', '=', listingId)
        .execute();
    },
    async award(args: { listing: number; week: string; rank: number; votes?: number }) {
      await ctx.db
        .insertInto('awards')
        .values({
          listing_id: args.listing,
          week: args.week,
          rank: args.rank,
          title: `Launch of the Week #${args.rank}`,
          votes: args.votes ?? 0,
          created_at: `${args.week}T00:00:00.000Z`,
        })
        .execute();
    },
  };
}
