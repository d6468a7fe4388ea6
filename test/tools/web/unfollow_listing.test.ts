// unfollow_listing as the website runs it: it undoes follow_listing.
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();
const follows = () =>
  bed.served.ctx.db.selectFrom('follows').select('user_id').where('listing_id', '=', bed.listingId).execute();

describe('unfollow_listing', () => {
  it('takes the follow away; not following already changes nothing', async () => {
    await bed.run('follow_listing', { listing_id: bed.listingId });
    for (let i = 0; i < 2; i++) {
      expect(await bed.run('unfollow_listing', { listing_id: bed.listingId })).toEqual({ following: false });
      expect(await follows()).toEqual([]);
    }
  });
});
