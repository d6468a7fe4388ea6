// The site team's view of accounts: find people by email, see what each has
// (keys, sessions, apps, votes, listings, orders), confirm an address by
// hand, and disable an account or enable it again.
//
// Disabling, in one transaction: every web session ends, every API key and
// OAuth grant is revoked, and the person's counted votes are discounted (the
// vote audit's mechanism: the rows stay, leave votes_count and every
// community rank, and are logged as `discount` events). While disabled, sign-in
// is refused and no session, key or token of theirs is accepted
// (auth/sessions.ts, auth/api-keys.ts, auth/token-verifier.ts), so they can
// neither vote, review nor comment. Enabling lets them sign in again; revoked
// keys and grants stay revoked, and the votes disabling discounted count again
// unless the admin says otherwise.
import { type SqlBool, sql } from 'kysely';
import type { Context } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { endAllSessions } from '../auth/sessions.js';
import { revokeUserGrants } from '../oauth/store.js';
import { containsPattern, type Db, inTransaction, type PageRequest, pageWithTotal } from '../platform/db.js';
import { revokeAllApiKeys } from './api-key-list.js';

export interface AdminUserRow {
  id: number;
  email: string;
  name: string | null;
  role: string;
  created_at: string;
  email_verified_at: string | null;
  disabled_at: string | null;
}

/** Accounts whose email (or name) contains `q`, newest first. */
export async function adminUsers(
  ctx: Context,
  args: { q?: string; disabledOnly?: boolean } & PageRequest,
): Promise<{ items: AdminUserRow[]; total: number }> {
  const q = args.q?.trim() ?? '';
  let filtered = ctx.db.selectFrom('users');
  if (q) {
    const pattern = containsPattern(q);
    filtered = filtered.where((eb) =>
      eb.or(['email', 'name'].map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`)),
    );
  }
  if (args.disabledOnly) filtered = filtered.where('disabled_at', 'is not', null);
  const { rows, total } = await pageWithTotal(
    filtered,
    (query) =>
      query
        .select(['id', 'email', 'name', 'role', 'created_at', 'email_verified_at', 'disabled_at'])
        .orderBy('id', 'desc'),
    args,
  );
  return { items: rows, total };
}

export interface AdminUser extends AdminUserRow {
  disabled_reason: string | null;
  disabled_by: string | null;
  counts: {
    sessions: number;
    active_keys: number;
    oauth_grants: number;
    votes_counted: number;
    votes_discounted: number;
    reviews: number;
    listings: number;
    orders: number;
  };
}

const count = (n: unknown) => Number(n ?? 0);

export async function adminUser(ctx: Context, userId: number): Promise<AdminUser> {
  const user = await ctx.db
    .selectFrom('users as u')
    .leftJoin('users as by', 'by.id', 'u.disabled_by')
    .select([
      'u.id',
      'u.email',
      'u.name',
      'u.role',
      'u.created_at',
      'u.email_verified_at',
      'u.disabled_at',
      'u.disabled_reason',
      'by.email as disabled_by',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound(`There is no account ${userId}.`);
  const now = ctx.clock.now().toISOString();
  const n = sql<number>`count(*)`.as('n');
  const [sessions, keys, grants, votes, reviews, listings, orders] = await Promise.all([
    ctx.db
      .selectFrom('web_sessions')
      .select(n)
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('api_keys')
      .select(n)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst(),
    ctx.db
      .selectFrom('oauth_refresh_tokens')
      .select(sql<number>`count(distinct family_id)`.as('n'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('votes')
      .select([
        sql<number>`sum(case when discounted_at is null then 1 else 0 end)`.as('counted'),
        sql<number>`sum(case when discounted_at is null then 0 else 1 end)`.as('discounted'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    ctx.db.selectFrom('reviews').select(n).where('user_id', '=', userId).executeTakeFirst(),
    ctx.db.selectFrom('listings').select(n).where('owner_id', '=', userId).executeTakeFirst(),
    ctx.db.selectFrom('orders').select(n).where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return {
    ...user,
    counts: {
      sessions: count(sessions?.n),
      active_keys: count(keys?.n),
      oauth_grants: count(grants?.n),
      votes_counted: count(votes?.counted),
      votes_discounted: count(votes?.discounted),
      reviews: count(reviews?.n),
      listings: count(listings?.n),
      orders: count(orders?.n),
    },
  };
}

/** Confirms the person's address as if they had opened the mailed link; false when it was confirmed already. */
export async function markEmailVerified(ctx: Context, args: { userId: number; adminId: number }): Promise<boolean> {
  const user = await ctx.db.selectFrom('users').select('id').where('id', '=', args.userId).executeTakeFirst();
  if (!user) throw notFound(`There is no account ${args.userId}.`);
  const r = await ctx.db
    .updateTable('users')
    .set({ email_verified_at: ctx.clock.now().toISOString() })
    .where('id', '=', args.userId)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  const changed = Number(r.numUpdatedRows) === 1;
  if (changed) ctx.logger.info({ adminId: args.adminId, userId: args.userId }, 'email confirmed by an admin');
  return changed;
}

/**
 * Discounts (or, with `restore`, counts again) the person's votes in `which`:
 * the vote rows, each listing's two counters and one audit event per vote
 * move together, as vote-audit.ts does for a listing's flagged votes.
 */
async function moveVotes(
  trx: Db,
  args: { userId: number; adminId: number; now: string; restore: boolean; discountedAt?: string },
): Promise<number> {
  let query = trx
    .updateTable('votes')
    .set(
      args.restore
        ? { discounted_at: null, discounted_by: null }
        : { discounted_at: args.now, discounted_by: args.adminId },
    )
    .where('user_id', '=', args.userId);
  query = args.restore
    ? query.where('discounted_at', '=', args.discountedAt ?? '')
    : query.where('discounted_at', 'is', null);
  const changed = await query.returning(['listing_id', 'network', 'flags']).execute();
  if (changed.length === 0) return 0;
  const perListing = new Map<number, number>();
  for (const v of changed) perListing.set(v.listing_id, (perListing.get(v.listing_id) ?? 0) + 1);
  for (const [listingId, n] of perListing)
    await trx
      .updateTable('listings')
      .set(
        args.restore
          ? { votes_count: sql`votes_count + ${n}`, votes_discounted: sql`votes_discounted - ${n}` }
          : { votes_count: sql`votes_count - ${n}`, votes_discounted: sql`votes_discounted + ${n}` },
      )
      .where('id', '=', listingId)
      .execute();
  await trx
    .insertInto('vote_events')
    .values(
      changed.map((v) => ({
        listing_id: v.listing_id,
        user_id: args.userId,
        action: args.restore ? ('restore' as const) : ('discount' as const),
        network: v.network,
        flags: v.flags,
        created_at: args.now,
      })),
    )
    .execute();
  return changed.length;
}

export interface DisableOutcome {
  sessions: number;
  keys: number;
  grants: number;
  votes: number;
}

export async function disableUser(
  ctx: Context,
  args: { userId: number; adminId: number; reason: string },
): Promise<DisableOutcome> {
  if (args.userId === args.adminId)
    throw new AppError('forbidden', 'You cannot disable your own account: ask another admin.');
  const outcome = await inTransaction(ctx, async (tx) => {
    const now = tx.clock.now().toISOString();
    const user = await tx.db
      .selectFrom('users')
      .select(['id', 'disabled_at'])
      .where('id', '=', args.userId)
      .executeTakeFirst();
    if (!user) throw notFound(`There is no account ${args.userId}.`);
    if (user.disabled_at) throw new AppError('conflict', 'This account is disabled already.');
    await tx.db
      .updateTable('users')
      .set({ disabled_at: now, disabled_reason: args.reason, disabled_by: args.adminId })
      .where('id', '=', args.userId)
      .execute();
    const sessions = await tx.db
      .selectFrom('web_sessions')
      .select(sql<number>`count(*)`.as('n'))
      .where('user_id', '=', args.userId)
      .executeTakeFirstOrThrow();
    const grants = await tx.db
      .selectFrom('oauth_refresh_tokens')
      .select(sql<number>`count(distinct family_id)`.as('n'))
      .where('user_id', '=', args.userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    await endAllSessions(tx, args.userId);
    await revokeUserGrants(tx.db, args.userId, now);
    const keys = await revokeAllApiKeys(tx, args.userId);
    const votes = await moveVotes(tx.db, { userId: args.userId, adminId: args.adminId, now, restore: false });
    return { sessions: Number(sessions.n), keys, grants: Number(grants.n), votes };
  });
  ctx.logger.info({ adminId: args.adminId, userId: args.userId, ...outcome }, 'account disabled');
  return outcome;
}

/** Lets the person sign in again; with `restoreVotes`, the votes disabling discounted count again. */
export async function enableUser(
  ctx: Context,
  args: { userId: number; adminId: number; restoreVotes: boolean },
): Promise<{ votes: number }> {
  const outcome = await inTransaction(ctx, async (tx) => {
    const now = tx.clock.now().toISOString();
    const user = await tx.db
      .selectFrom('users')
      .select(['id', 'disabled_at'])
      .where('id', '=', args.userId)
      .executeTakeFirst();
    if (!user) throw notFound(`There is no account ${args.userId}.`);
    if (!user.disabled_at) throw new AppError('conflict', 'This account is not disabled.');
    // The votes disabling discounted carry its time; votes discounted as flagged at another time stay discounted.
    const votes = args.restoreVotes
      ? await moveVotes(tx.db, {
          userId: args.userId,
          adminId: args.adminId,
          now,
          restore: true,
          discountedAt: user.disabled_at,
        })
      : 0;
    await tx.db
      .updateTable('users')
      .set({ disabled_at: null, disabled_reason: null, disabled_by: null })
      .where('id', '=', args.userId)
      .execute();
    return { votes };
  });
  ctx.logger.info({ adminId: args.adminId, userId: args.userId, ...outcome }, 'account enabled');
  return outcome;
}
