// edit_comment as the website runs it: the writer changes their comment; a
// comment of someone else is not theirs to edit.
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();

describe('edit_comment', () => {
  it('replaces the text of the writer’s comment', async () => {
    const posted = (await bed.run('post_comment', { listing_id: bed.listingId, parent_id: null, body: 'Fist' })) as {
      id: number;
    };
    expect(await bed.run('edit_comment', { comment_id: posted.id, body: 'First' })).toMatchObject({
      listing_slug: 'acme',
    });
    const row = await bed.served.ctx.db
      .selectFrom('comments')
      .select('body')
      .where('id', '=', posted.id)
      .executeTakeFirstOrThrow();
    expect(row.body).toBe('First');
  });

  it('refuses a comment that does not exist', async () => {
    expect((await bed.refusal('edit_comment', { comment_id: 999_999, body: 'x' })).status).toBeGreaterThanOrEqual(400);
  });
});
