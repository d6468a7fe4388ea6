// Community votes, cast only by people on the site (SPEC Part 1): one per
// person per live listing, never on one's own, only from accounts with a
// confirmed email, and withdrawable. Each vote records its voter's network
// (a hash of the /24 or /48 prefix, never the address) and the velocity flags
// raised when it was cast, and every vote, withdrawal and admin discount goes
// into the append-only vote_events log the site team audits.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Context } from '../context.js';
import { networkPrefix } from '../platform/addresses.js';
import type { Db } from '../platform/db.js';
import { AppError } from '../errors.js';

export const VOTE_FLAGS = ['new_account', 'network_burst'] as const;
export type VoteFlag = (typeof VOTE_FLAGS)[number];

/** An account younger than this casts flagged votes. */
export const NEW_ACCOUNT_HOURS = 72;
/** This many votes on one listing from one network within the window raise `network_burst`. */
export const NETWORK_BURST_VOTES = 3;
export const NETWORK_BURST_WINDOW_MINUTES = 60;

export interface VoteState {
  voted: boolean;
  votes: number;
}

/**
 * The network a request came from: IPv4 /24 or IPv6 /48, hashed. Enough to
 * see many votes arrive from one place, not enough to name an address.
 */
export function networkOf(ip: string | undefined): string | null {
  const prefix = ip ? networkPrefix(ip) : null;
  return prefix && createHash('sha256').update(`launchboard-network:${prefix}`).digest('hex').slice(0, 16);
}

async function votableListing(db: Db, listingId: number) {
  const listing = await db
    .selectFrom('listings')
    .select(['id', 'owner_id', 'status'])
    .where('id', '=', listingId)
    .executeTakeFirst();
  if (listing?.status !== 'live') throw new AppError('not_found', 'Only live listings take votes.');
  return listing;
}

async function currentCount(db: Db, listingId: number): Promise<number> {
  const row = await db
    .selectFrom('listings')
    .select('votes_count')
    .where('id', '=', listingId)
    .executeTakeFirstOrThrow();
  return Number(row.votes_count);
}

async function flagsFor(
  db: Db,
  now: Date,
  args: { userCreatedAt: string; listingId: number; network: string | null },
): Promise<VoteFlag[]> {
  const flags: VoteFlag[] = [];
  if (now.getTime() - Date.parse(args.userCreatedAt) < NEW_ACCOUNT_HOURS * 3_600_000) flags.push('new_account');
  if (args.network) {
    const since = new Date(now.getTime() - NETWORK_BURST_WINDOW_MINUTES * 60_000).toISOString();
    const row = await db
      .selectFrom('votes')
      .select(sql<number>`count(*)`.as('n'))
      .where('listing_id', '=', args.listingId)
      .where('network', '=', args.network)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    // This vote would be the NETWORK_BURST_VOTES-th (or later) from the same network.
    if (Number(row.n) + 1 >= NETWORK_BURST_VOTES) flags.push('network_burst');
  }
  return flags;
}

/** Casts the person's vote; voting twice is harmless and changes nothing. */
export async function castVote(
  ctx: Context,
  args: { userId: number; listingId: number; ip?: string },
): Promise<VoteState> {
  const now = ctx.clock.now();
  const network = networkOf(args.ip);
  return ctx.db.transaction().execute(async (trx) => {
    const listing = await votableListing(trx, args.listingId);
    const user = await trx
      .selectFrom('users')
      .select(['email_verified_at', 'created_at'])
      .where('id', '=', args.userId)
      .executeTakeFirst();
    if (!user) throw new AppError('unauthenticated', 'Sign in to vote.');
    if (!user.email_verified_at)
      throw new AppError('forbidden', 'Confirm your email address before voting: only confirmed accounts vote.');
    if (listing.owner_id === args.userId) throw new AppError('forbidden', 'You cannot vote for your own listing.');
    const flags = await flagsFor(trx, now, { userCreatedAt: user.created_at, listingId: listing.id, network });
    const inserted = await trx
      .insertInto('votes')
      .values({
        listing_id: listing.id,
        user_id: args.userId,
        network,
        flags: flags.join(','),
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['listing_id', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0)
      return { voted: true, votes: await currentCount(trx, listing.id) };
    await trx.updateTable('listings').set({ votes_count: sql`votes_count + 1` }).where('id', '=', listing.id).execute();
    await trx
      .insertInto('vote_events')
      .values({
        listing_id: listing.id,
        user_id: args.userId,
        action: 'vote',
        network,
        flags: flags.join(','),
        created_at: now.toISOString(),
      })
      .execute();
    return { voted: true, votes: await currentCount(trx, listing.id) };
  });
}

/** Takes the person's vote back (a discounted vote leaves the discounted count instead). */
export async function withdrawVote(
  ctx: Context,
  args: { userId: number; listingId: number; ip?: string },
): Promise<VoteState> {
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const listing = await votableListing(trx, args.listingId);
    const vote = await trx
      .deleteFrom('votes')
      .where('listing_id', '=', listing.id)
      .where('user_id', '=', args.userId)
      .returning(['network', 'flags', 'discounted_at'])
      .executeTakeFirst();
    if (!vote) return { voted: false, votes: await currentCount(trx, listing.id) };
    const counter = vote.discounted_at
      ? { votes_discounted: sql<number>`votes_discounted - 1` }
      : { votes_count: sql<number>`votes_count - 1` };
    await trx.updateTable('listings').set(counter).where('id', '=', listing.id).execute();
    await trx
      .insertInto('vote_events')
      .values({
        listing_id: listing.id,
        user_id: args.userId,
        action: 'unvote',
        network: networkOf(args.ip),
        flags: vote.flags,
        created_at: now,
      })
      .execute();
    return { voted: false, votes: await currentCount(trx, listing.id) };
  });
}

/** What one person's vote buttons show on a page: the listings they voted for and the ones they own. */
export interface VoterMarks {
  voted: Set<string>;
  own: Set<string>;
}

/**
 * Of the listings with these slugs, the ones the person voted for and the
 * ones they own (makers do not vote for their own products): one query
 * whatever the number of listings, so a page of lists asks once.
 */
export async function votedAmong(ctx: Context, userId: number, slugs: readonly string[]): Promise<VoterMarks> {
  const marks: VoterMarks = { voted: new Set(), own: new Set() };
  const unique = [...new Set(slugs)];
  if (unique.length === 0) return marks;
  const rows = await ctx.db
    .selectFrom('listings')
    .leftJoin('votes', (join) => join.onRef('votes.listing_id', '=', 'listings.id').on('votes.user_id', '=', userId))
    .select(['listings.slug', 'listings.owner_id', 'votes.user_id as voter'])
    .where('listings.slug', 'in', unique)
    .where((eb) => eb.or([eb('votes.user_id', 'is not', null), eb('listings.owner_id', '=', userId)]))
    .execute();
  for (const row of rows) {
    if (row.voter !== null) marks.voted.add(row.slug);
    if (row.owner_id === userId) marks.own.add(row.slug);
  }
  return marks;
}
