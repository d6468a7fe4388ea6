// Indexes behind search_listings' sorts, so browsing walks an index instead of
// scanning listing rows (which carry long descriptions).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('listings_status_votes').on('listings').columns(['status', 'votes_count']).execute();
  await db.schema.createIndex('listings_status_views').on('listings').columns(['status', 'views_count']).execute();
  await db.schema.createIndex('listings_status_followers').on('listings').columns(['status', 'followers_count']).execute();
  await db.schema.createIndex('listings_status_week').on('listings').columns(['status', 'launch_week']).execute();
}
