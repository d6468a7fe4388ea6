// Votes: who may vote, one per person, withdrawal, velocity flags, the audit
// log, and the admin's discount of flagged votes (which leaves every
// community count and trending, and shows as a count on the listing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewListing } from '../../src/listings/profile.js';
import { trendingScores } from '../../src/launches/trending.js';
import {
  discountFlaggedVotes,
  flaggedVoteSummary,
  restoreDiscountedVotes,
  voteAuditLog,
} from '../../src/community/vote-audit.js';
import { castVote, networkOf, withdrawVote } from '../../src/community/votes.js';
import { createUser } from '../../src/accounts/users.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';

let ctx: TestContext;
let n = 0;

/** A person whose account is `ageHours` old, with a confirmed email unless told otherwise. */
async function person(opts: { ageHours?: number; verified?: boolean } = {}) {
  n += 1;
  const created = new Date(ctx.clock.now().getTime() - (opts.ageHours ?? 24 * 30) * 3_600_000);
  const id = await createUser(ctx.db, { email: `voter${n}@example.com`, name: `Voter ${n}`, now: created });
  if (opts.verified !== false)
    await ctx.db.updateTable('users').set({ email_verified_at: created.toISOString() }).where('id', '=', id).execute();
  return id;
}

const counts = (id: number) =>
  ctx.db
    .selectFrom('listings')
    .select(['votes_count', 'votes_discounted'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  ctx = await testContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('networkOf', () => {
  it('groups IPv4 addresses by /24 and IPv6 by /48, and never returns the address', () => {
    expect(networkOf('203.0.113.7')).toBe(networkOf('203.0.113.200'));
    expect(networkOf('::ffff:203.0.113.9')).toBe(networkOf('203.0.113.1'));
    expect(networkOf('203.0.114.7')).not.toBe(networkOf('203.0.113.7'));
    expect(networkOf('2001:db8:1::1')).toBe(networkOf('2001:db8:1:ffff::2'));
    expect(networkOf('2001:db8:2::1')).not.toBe(networkOf('2001:db8:1::1'));
    expect(networkOf('203.0.113.7')).not.toContain('203');
    expect(networkOf(undefined)).toBeNull();
    expect(networkOf('not an ip')).toBeNull();
  });
});

describe('castVote and withdrawVote', () => {
  it('counts one vote per person, and a withdrawn vote leaves the count', async () => {
    const listingId = await given(ctx).listing();
    const voter = await person();
    expect(await castVote(ctx, { userId: voter, listingId, ip: '198.51.100.1' })).toEqual({ voted: true, votes: 1 });
    expect(await castVote(ctx, { userId: voter, listingId, ip: '198.51.100.1' })).toEqual({ voted: true, votes: 1 });
    expect(await withdrawVote(ctx, { userId: voter, listingId })).toEqual({ voted: false, votes: 0 });
    expect(await withdrawVote(ctx, { userId: voter, listingId })).toEqual({ voted: false, votes: 0 });
    const log = await voteAuditLog(ctx, { limit: 10, listingId });
    expect(log.map((e) => e.action)).toEqual(['unvote', 'vote']);
    expect(log[1].user).toBe(`voter${n}@example.com`);
  });

  it('refuses unconfirmed accounts, the owner, and listings that are not live', async () => {
    const owner = await person();
    const listingId = await given(ctx).listing({ fields: { owner_id: owner } });
    const unconfirmed = await person({ verified: false });
    await expect(castVote(ctx, { userId: unconfirmed, listingId })).rejects.toMatchObject({
      kind: 'forbidden',
      message: /Confirm your email/,
    });
    await expect(castVote(ctx, { userId: owner, listingId })).rejects.toMatchObject({
      kind: 'forbidden',
      message: /own listing/,
    });
    const upcoming = await given(ctx).listing({ status: 'scheduled' });
    await expect(castVote(ctx, { userId: await person(), listingId: upcoming })).rejects.toMatchObject({
      kind: 'not_found',
    });
    expect(Number((await counts(listingId)).votes_count)).toBe(0);
  });

  it('flags votes from new accounts and bursts from one network', async () => {
    const listingId = await given(ctx).listing();
    const fresh = await person({ ageHours: 2 });
    await castVote(ctx, { userId: fresh, listingId, ip: '192.0.2.10' });
    await castVote(ctx, { userId: await person(), listingId, ip: '192.0.2.11' });
    await castVote(ctx, { userId: await person(), listingId, ip: '192.0.2.12' });
    await castVote(ctx, { userId: await person(), listingId, ip: '198.51.100.77' });
    const votes = await ctx.db
      .selectFrom('votes')
      .select(['flags'])
      .where('listing_id', '=', listingId)
      .orderBy('id')
      .execute();
    expect(votes.map((v) => v.flags)).toEqual(['new_account', '', 'network_burst', '']);
    const [summary] = (await flaggedVoteSummary(ctx, { limit: 50 })).filter((s) => s.listing.id === listingId);
    expect(summary).toMatchObject({ flagged_votes: 2, discounted: 0, by_flag: { new_account: 1, network_burst: 1 } });
  });
});

describe('discounting flagged votes', () => {
  it('takes them out of the count, trending and rankings, shows the number on the listing, and can be undone', async () => {
    const listingId = await given(ctx).listing({ slug: 'discounted-one' });
    const admin = await person();
    const flaggedVoter = await person({ ageHours: 1 });
    await castVote(ctx, { userId: flaggedVoter, listingId, ip: '192.0.2.50' });
    await castVote(ctx, { userId: await person(), listingId, ip: '203.0.113.50' });
    expect(await counts(listingId)).toEqual({ votes_count: 2, votes_discounted: 0 });
    const before = (await trendingScores(ctx)).get(listingId)!;

    expect(await discountFlaggedVotes(ctx, { listingId, adminId: admin })).toBe(1);
    expect(await discountFlaggedVotes(ctx, { listingId, adminId: admin })).toBe(0);
    expect(await counts(listingId)).toEqual({ votes_count: 1, votes_discounted: 1 });
    expect((await trendingScores(ctx)).get(listingId)!).toBeCloseTo(before / 2, 5);
    const profile = (await viewListing(ctx, 'discounted-one')).body();
    expect(profile).toMatchObject({ votes: 1, votes_discounted: 1 });

    // The discounted voter withdrawing takes the vote off the discounted count, not the counted one.
    await withdrawVote(ctx, { userId: flaggedVoter, listingId });
    expect(await counts(listingId)).toEqual({ votes_count: 1, votes_discounted: 0 });

    await castVote(ctx, { userId: flaggedVoter, listingId, ip: '192.0.2.50' });
    await discountFlaggedVotes(ctx, { listingId, adminId: admin });
    expect(await restoreDiscountedVotes(ctx, { listingId, adminId: admin })).toBe(1);
    expect(await counts(listingId)).toEqual({ votes_count: 2, votes_discounted: 0 });
    const actions = (await voteAuditLog(ctx, { limit: 20, listingId })).map((e) => e.action);
    expect(actions.slice(0, 3)).toEqual(['restore', 'discount', 'vote']);
    await expect(discountFlaggedVotes(ctx, { listingId: 999_999, adminId: admin })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});
