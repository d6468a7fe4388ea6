// Listing views are counted in memory and written in batches: the profile
// shows them at once, the table gets them at the next flush or at close.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewListing } from '../../src/listings/profile.js';
import { ViewCounter } from '../../src/listings/view-counter.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testContext();
});
afterAll(async () => {
  await ctx?.close();
});

const stored = async (id: number) =>
  Number(
    (await ctx.db.selectFrom('listings').select('views_count').where('id', '=', id).executeTakeFirstOrThrow())
      .views_count,
  );

describe('batched listing views', () => {
  it('shows each view at once and writes them together', async () => {
    const id = await given(ctx).listing({ slug: 'viewed', fields: { views_count: 10 } });
    expect((await viewListing(ctx, 'viewed')).body().views).toBe(11);
    expect((await viewListing(ctx, 'viewed')).body().views).toBe(12);
    expect(await stored(id)).toBe(10);
    await ctx.views.flush();
    expect(await stored(id)).toBe(12);
    expect((await viewListing(ctx, 'viewed')).body().views).toBe(13);
  });

  it('writes listings viewed different numbers of times, in statements of a bounded size', async () => {
    const ids = await Promise.all(
      ['v-one', 'v-two', 'v-three', 'v-four', 'v-five'].map((slug) =>
        given(ctx).listing({ slug, fields: { views_count: 100 } }),
      ),
    );
    const errors: unknown[] = [];
    // Two ids per statement, so the three listings viewed once take two statements.
    const counter = new ViewCounter(ctx.db, (err) => errors.push(err), 2);
    const views = [1, 2, 1, 5, 1];
    ids.forEach((id, i) => {
      for (let k = 0; k < views[i]!; k++) counter.count(id);
    });
    await counter.close();
    expect(errors).toEqual([]);
    expect(await Promise.all(ids.map(stored))).toEqual(views.map((n) => 100 + n));
  });

  it('writes what is pending when the context closes', async () => {
    const other = await testContext();
    const id = await given(other).listing({ slug: 'closing' });
    await viewListing(other, 'closing');
    await other.views.close();
    expect(
      Number(
        (await other.db.selectFrom('listings').select('views_count').where('id', '=', id).executeTakeFirstOrThrow())
          .views_count,
      ),
    ).toBe(1);
    await other.close();
  });
});
