// Admins act (issue 26): a disabled account (who, when, why), a hidden
// listing (status `hidden`, which every public read already leaves out, with
// when, why, by whom and the status it returns to when unhidden), and an
// admin's edit kept in the listing's history with its reason.
//
// listings gains columns, so SQLite's row-version trigger (0012) is re-created
// over them; PostgreSQL's compares whole rows and covers them by itself.
import type { Kysely } from 'kysely';
import { listingRowVersionTrigger } from './0012_listing_row_version.js';
import type { MigrationDialect } from './index.js';

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('disabled_reason', 'text').execute();
  await db.schema.alterTable('users').addColumn('disabled_by', 'integer').execute();

  await db.schema.alterTable('listings').addColumn('hidden_at', 'text').execute();
  await db.schema.alterTable('listings').addColumn('hidden_reason', 'text').execute();
  await db.schema.alterTable('listings').addColumn('hidden_by', 'integer').execute();
  // The status a hidden listing had, and returns to when an admin unhides it.
  await db.schema.alterTable('listings').addColumn('hidden_status', 'text').execute();

  // Why an admin changed the listing (null: its owner's own edit).
  await db.schema.alterTable('listing_versions').addColumn('reason', 'text').execute();
  await db.schema
    .alterTable('listing_versions')
    .addColumn('by_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  if (dialect === 'sqlite') await listingRowVersionTrigger(db);
}
