// post_comment as the website runs it: a comment and a reply in one thread;
// an empty text refused on the field, nothing written.
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();
const comments = () =>
  bed.served.ctx.db.selectFrom('comments').select(['id', 'body']).where('listing_id', '=', bed.listingId).execute();

describe('post_comment', () => {
  it('refuses an empty comment on the body, writing nothing', async () => {
    const err = await bed.refusal('post_comment', { listing_id: bed.listingId, parent_id: null, body: '  ' });
    expect(err.errors.map((e) => e.path)).toEqual(['body']);
    expect(await comments()).toEqual([]);
  });

  it('posts a comment and a reply in its thread', async () => {
    const first = (await bed.run('post_comment', { listing_id: bed.listingId, parent_id: null, body: 'Nice!' })) as {
      id: number;
      thread_id: number;
    };
    const reply = (await bed.run('post_comment', {
      listing_id: bed.listingId,
      parent_id: first.id,
      body: 'Thanks.',
    })) as { thread_id: number };
    expect(reply.thread_id).toBe(first.thread_id);
    expect((await comments()).map((c) => c.body)).toEqual(['Nice!', 'Thanks.']);
  });
});
