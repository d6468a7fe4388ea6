// Migration 0012: listings.profile_version follows every change to a listing
// row except its view count, on both databases, so a cached public profile is
// valid exactly while its version holds.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNVERSIONED_COLUMNS } from '../../db/migrations/0012_listing_row_version.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';

let ctx: TestContext;
let id: number;
beforeAll(async () => {
  ctx = await testContext();
  id = await given(ctx).listing({ fields: { tagline: 'First' } });
});
afterAll(async () => ctx?.close());

const version = async () =>
  Number(
    (await ctx.db.selectFrom('listings').select('profile_version').where('id', '=', id).executeTakeFirstOrThrow())
      .profile_version,
  );

describe('the listing row version', () => {
  it('moves on an edit, a vote count and a status change, once per update', async () => {
    let v = await version();
    await ctx.db.updateTable('listings').set({ tagline: 'Second' }).where('id', '=', id).execute();
    expect(await version()).toBe(++v);
    await ctx.db.updateTable('listings').set({ votes_count: 7, followers_count: 3 }).where('id', '=', id).execute();
    expect(await version()).toBe(++v);
    await ctx.db.updateTable('listings').set({ status: 'scheduled' }).where('id', '=', id).execute();
    expect(await version()).toBe(++v);
  });

  it('stays put when only the view count changes, or an update changes nothing', async () => {
    const v = await version();
    await ctx.db.updateTable('listings').set({ views_count: sql`views_count + 5` }).where('id', '=', id).execute();
    expect(await version()).toBe(v);
    if (ctx.dialect === 'postgres') {
      // PostgreSQL compares values; SQLite's trigger fires on any update naming a column.
      await ctx.db.updateTable('listings').set({ tagline: 'Second' }).where('id', '=', id).execute();
      expect(await version()).toBe(v);
    }
  });

  it('still moves once for a write to a table the profile shows (migration 0010)', async () => {
    const v = await version();
    await ctx.db
      .insertInto('listing_faqs')
      .values({ listing_id: id, question: 'Q?', answer: 'A.', position: 0 })
      .execute();
    expect(await version()).toBe(v + 1);
  });

  // A migration that adds a listings column must re-create the trigger (listingRowVersionTrigger).
  it.skipIf(process.env.TEST_DATABASE_URL?.startsWith('postgres'))(
    'covers every listings column but the view count on SQLite',
    async () => {
      const trigger = (
        await sql<{
          sql: string;
        }>`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'listings_row_version'`.execute(ctx.db)
      ).rows[0]!.sql;
      const covered = /UPDATE OF (.*) ON listings/
        .exec(trigger)![1]!
        .split(', ')
        .map((c) => c.replace(/"/g, ''));
      const columns = (
        await sql<{ name: string }>`SELECT name FROM pragma_table_info('listings')`.execute(ctx.db)
      ).rows.map((c) => c.name);
      expect(covered.sort()).toEqual(columns.filter((c) => !UNVERSIONED_COLUMNS.includes(c)).sort());
    },
  );
});
