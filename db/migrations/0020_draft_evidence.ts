// What a draft knows beyond its values (issue 35): the quotes behind each
// drafted social link, which the maker and get_draft now see like every other
// value's, and the linked pages the crawl did not read, so a field those pages
// may state is never called absent from the site.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('drafts')
    .addColumn('company_socials_evidence', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('drafts')
    .addColumn('unread_pages', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
