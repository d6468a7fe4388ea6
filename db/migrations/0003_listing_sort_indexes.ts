// Indexes behind search_listings' sorts and filters, so browsing walks an
// index instead of scanning listing rows (which carry long descriptions).
// Filters compare case-insensitively, so their indexes are on the same
// expressions the queries use (both SQLite and PostgreSQL index expressions).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('listings_status_votes').on('listings').columns(['status', 'votes_count']).execute();
  await db.schema.createIndex('listings_status_views').on('listings').columns(['status', 'views_count']).execute();
  await db.schema
    .createIndex('listings_status_followers')
    .on('listings')
    .columns(['status', 'followers_count'])
    .execute();
  await db.schema.createIndex('listings_status_week').on('listings').columns(['status', 'launch_week']).execute();
  await sql`CREATE INDEX listings_status_country ON listings (status, upper(country))`.execute(db);
  await sql`CREATE INDEX listings_status_pricing ON listings (status, lower(pricing_model))`.execute(db);
  await sql`CREATE INDEX listings_status_stage ON listings (status, lower(stage))`.execute(db);
}
