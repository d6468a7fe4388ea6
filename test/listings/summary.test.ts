// Summaries are built once per profile version and never shown stale: a
// change to anything a summary shows is a new version; views are read fresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summariesByIds } from '../../src/listings/summary.js';
import { given } from '../helpers/given.js';
import { type TestContext, testContext } from '../helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('summariesByIds', () => {
  it('keeps the order given, skips unknown ids, and shows every change at once', async () => {
    const g = given(ctx);
    const category = await g.category({ slug: 'tools', name: 'Tools' });
    const a = await g.listing({ slug: 'alpha', categories: [category], fields: { name: 'Alpha', tagline: 'First' } });
    const b = await g.listing({ slug: 'beta', fields: { name: 'Beta', votes_count: 3 } });
    const first = await summariesByIds(ctx, [b, 999_999, a]);
    expect(first.map((s) => s.slug)).toEqual(['beta', 'alpha']);
    expect(first[1]).toMatchObject({ tagline: 'First', primary_category: { slug: 'tools', name: 'Tools' } });
    expect(ctx.summaries.size).toBeGreaterThanOrEqual(2);

    await ctx.db.updateTable('listings').set({ tagline: 'Second', votes_count: 4 }).where('id', '=', a).execute();
    await ctx.db.updateTable('listings').set({ views_count: 42 }).where('id', '=', b).execute();
    await ctx.db.updateTable('categories').set({ name: 'Utilities' }).where('id', '=', category).execute();
    const again = await summariesByIds(ctx, [a, b]);
    expect(again[0]).toMatchObject({ tagline: 'Second', votes: 4, primary_category: { name: 'Utilities' } });
    expect(again[1]).toMatchObject({ views: 42, votes: 3 });
  });
});
