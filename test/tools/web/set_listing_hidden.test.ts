// set_listing_hidden as the website runs it: admins only; a reason is required;
// hide then show again.
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();
const status = async () =>
  (
    await bed.served.ctx.db
      .selectFrom('listings')
      .select('status')
      .where('id', '=', bed.listingId)
      .executeTakeFirstOrThrow()
  ).status;

describe('set_listing_hidden', () => {
  it('hides with a reason and shows again, for an admin only', async () => {
    const hide = { listing_id: bed.listingId, hidden: true, reason: 'Not a product' };
    expect((await bed.refusal('set_listing_hidden', hide)).status).toBe(404);
    await bed.makeAdmin();
    const noReason = await bed.refusal('set_listing_hidden', { ...hide, reason: ' ' });
    expect(noReason.errors.map((e) => e.path)).toEqual(['reason']);
    expect(await status()).toBe('live');
    await bed.run('set_listing_hidden', hide);
    expect(await status()).not.toBe('live');
    await bed.run('set_listing_hidden', { ...hide, hidden: false, reason: 'Fixed' });
    expect(await status()).toBe('live');
  });
});
