// Discussion on listings (issue 26): comments by signed-in people, one level
// of replies (a reply's parent is always a top-level comment), edits within a
// window (edited_at), and comments the site team hid (hidden_at, with why).
import type { Kysely } from 'kysely';
import { idColumn } from './columns.js';
import type { MigrationDialect } from './index.js';

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const id = idColumn(dialect);
  await id(db.schema.createTable('comments'))
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .addColumn('hidden_at', 'text')
    .addColumn('hidden_reason', 'text')
    .addColumn('hidden_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // A listing's thread: its top-level comments by time (parent_id null), then
  // the replies to a page of them, each by time.
  await db.schema
    .createIndex('comments_listing_thread')
    .on('comments')
    .columns(['listing_id', 'parent_id', 'created_at'])
    .execute();
  await db.schema.createIndex('comments_parent').on('comments').columns(['parent_id', 'created_at']).execute();
  // A person's recent comments: the per-person rate limit counts them.
  await db.schema.createIndex('comments_user_recent').on('comments').columns(['user_id', 'created_at']).execute();
}
