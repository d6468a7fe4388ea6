// cast_vote as the website runs it: one vote per person, noted with the
// voter's network (from the caller, never from the input).
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();

describe('cast_vote', () => {
  it('counts one vote however often it is cast, with the network of the person', async () => {
    for (let i = 0; i < 2; i++)
      expect(await bed.run('cast_vote', { listing_id: bed.listingId })).toEqual({ voted: true, votes: 1 });
    const vote = await bed.served.ctx.db
      .selectFrom('votes')
      .select(['user_id', 'network'])
      .where('listing_id', '=', bed.listingId)
      .executeTakeFirstOrThrow();
    expect(vote.user_id).toBe(bed.person.userId);
    expect(vote.network).toMatch(/^[0-9a-f]{16}$/);
  });

  it('refuses an input naming where the voter is', async () => {
    const err = await bed.refusal('cast_vote', { listing_id: bed.listingId, ip: '198.51.100.1' });
    expect(err.errors.map((e) => e.path)).toEqual(['ip']);
  });
});
