// Indexes for the listing page's reads (issue 9): awards by listing, so a
// profile does not scan every award ever given.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('awards_listing').on('awards').columns(['listing_id', 'week']).execute();
}
