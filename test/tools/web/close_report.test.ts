// close_report as the website runs it: admins only; an open report closes once.
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();

describe('close_report', () => {
  it('closes an open report as dismissed, for an admin only, and only once', async () => {
    const { report_id } = (await bed.run('file_report', {
      target_kind: 'listing',
      target_id: String(bed.listingId),
      reason: 'spam',
      details: '',
    })) as { report_id: number };
    expect((await bed.refusal('close_report', { report_id, outcome: 'dismissed' })).status).toBe(404);
    await bed.makeAdmin();
    expect(await bed.run('close_report', { report_id, outcome: 'dismissed' })).toEqual({ status: 'dismissed' });
    const row = await bed.served.ctx.db
      .selectFrom('reports')
      .select('status')
      .where('id', '=', report_id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('dismissed');
    expect((await bed.refusal('close_report', { report_id, outcome: 'resolved' })).status).toBeGreaterThanOrEqual(400);
  });
});
