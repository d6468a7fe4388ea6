// A version for the parts of a listing profile that live outside the listings
// row (issue 9): categories, founders, FAQs, socials, updates, reviews, awards,
// story and milestones. Triggers bump listings.profile_version on every write
// to those tables, so a cached profile is valid exactly while the version it
// was built at is still the row's, in this process, in another worker and on
// another instance sharing the database. Nothing in the application has to
// remember to invalidate; a write the triggers do not see cannot exist.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './index.js';

/** Tables with a listing_id whose rows appear in the listing's profile. */
const CHILD_TABLES = [
  'listing_categories',
  'listing_founders',
  'listing_faqs',
  'listing_socials',
  'listing_updates',
  'reviews',
  'awards',
  'stories',
  'milestones',
];

/** Shared rows shown on many profiles: the columns a profile shows, and the join table that links them to listings. */
const SHARED_TABLES = [
  { table: 'categories', columns: ['slug', 'name'], link: 'listing_categories', key: 'category_id' },
  { table: 'founders', columns: ['slug', 'name', 'title', 'avatar_url'], link: 'listing_founders', key: 'founder_id' },
];

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .alterTable('listings')
    .addColumn('profile_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (dialect === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const bump = (idExpr: string) => `UPDATE listings SET profile_version = profile_version + 1 WHERE id = ${idExpr};`;

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  for (const table of CHILD_TABLES) {
    await sql
      .raw(`CREATE TRIGGER ${table}_profile_insert AFTER INSERT ON ${table} BEGIN ${bump('new.listing_id')} END`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_profile_update AFTER UPDATE ON ${table} BEGIN ${bump('old.listing_id')} ${bump('new.listing_id')} END`,
      )
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_profile_delete AFTER DELETE ON ${table} BEGIN ${bump('old.listing_id')} END`)
      .execute(db);
  }
  for (const { table, columns, link, key } of SHARED_TABLES) {
    const linked = `(SELECT listing_id FROM ${link} WHERE ${key} = new.id)`;
    await sql
      .raw(
        `CREATE TRIGGER ${table}_profile_update AFTER UPDATE OF ${columns.join(', ')} ON ${table} BEGIN UPDATE listings SET profile_version = profile_version + 1 WHERE id IN ${linked}; END`,
      )
      .execute(db);
  }
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  await sql`CREATE FUNCTION bump_profile_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN UPDATE listings SET profile_version = profile_version + 1 WHERE id = OLD.listing_id; END IF;
  IF TG_OP <> 'DELETE' THEN UPDATE listings SET profile_version = profile_version + 1 WHERE id = NEW.listing_id; END IF;
  RETURN NULL;
END $$`.execute(db);
  for (const table of CHILD_TABLES) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_profile AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION bump_profile_version()`,
      )
      .execute(db);
  }
  for (const { table, columns, link, key } of SHARED_TABLES) {
    await sql
      .raw(
        `CREATE FUNCTION bump_${table}_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listings SET profile_version = profile_version + 1 WHERE id IN (SELECT listing_id FROM ${link} WHERE ${key} = NEW.id);
  RETURN NULL;
END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_profile AFTER UPDATE OF ${columns.join(', ')} ON ${table} FOR EACH ROW EXECUTE FUNCTION bump_${table}_profiles()`,
      )
      .execute(db);
  }
}
