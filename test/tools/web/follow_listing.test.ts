// follow_listing as the website runs it: the person follows a public listing,
// once however often they ask; a listing that does not exist is a 404.
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();
const follows = () =>
  bed.served.ctx.db.selectFrom('follows').select('user_id').where('listing_id', '=', bed.listingId).execute();

describe('follow_listing', () => {
  it('writes the follow; following again changes nothing', async () => {
    for (let i = 0; i < 2; i++) {
      expect(await bed.run('follow_listing', { listing_id: bed.listingId })).toEqual({ following: true });
      expect(await follows()).toEqual([{ user_id: bed.person.userId }]);
    }
  });

  it('refuses a listing that does not exist', async () => {
    expect((await bed.refusal('follow_listing', { listing_id: 999_999 })).status).toBe(404);
  });
});
