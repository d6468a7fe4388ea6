// set_comment_hidden as the website runs it: admins only (anyone else gets a
// 404, as the admin pages do); hiding needs a reason; showing again works.
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();
const hiddenAt = async (id: number) =>
  (await bed.served.ctx.db.selectFrom('comments').select('hidden_at').where('id', '=', id).executeTakeFirstOrThrow())
    .hidden_at;

describe('set_comment_hidden', () => {
  it('hides with a reason and shows again, for an admin only', async () => {
    const { id } = (await bed.run('post_comment', {
      listing_id: bed.listingId,
      parent_id: null,
      body: 'Buy cheap…',
    })) as {
      id: number;
    };
    expect((await bed.refusal('set_comment_hidden', { comment_id: id, hidden: true, reason: 'spam' })).status).toBe(
      404,
    );
    await bed.makeAdmin();
    const noReason = await bed.refusal('set_comment_hidden', { comment_id: id, hidden: true, reason: '' });
    expect(noReason.status).toBe(400);
    expect(await hiddenAt(id)).toBeNull();
    await bed.run('set_comment_hidden', { comment_id: id, hidden: true, reason: 'Spam' });
    expect(await hiddenAt(id)).not.toBeNull();
    await bed.run('set_comment_hidden', { comment_id: id, hidden: false, reason: '' });
    expect(await hiddenAt(id)).toBeNull();
  });
});
