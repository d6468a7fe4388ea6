// set_review_flag as the website runs it: admins only; flag and unflag.
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();

describe('set_review_flag', () => {
  it('flags and unflags a review, for an admin only', async () => {
    await bed.run('write_review', { listing_id: bed.listingId, rating: '5', body: 'Great.' });
    const { id } = await bed.served.ctx.db
      .selectFrom('reviews')
      .select('id')
      .where('listing_id', '=', bed.listingId)
      .executeTakeFirstOrThrow();
    expect((await bed.refusal('set_review_flag', { review_id: id, flagged: true })).status).toBe(404);
    await bed.makeAdmin();
    expect(await bed.run('set_review_flag', { review_id: id, flagged: true })).toEqual({ flagged: true });
    expect(await bed.run('set_review_flag', { review_id: id, flagged: false })).toEqual({ flagged: false });
  });
});
