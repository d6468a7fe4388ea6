// The site team's view of votes: the audit log of every vote event, the
// listings whose votes raised velocity flags, and the discount an admin can
// apply to flagged votes (and take back). A discounted vote stays in the
// table, leaves `votes_count` (so every community rank, award and trending
// score stops counting it) and shows on the listing as `votes_discounted`.
import { sql } from 'kysely';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { VOTE_FLAGS } from './votes.js';

export interface VoteAuditEntry {
  id: number;
  listing: { slug: string; name: string };
  user: string | null;
  action: 'vote' | 'unvote' | 'discount' | 'restore';
  network: string | null;
  flags: string[];
  created_at: string;
}

const splitFlags = (flags: string) => (flags ? flags.split(',') : []);

export async function voteAuditLog(
  ctx: Context,
  opts: { limit: number; listingId?: number },
): Promise<VoteAuditEntry[]> {
  let query = ctx.db
    .selectFrom('vote_events as e')
    .innerJoin('listings as l', 'l.id', 'e.listing_id')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.action', 'e.network', 'e.flags', 'e.created_at', 'l.slug', 'l.name', 'u.email'])
    .orderBy('e.id', 'desc')
    .limit(opts.limit);
  if (opts.listingId !== undefined) query = query.where('e.listing_id', '=', opts.listingId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    listing: { slug: r.slug, name: r.name },
    user: r.email,
    action: r.action,
    network: r.network,
    flags: splitFlags(r.flags),
    created_at: r.created_at,
  }));
}

export interface FlaggedListing {
  listing: { id: number; slug: string; name: string };
  /** Flagged votes still counted. */
  flagged_votes: number;
  discounted: number;
  by_flag: Record<string, number>;
}

/** Listings with flagged votes, most flagged-and-still-counted first. */
export async function flaggedVoteSummary(ctx: Context, opts: { limit: number }): Promise<FlaggedListing[]> {
  const listingColumns = ['l.id', 'l.slug', 'l.name'] as const;
  const rows = await ctx.db
    .selectFrom('votes as v')
    .innerJoin('listings as l', 'l.id', 'v.listing_id')
    .select([
      ...listingColumns,
      sql<number>`sum(case when v.discounted_at is null then 1 else 0 end)`.as('counted'),
      sql<number>`sum(case when v.discounted_at is null then 0 else 1 end)`.as('discounted'),
      ...VOTE_FLAGS.map((flag) =>
        sql<number>`sum(case when ',' || v.flags || ',' like ${`%,${flag},%`} then 1 else 0 end)`.as(flag),
      ),
    ])
    .where('v.flags', '!=', '')
    .groupBy(listingColumns)
    .orderBy(sql`sum(case when v.discounted_at is null then 1 else 0 end)`, 'desc')
    .orderBy('l.id', 'asc')
    .limit(opts.limit)
    .execute();
  return rows.map((r) => ({
    listing: { id: r.id, slug: r.slug, name: r.name },
    flagged_votes: Number(r.counted),
    discounted: Number(r.discounted),
    by_flag: Object.fromEntries(VOTE_FLAGS.map((flag) => [flag, Number((r as Record<string, unknown>)[flag])])),
  }));
}

export async function countFlaggedVotes(ctx: Context): Promise<number> {
  const row = await ctx.db
    .selectFrom('votes')
    .select(sql<number>`count(*)`.as('n'))
    .where('flags', '!=', '')
    .where('discounted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Discounts (or, with `restore`, counts again) a listing's flagged votes in
 * one transaction: the vote rows, the listing's two counters and one audit
 * event per vote move together. Returns how many votes changed.
 */
async function setDiscount(
  ctx: Context,
  args: { listingId: number; adminId: number },
  restore: boolean,
): Promise<number> {
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const listing = await trx.selectFrom('listings').select('id').where('id', '=', args.listingId).executeTakeFirst();
    if (!listing) throw new AppError('not_found', 'No such listing.');
    const changed = await trx
      .updateTable('votes')
      .set(restore ? { discounted_at: null, discounted_by: null } : { discounted_at: now, discounted_by: args.adminId })
      .where('listing_id', '=', listing.id)
      .where('flags', '!=', '')
      .where('discounted_at', restore ? 'is not' : 'is', null)
      .returning(['user_id', 'network', 'flags'])
      .execute();
    if (changed.length === 0) return 0;
    const n = changed.length;
    await trx
      .updateTable('listings')
      .set(
        restore
          ? { votes_count: sql`votes_count + ${n}`, votes_discounted: sql`votes_discounted - ${n}` }
          : { votes_count: sql`votes_count - ${n}`, votes_discounted: sql`votes_discounted + ${n}` },
      )
      .where('id', '=', listing.id)
      .execute();
    await trx
      .insertInto('vote_events')
      .values(
        changed.map((v) => ({
          listing_id: listing.id,
          user_id: v.user_id,
          action: restore ? ('restore' as const) : ('discount' as const),
          network: v.network,
          flags: v.flags,
          created_at: now,
        })),
      )
      .execute();
    ctx.logger.info(
      { listingId: listing.id, adminId: args.adminId, votes: n, action: restore ? 'restore' : 'discount' },
      'flagged votes changed',
    );
    return n;
  });
}

export const discountFlaggedVotes = (ctx: Context, args: { listingId: number; adminId: number }) =>
  setDiscount(ctx, args, false);
export const restoreDiscountedVotes = (ctx: Context, args: { listingId: number; adminId: number }) =>
  setDiscount(ctx, args, true);
