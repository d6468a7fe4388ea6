// Reports of listings and reviews into the moderation queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReport, countOpenReports, fileReport, reportQueue } from '../../src/community/reports.js';
import { writeReview } from '../../src/community/reviews.js';
import { createUser } from '../../src/accounts/users.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';

let ctx: TestContext;
let reporter: number;
beforeAll(async () => {
  ctx = await testContext();
  reporter = await createUser(ctx.db, { email: 'reporter@example.com', now: ctx.clock.now() });
  await ctx.db.updateTable('users').set({ email_verified_at: ctx.clock.now().toISOString() }).execute();
});
afterAll(async () => {
  await ctx?.close();
});

describe('fileReport', () => {
  it('queues a report of a listing once while it is open, and a report of a review', async () => {
    const listingId = await given(ctx).listing({ slug: 'reported', fields: { name: 'Reported' } });
    const first = await fileReport(ctx, {
      reporterId: reporter,
      targetKind: 'listing',
      targetId: String(listingId),
      reason: 'broken_link',
      details: ' 404 on the homepage ',
    });
    const again = await fileReport(ctx, {
      reporterId: reporter,
      targetKind: 'listing',
      targetId: listingId,
      reason: 'spam',
      details: '',
    });
    expect(again).toBe(first);
    const writer = await createUser(ctx.db, { email: 'writer@example.com', now: ctx.clock.now() });
    await ctx.db
      .updateTable('users')
      .set({ email_verified_at: ctx.clock.now().toISOString() })
      .where('id', '=', writer)
      .execute();
    await writeReview(ctx, { userId: writer, listingId, rating: 1, body: 'buy my product instead' });
    const review = await ctx.db
      .selectFrom('reviews')
      .select('id')
      .where('listing_id', '=', listingId)
      .executeTakeFirstOrThrow();
    await fileReport(ctx, {
      reporterId: reporter,
      targetKind: 'review',
      targetId: review.id,
      reason: 'misleading',
      details: '',
    });

    const open = await reportQueue(ctx, { status: 'open', limit: 10 });
    expect(open.map((r) => [r.target_kind, r.reason, r.listing?.slug])).toEqual([
      ['listing', 'broken_link', 'reported'],
      ['review', 'misleading', 'reported'],
    ]);
    expect(open[0]).toMatchObject({ details: '404 on the homepage', reporter: 'reporter@example.com', status: 'open' });
    expect(open[1].review_body).toBe('buy my product instead');
    expect(await countOpenReports(ctx)).toBe(2);

    await closeReport(ctx, { reportId: first, adminId: reporter, outcome: 'resolved' });
    await expect(closeReport(ctx, { reportId: first, adminId: reporter, outcome: 'dismissed' })).rejects.toMatchObject({
      kind: 'conflict',
    });
    await expect(
      closeReport(ctx, { reportId: 999_999, adminId: reporter, outcome: 'dismissed' }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    expect((await reportQueue(ctx, { status: 'resolved', limit: 10 })).map((r) => r.id)).toEqual([first]);
    expect(await countOpenReports(ctx)).toBe(1);
  });

  it('names the bad field and writes nothing', async () => {
    const listingId = await given(ctx).listing();
    const bad = [
      [{ targetKind: 'user', targetId: listingId, reason: 'spam' }, 'target_kind'],
      [{ targetKind: 'listing', targetId: 'abc', reason: 'spam' }, 'target_id'],
      [{ targetKind: 'listing', targetId: listingId, reason: 'boring' }, 'reason'],
      [{ targetKind: 'listing', targetId: listingId, reason: 'other', details: 'x'.repeat(1001) }, 'details'],
    ] as const;
    const before = await countOpenReports(ctx);
    for (const [args, path] of bad) {
      await expect(fileReport(ctx, { reporterId: reporter, details: '', ...args })).rejects.toMatchObject({
        kind: 'invalid',
        errors: [{ path }],
      });
    }
    await expect(
      fileReport(ctx, { reporterId: reporter, targetKind: 'listing', targetId: 999_999, reason: 'spam', details: '' }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    await expect(
      fileReport(ctx, { reporterId: reporter, targetKind: 'review', targetId: 999_999, reason: 'spam', details: '' }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    expect(await countOpenReports(ctx)).toBe(before);
  });
});
