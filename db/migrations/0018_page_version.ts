// A version number for the public pages (issue 25): triggers bump
// data_versions('pages') on every write to a table the home, listing and week
// pages show, so a page rendered once (platform/page-cache.ts) is served
// again to anonymous visitors exactly while that version holds, in this
// process, in another worker or on another instance sharing the database.
// A listings row counts only when its profile_version moves (migration 0012:
// any change but the view count, which the view counter writes every second).
// Readers take the version before the data, so a page is never kept under a
// version newer than what it was built from.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './index.js';

/** Tables whose rows (or counts of them) the public pages show, besides listings. */
export const PAGE_TABLES = [
  'settings',
  'categories',
  'listing_categories',
  'listing_socials',
  'listing_faqs',
  'listing_alternatives',
  'listing_founders',
  'listing_updates',
  'founders',
  'milestones',
  'stories',
  'interview_answers',
  'interview_questions',
  'votes',
  'follows',
  'reviews',
  'comments',
  'reports',
  'awards',
  'blog_posts',
  'users',
  'products',
  'orders',
  'order_lines',
];

const BUMP = `UPDATE data_versions SET version = version + 1 WHERE name = 'pages';`;

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.insertInto('data_versions').values({ name: 'pages', version: 0 }).execute();
  if (dialect === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION bump_pages_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${BUMP} RETURN NULL; END $$`,
      )
      .execute(db);
    // Once per statement: a rollover or a bulk import bumps it once.
    for (const table of PAGE_TABLES)
      await sql
        .raw(
          `CREATE TRIGGER ${table}_pages AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION bump_pages_version()`,
        )
        .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER listings_pages_write AFTER INSERT OR DELETE ON listings FOR EACH STATEMENT EXECUTE FUNCTION bump_pages_version()`,
      )
      .execute(db);
    // 0012's BEFORE trigger has set the new profile_version by now.
    await sql
      .raw(
        `CREATE TRIGGER listings_pages_update AFTER UPDATE ON listings FOR EACH ROW WHEN (OLD.profile_version IS DISTINCT FROM NEW.profile_version) EXECUTE FUNCTION bump_pages_version()`,
      )
      .execute(db);
    return;
  }
  for (const table of [...PAGE_TABLES, 'listings'])
    for (const event of ['INSERT', 'DELETE'])
      await sql
        .raw(`CREATE TRIGGER ${table}_pages_${event.toLowerCase()} AFTER ${event} ON ${table} BEGIN ${BUMP} END`)
        .execute(db);
  for (const table of PAGE_TABLES)
    await sql.raw(`CREATE TRIGGER ${table}_pages_update AFTER UPDATE ON ${table} BEGIN ${BUMP} END`).execute(db);
  // 0012's trigger moves profile_version by a second UPDATE, which fires this one.
  await sql
    .raw(
      `CREATE TRIGGER listings_pages_update AFTER UPDATE OF profile_version ON listings WHEN old.profile_version IS NOT new.profile_version BEGIN ${BUMP} END`,
    )
    .execute(db);
}
