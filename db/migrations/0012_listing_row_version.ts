// listings.profile_version also follows the listings row itself (issue 9):
// any update except the view count bumps it, so a whole public profile,
// serialised once, is valid exactly while the version it was built at holds
// (0010 made it follow the other tables a profile shows). The view counter
// flushes views every second and a profile adds them per read, so views
// alone do not make a new version.
//
// PostgreSQL compares the rows without those two columns, which covers
// columns added later by itself. SQLite's trigger names its columns: a later
// migration that adds a listings column re-creates it with
// `listingRowVersionTrigger` (test/db/listing-row-version.test.ts fails until it does).
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './index.js';

/** Columns whose changes do not make a new profile version. */
export const UNVERSIONED_COLUMNS = ['views_count', 'profile_version'];

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE FUNCTION bump_listing_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'views_count' - 'profile_version') IS DISTINCT FROM (to_jsonb(OLD) - 'views_count' - 'profile_version') THEN
    NEW.profile_version := OLD.profile_version + 1;
  END IF;
  RETURN NEW;
END $$`.execute(db);
    await sql`CREATE TRIGGER listings_row_version BEFORE UPDATE ON listings FOR EACH ROW EXECUTE FUNCTION bump_listing_row_version()`.execute(
      db,
    );
    return;
  }
  await listingRowVersionTrigger(db);
}

/** (Re-)creates SQLite's trigger over every listings column but the unversioned ones. */
export async function listingRowVersionTrigger(db: Kysely<any>): Promise<void> {
  const columns = (await sql<{ name: string }>`SELECT name FROM pragma_table_info('listings')`.execute(db)).rows
    .map((c) => c.name)
    .filter((name) => !UNVERSIONED_COLUMNS.includes(name));
  await sql`DROP TRIGGER IF EXISTS listings_row_version`.execute(db);
  await sql
    .raw(
      `CREATE TRIGGER listings_row_version AFTER UPDATE OF ${columns.map((c) => `"${c}"`).join(', ')} ON listings BEGIN UPDATE listings SET profile_version = profile_version + 1 WHERE id = new.id; END`,
    )
    .execute(db);
}
