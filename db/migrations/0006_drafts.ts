// 0006: drafts (issue 5): a maker's submit-by-URL draft with its fields, the
// crawled evidence text per page, and co-founder invites. Frozen once landed.
// Imports nothing from the app.
import type { Kysely } from 'kysely';
import { idColumn } from './columns.js';
import type { MigrationDialect } from './index.js';

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const id = idColumn(dialect);

  await db.schema
    .createTable('drafts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failure_reason', 'text')
    .addColumn('drafter', 'text')
    // JSON: { field: { value, state, evidence: [{quote,url}], ai: { value, evidence } | null } }
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('locked_fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('faqs', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('founders', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('company_socials', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('founder_socials', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('story', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('milestones', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('seo', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('competitor_url', 'text')
    .addColumn('comparison', 'text')
    .addColumn('listing_id', 'integer', (c) => c.references('listings.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('drafts_user_created').on('drafts').columns(['user_id', 'created_at']).execute();

  await id(db.schema.createTable('draft_pages'))
    .addColumn('draft_id', 'text', (c) => c.notNull().references('drafts.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    // The evidence text quotes are checked against.
    .addColumn('text', 'text', (c) => c.notNull())
    // The parsed facts (meta, JSON-LD, headings, links…) the drafters read, as JSON.
    .addColumn('facts', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('draft_pages_draft').on('draft_pages').columns(['draft_id', 'position']).execute();

  await id(db.schema.createTable('draft_invites'))
    .addColumn('draft_id', 'text', (c) => c.notNull().references('drafts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('draft_invites_draft_email', ['draft_id', 'email'])
    .execute();
}
