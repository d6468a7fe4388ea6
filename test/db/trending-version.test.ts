// Migration 0013: data_versions('trending') moves on every write to votes and
// on every change of a listing's status or vote count, on both databases, and
// on nothing else, so the cached trending ranking is rebuilt exactly when it
// could have changed.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';

let ctx: TestContext;
let listing: number;
let voter: number;
beforeAll(async () => {
  ctx = await testContext();
  listing = await given(ctx).listing({ status: 'live' });
  voter = (
    await ctx.db
      .insertInto('users')
      .values({ email: 'voter@example.com', created_at: ctx.clock.now().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => ctx?.close());

const version = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('data_versions')
        .select('version')
        .where('name', '=', 'trending')
        .executeTakeFirstOrThrow()
    ).version,
  );

describe('the trending version', () => {
  it('moves on a vote, a discount and a withdrawal', async () => {
    let v = await version();
    await ctx.db
      .insertInto('votes')
      .values({ listing_id: listing, user_id: voter, created_at: ctx.clock.now().toISOString() })
      .execute();
    expect(await version()).toBeGreaterThan(v);
    v = await version();
    await ctx.db.updateTable('votes').set({ discounted_at: ctx.clock.now().toISOString() }).execute();
    expect(await version()).toBeGreaterThan(v);
    v = await version();
    await ctx.db.deleteFrom('votes').execute();
    expect(await version()).toBeGreaterThan(v);
  });

  it("moves when a listing's status or vote count changes", async () => {
    let v = await version();
    await ctx.db.updateTable('listings').set({ status: 'archived' }).where('id', '=', listing).execute();
    expect(await version()).toBeGreaterThan(v);
    v = await version();
    await ctx.db.updateTable('listings').set({ votes_count: 3 }).where('id', '=', listing).execute();
    expect(await version()).toBeGreaterThan(v);
  });

  it('stays put for other writes to listings: edits and view counts', async () => {
    const v = await version();
    await ctx.db
      .updateTable('listings')
      .set({ tagline: 'Edited', views_count: sql`views_count + 1` })
      .where('id', '=', listing)
      .execute();
    await given(ctx).listing({ status: 'live' });
    expect(await version()).toBe(v);
  });
});
