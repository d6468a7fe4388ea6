// write_review as the website runs it: one review per person and listing,
// a bad rating refused with the field named and nothing written.
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();
const reviews = () =>
  bed.served.ctx.db.selectFrom('reviews').select(['rating', 'body']).where('listing_id', '=', bed.listingId).execute();

describe('write_review', () => {
  it('refuses a rating outside 1 to 5, writing nothing', async () => {
    const err = await bed.refusal('write_review', { listing_id: bed.listingId, rating: '9', body: 'x' });
    expect(err.status).toBe(400);
    expect(await reviews()).toEqual([]);
  });

  it('keeps the review, and a second one replaces it', async () => {
    await bed.run('write_review', { listing_id: bed.listingId, rating: '4', body: 'Solid product.' });
    await bed.run('write_review', { listing_id: bed.listingId, rating: '5', body: 'Even better now.' });
    expect(await reviews()).toEqual([{ rating: 5, body: 'Even better now.' }]);
  });
});
