// The search index follows the listings change feed, including a write that
// becomes visible after a later-stamped one was synced (its transaction
// committed late, or another instance's clock runs behind).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { createSearchIndex } from '../../src/search/search.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('the search change feed', () => {
  it('indexes a write stamped before the cursor when it appears after a later one was synced', async () => {
    const early = await given(ctx).listing({ fields: { tagline: 'plain' } });
    const late = await given(ctx).listing({ fields: { tagline: 'plain' } });
    await ctx.search.sync();
    const t = Date.parse(ctx.clock.now().toISOString());
    /** Writes a tagline stamped `ms` after the clock's now. */
    const retag = (id: number, tagline: string, ms: number) =>
      ctx.db
        .updateTable('listings')
        .set({ tagline, updated_at: new Date(t + ms).toISOString() })
        .where('id', '=', id)
        .execute();
    await retag(late, 'other', 2000);
    await ctx.search.sync();
    // Stamped a second before the synced write, visible only now.
    await retag(early, 'zebrafinch counter', 1000);
    await ctx.search.sync();
    expect([...ctx.search.index.search('zebrafinch', { status: 'live', limit: 10 }).best.keys()]).toEqual([early]);
  });

  it('builds the first time in pages by id, each listing once, public ones only', async () => {
    const live = [];
    for (let i = 0; i < 5; i++) live.push(await given(ctx).listing({ fields: { tagline: `quokkaware edition ${i}` } }));
    const draft = await given(ctx).listing({ status: 'draft', fields: { tagline: 'quokkaware draft' } });
    const index = createSearchIndex(ctx.db, { buildPageRows: 2 });
    await index.sync();
    expect(
      [...index.index.search('quokkaware', { status: 'live', limit: 10 }).best.keys()].sort((a, b) => a - b),
    ).toEqual(live);
    expect(index.statusOf(draft)).toBeUndefined();
    expect(index.count('live')).toBe(
      await ctx.db
        .selectFrom('listings')
        .where('status', '=', 'live')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n)),
    );
  });
});
