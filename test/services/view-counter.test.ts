// Listing views are counted in memory and written in batches: the profile
// shows them at once, the table gets them at the next flush or at close.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewListing } from '../../src/services/listing-profile.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testContext();
});
afterAll(async () => {
  await ctx?.close();
});

const stored = async (id: number) => Number((await ctx.db.selectFrom('listings').select('views_count').where('id', '=', id).executeTakeFirstOrThrow()).views_count);

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

  it('writes what is pending when the context closes', async () => {
    const other = await testContext();
    const id = await given(other).listing({ slug: 'closing' });
    await viewListing(other, 'closing');
    await other.views.close();
    expect(Number((await other.db.selectFrom('listings').select('views_count').where('id', '=', id).executeTakeFirstOrThrow()).views_count)).toBe(1);
    await other.close();
  });
});
