// A listing's numbers per UTC day for its owner's chart (issue 24): page
// views, clicks out to the product's site and clicks on its badge, each
// counted once per person a day. Votes and followers per day are read from
// votes and follows by their created_at, so they are not copied here.
// A person is remembered for one day only, as a hash of who they are with
// that day's random salt; both are deleted once the day is over, so nothing
// here identifies anyone afterwards.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './index.js';

export async function up(db: Kysely<any>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable('listing_daily_stats')
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('outbound_clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('badge_clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('listing_daily_stats_pk', ['listing_id', 'day'])
    .execute();

  // Who was already counted today, per listing and kind of count. Day first:
  // the daily prune deletes by it. No foreign key: rows live one day.
  await db.schema
    .createTable('listing_stat_visitors')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('listing_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('listing_stat_visitors_pk', ['day', 'listing_id', 'kind', 'visitor'])
    .execute();

  // The day's secret salt, shared by every process on this database.
  await db.schema
    .createTable('listing_stat_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();
}
