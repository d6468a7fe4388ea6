// set_votes_discounted as the website runs it: admins only; with no flagged
// votes nothing changes, and the answer says so.
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();

describe('set_votes_discounted', () => {
  it('answers how many votes changed, for an admin only', async () => {
    const input = { listing_id: bed.listingId, discounted: true };
    expect((await bed.refusal('set_votes_discounted', input)).status).toBe(404);
    await bed.makeAdmin();
    expect(await bed.run('set_votes_discounted', input)).toEqual({ votes: 0 });
    expect(await bed.run('set_votes_discounted', { ...input, discounted: false })).toEqual({ votes: 0 });
  });
});
