// Product images stored on our side (issue 25, src/media/): the images
// themselves, keyed by the SHA-256 of their bytes (a blob on SQLite, bytea on
// PostgreSQL), a listing's screenshot gallery, and on listings the stored
// copy of the logo its logo_url points at (or why it could not be copied).
//
// A gallery change bumps the listing's profile_version like the other tables
// a profile shows (0010), so cached profiles and pages follow it. listings
// gains columns, so SQLite's row-version trigger (0012) is re-created over
// them; PostgreSQL's compares whole rows and covers them by itself.
import { type Kysely, sql } from 'kysely';
import { listingRowVersionTrigger } from './0012_listing_row_version.js';
import type { MigrationDialect } from './index.js';

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable('images')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('listing_screenshots')
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('image_hash', 'text', (c) => c.notNull())
    // The link the owner gave: sending it again keeps the stored copy instead of fetching it anew.
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('listing_screenshots_pk', ['listing_id', 'position'])
    .execute();
  await db.schema.createIndex('listing_screenshots_image').on('listing_screenshots').column('image_hash').execute();

  // The stored copy of logo_url (null: none yet, or it could not be copied) and why the last try failed.
  await db.schema.alterTable('listings').addColumn('logo_image', 'text').execute();
  await db.schema.alterTable('listings').addColumn('logo_error', 'text').execute();
  await db.schema.createIndex('listings_logo_image').on('listings').column('logo_image').execute();

  if (dialect === 'postgres') {
    // 0010's function bumps OLD.listing_id and NEW.listing_id.
    await sql`CREATE TRIGGER listing_screenshots_profile AFTER INSERT OR UPDATE OR DELETE ON listing_screenshots FOR EACH ROW EXECUTE FUNCTION bump_profile_version()`.execute(
      db,
    );
    return;
  }
  const bump = (id: string) => `UPDATE listings SET profile_version = profile_version + 1 WHERE id = ${id};`;
  await sql
    .raw(
      `CREATE TRIGGER listing_screenshots_profile_insert AFTER INSERT ON listing_screenshots BEGIN ${bump('new.listing_id')} END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER listing_screenshots_profile_update AFTER UPDATE ON listing_screenshots BEGIN ${bump('old.listing_id')} ${bump('new.listing_id')} END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER listing_screenshots_profile_delete AFTER DELETE ON listing_screenshots BEGIN ${bump('old.listing_id')} END`,
    )
    .execute(db);
  await listingRowVersionTrigger(db);
}
