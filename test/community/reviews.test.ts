// Reviews: one per person per listing (writing again replaces it), never by
// the owner, from confirmed accounts; flagged reviews leave the genuine rating.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewListing } from '../../src/listings/profile.js';
import { listingReviews, recentReviews, setReviewFlag, writeReview } from '../../src/community/reviews.js';
import { createUser } from '../../src/accounts/users.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';

let ctx: TestContext;
let n = 0;
async function person(verified = true) {
  n += 1;
  const id = await createUser(ctx.db, {
    email: `reviewer${n}@example.com`,
    name: `Reviewer ${n}`,
    now: ctx.clock.now(),
  });
  if (verified)
    await ctx.db
      .updateTable('users')
      .set({ email_verified_at: ctx.clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
  return id;
}

beforeAll(async () => {
  ctx = await testContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('writeReview', () => {
  it('keeps one review per person, replaced when written again', async () => {
    const listingId = await given(ctx).listing({ slug: 'reviewed' });
    const reviewer = await person();
    await writeReview(ctx, { userId: reviewer, listingId, rating: '4', body: ' Good <b>tool</b> ' });
    await writeReview(ctx, { userId: reviewer, listingId, rating: 5, body: 'Even better now' });
    const reviews = await listingReviews(ctx, listingId, { limit: 10 });
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ rating: 5, body: 'Even better now', author: `Reviewer ${n}`, flagged: false });
  });

  it('refuses bad ratings, long text, the owner, unconfirmed accounts and listings that are not live', async () => {
    const owner = await person();
    const listingId = await given(ctx).listing({ fields: { owner_id: owner } });
    const reviewer = await person();
    for (const rating of ['0', '6', '3.5', '', 'five', 7]) {
      await expect(writeReview(ctx, { userId: reviewer, listingId, rating, body: '' })).rejects.toMatchObject({
        kind: 'invalid',
        errors: [{ path: 'rating' }],
      });
    }
    await expect(
      writeReview(ctx, { userId: reviewer, listingId, rating: 3, body: 'x'.repeat(2001) }),
    ).rejects.toMatchObject({ kind: 'invalid', errors: [{ path: 'body' }] });
    await expect(
      writeReview(ctx, { userId: owner, listingId, rating: 5, body: 'mine is great' }),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(
      writeReview(ctx, { userId: await person(false), listingId, rating: 5, body: '' }),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    const draft = await given(ctx).listing({ status: 'draft' });
    await expect(writeReview(ctx, { userId: reviewer, listingId: draft, rating: 5, body: '' })).rejects.toMatchObject({
      kind: 'not_found',
    });
    expect(await listingReviews(ctx, listingId, { limit: 10 })).toEqual([]);
  });
});

describe('flagged reviews', () => {
  it('leave the public list and the genuine rating until unflagged', async () => {
    const listingId = await given(ctx).listing({ slug: 'rated' });
    const admin = await person();
    await writeReview(ctx, { userId: await person(), listingId, rating: 5, body: 'honest' });
    await writeReview(ctx, { userId: await person(), listingId, rating: 1, body: 'a competitor writing' });
    expect((await viewListing(ctx, 'rated')).body().rating).toMatchObject({ average: 3, count: 2 });
    const suspicious = (await recentReviews(ctx, { limit: 10 })).find((r) => r.body === 'a competitor writing')!;
    await setReviewFlag(ctx, { reviewId: suspicious.id, adminId: admin, flagged: true });
    expect((await viewListing(ctx, 'rated')).body().rating).toMatchObject({ average: 5, count: 1 });
    expect((await listingReviews(ctx, listingId, { limit: 10 })).map((r) => r.body)).toEqual(['honest']);
    expect((await recentReviews(ctx, { limit: 10, flaggedOnly: true })).map((r) => r.id)).toEqual([suspicious.id]);
    await setReviewFlag(ctx, { reviewId: suspicious.id, adminId: admin, flagged: false });
    expect((await viewListing(ctx, 'rated')).body().rating).toMatchObject({ count: 2 });
    await expect(setReviewFlag(ctx, { reviewId: 999_999, adminId: admin, flagged: true })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});
