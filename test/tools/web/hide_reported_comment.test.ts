// hide_reported_comment as the website runs it: admins only; a reason is
// required and, without one, the comment stays shown and its reports open; a
// report about something else than a comment is refused on report_id.
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();
const db = () => bed.served.ctx.db;

describe('hide_reported_comment', () => {
  it('hides the comment and resolves every open report about it, for an admin only', async () => {
    const { id } = (await bed.run('post_comment', {
      listing_id: bed.listingId,
      parent_id: null,
      body: 'Buy cheap…',
    })) as {
      id: number;
    };
    const report = async (target_kind: string, target_id: number) =>
      (
        (await bed.run('file_report', { target_kind, target_id: String(target_id), reason: 'spam', details: '' })) as {
          report_id: number;
        }
      ).report_id;
    const first = await report('comment', id);
    const aboutListing = await report('listing', bed.listingId);
    expect((await bed.refusal('hide_reported_comment', { report_id: first, reason: 'Spam' })).status).toBe(404);
    await bed.makeAdmin();

    const noReason = await bed.refusal('hide_reported_comment', { report_id: first, reason: '  ' });
    expect(noReason.errors.map((e) => e.path)).toEqual(['reason']);
    const open = async () =>
      (await db().selectFrom('reports').select('id').where('status', '=', 'open').execute()).map((r) => r.id);
    expect(await open()).toEqual([first, aboutListing]);

    const wrongKind = await bed.refusal('hide_reported_comment', { report_id: aboutListing, reason: 'Spam' });
    expect(wrongKind.errors.map((e) => e.path)).toEqual(['report_id']);

    expect(await bed.run('hide_reported_comment', { report_id: first, reason: 'Spam' })).toEqual({
      comment_id: id,
      reports_resolved: 1,
    });
    const comment = await db()
      .selectFrom('comments')
      .select(['hidden_at', 'hidden_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(comment).toEqual({ hidden_at: expect.any(String), hidden_reason: 'Spam' });
    expect(await open()).toEqual([aboutListing]);
  });
});
