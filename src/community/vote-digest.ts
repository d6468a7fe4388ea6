// Makers hear of votes in batches, not one by one: an hourly job turns the
// votes cast since its last run into one notification per listing ("5 new
// votes on X"). Its progress is the last vote event it has read, kept in
// job_cursors and moved in the same transaction that writes the
// notifications, so a crash or restart neither repeats nor skips a vote. A
// person counts once per listing ever (vote_digest_voters): voting again
// after taking a vote back is not news, and neither is a vote taken back or
// discounted before the run.
import { sql } from 'kysely';
import type { Context } from '../context.js';
import { inTransaction } from '../platform/db.js';
import { notify } from './notifications.js';

export const VOTE_DIGEST = 'vote_digest';
export const VOTE_DIGEST_EVERY_MS = 3_600_000;

/**
 * Events younger than this wait for the next run: on PostgreSQL a vote's id
 * is taken before its transaction commits, so a slightly older id may still
 * be on its way when a younger one is visible.
 */
export const VOTE_DIGEST_SETTLE_MS = 60_000;

export interface VoteDigestResult {
  listings: number;
  votes: number;
}

export async function runVoteDigest(ctx: Context): Promise<VoteDigestResult> {
  const settled = new Date(ctx.clock.now().getTime() - VOTE_DIGEST_SETTLE_MS).toISOString();
  return inTransaction(ctx, async (tx) => {
    const cursor = await tx.db
      .selectFrom('job_cursors')
      .select('last_id')
      .where('name', '=', VOTE_DIGEST)
      .executeTakeFirst();
    const from = Number(cursor?.last_id ?? 0);
    const last = await tx.db
      .selectFrom('vote_events')
      .select(sql<number | null>`max(id)`.as('id'))
      .where('created_at', '<=', settled)
      .executeTakeFirst();
    const upto = Number(last?.id ?? 0);
    if (upto <= from) return { listings: 0, votes: 0 };

    // The voters of the new events whose vote still stands and whom no digest has counted yet.
    const voters = await tx.db
      .selectFrom('vote_events as e')
      .innerJoin('votes as v', (join) =>
        join.onRef('v.listing_id', '=', 'e.listing_id').onRef('v.user_id', '=', 'e.user_id'),
      )
      .innerJoin('listings as l', 'l.id', 'e.listing_id')
      .select(['e.listing_id', 'e.user_id'])
      .distinct()
      .where('e.action', '=', 'vote')
      .where('e.id', '>', from)
      .where('e.id', '<=', upto)
      .where('v.discounted_at', 'is', null)
      .where('l.owner_id', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('vote_digest_voters as s')
              .select('s.user_id')
              .whereRef('s.listing_id', '=', 'e.listing_id')
              .whereRef('s.user_id', '=', 'e.user_id'),
          ),
        ),
      )
      .execute();
    const pairs = voters.map((r) => ({ listing_id: Number(r.listing_id), user_id: Number(r.user_id) }));
    for (let i = 0; i < pairs.length; i += 400)
      await tx.db
        .insertInto('vote_digest_voters')
        .values(pairs.slice(i, i + 400))
        .onConflict((oc) => oc.columns(['listing_id', 'user_id']).doNothing())
        .execute();

    const perListing = new Map<number, number>();
    for (const p of pairs) perListing.set(p.listing_id, (perListing.get(p.listing_id) ?? 0) + 1);
    const listings =
      perListing.size === 0
        ? []
        : await tx.db
            .selectFrom('listings')
            .select(['id', 'owner_id', 'name', 'votes_count'])
            .where('id', 'in', [...perListing.keys()])
            .orderBy('id')
            .execute();
    const votes = (k: number) => (k === 1 ? 'vote' : 'votes');
    await notify(
      tx,
      listings.map((l) => {
        const fresh = perListing.get(Number(l.id)) ?? 0;
        const total = Number(l.votes_count);
        return {
          userId: Number(l.owner_id),
          kind: 'vote' as const,
          listingId: Number(l.id),
          title: `${fresh} new ${votes(fresh)} on ${l.name}`,
          body: `${l.name} has ${total} ${votes(total)} in all.`,
        };
      }),
    );
    const now = ctx.clock.now().toISOString();
    // Moves only from where this run started: a second run at the same time finds the row moved and rolls back.
    const moved = cursor
      ? await tx.db
          .updateTable('job_cursors')
          .set({ last_id: upto, updated_at: now })
          .where('name', '=', VOTE_DIGEST)
          .where('last_id', '=', from)
          .executeTakeFirst()
      : await tx.db
          .insertInto('job_cursors')
          .values({ name: VOTE_DIGEST, last_id: upto, updated_at: now })
          .executeTakeFirst();
    const changed = 'numUpdatedRows' in moved ? moved.numUpdatedRows : moved.numInsertedOrUpdatedRows;
    if (Number(changed ?? 0) !== 1) throw new Error('vote digest: another run moved the cursor');
    return { listings: listings.length, votes: pairs.length };
  });
}
