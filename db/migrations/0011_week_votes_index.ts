// The weekly rollover's award query (issue 9): live listings of ended weeks
// with at least one vote. With (status, launch_week) alone it read every live
// row for votes_count (~0.5 s at 100k listings, at every start); with
// votes_count in the index it reads the index alone (~20 ms). The new index
// starts with the old one's columns, so it serves the old one's queries too.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('listings_status_week_votes')
    .on('listings')
    .columns(['status', 'launch_week', 'votes_count'])
    .execute();
  await db.schema.dropIndex('listings_status_week').execute();
}
