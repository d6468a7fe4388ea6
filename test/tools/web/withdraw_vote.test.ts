// withdraw_vote as the website runs it: it takes back cast_vote.
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();

describe('withdraw_vote', () => {
  it('takes the vote back; withdrawing again changes nothing', async () => {
    await bed.run('cast_vote', { listing_id: bed.listingId });
    for (let i = 0; i < 2; i++)
      expect(await bed.run('withdraw_vote', { listing_id: bed.listingId })).toEqual({ voted: false, votes: 0 });
  });
});
