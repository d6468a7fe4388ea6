// edit_listing_as_admin as the website runs it: admins only; the fields have
// update_my_listing's bounds, a reason is required, and what changed is named.
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();
const tagline = async () =>
  (
    await bed.served.ctx.db
      .selectFrom('listings')
      .select('tagline')
      .where('id', '=', bed.listingId)
      .executeTakeFirstOrThrow()
  ).tagline;

describe('edit_listing_as_admin', () => {
  it('changes the fields given with a reason, for an admin only', async () => {
    const input = {
      listing_id: bed.listingId,
      fields: { tagline: 'Rockets for everyone' },
      reason: 'Misleading claim',
    };
    expect((await bed.refusal('edit_listing_as_admin', input)).status).toBe(404);
    await bed.makeAdmin();
    const before = await tagline();

    const tooLong = await bed.refusal('edit_listing_as_admin', { ...input, fields: { tagline: 'x'.repeat(500) } });
    expect(tooLong.errors.map((e) => e.path)).toEqual(['fields.tagline']);
    const noReason = await bed.refusal('edit_listing_as_admin', { ...input, reason: ' ' });
    expect(noReason.errors.map((e) => e.path)).toEqual(['reason']);
    expect(await tagline()).toBe(before);

    expect(await bed.run('edit_listing_as_admin', input)).toEqual({ changed: ['tagline'] });
    expect(await tagline()).toBe('Rockets for everyone');
    expect(await bed.run('edit_listing_as_admin', input)).toEqual({ changed: [] });
    expect((await bed.refusal('edit_listing_as_admin', { ...input, listing_id: 999_999 })).status).toBe(404);
  });
});
