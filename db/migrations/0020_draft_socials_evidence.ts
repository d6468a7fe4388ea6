// The quotes behind each drafted social link (issue 35): the evidence gate
// found them, and the maker and get_draft now see them like every other value.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('drafts')
    .addColumn('company_socials_evidence', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
