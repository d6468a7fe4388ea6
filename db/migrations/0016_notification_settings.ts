// Notifications grow up (issue 26): what each person wants by mail, per kind
// of notification (a missing row means the kind's default); the secret that
// signs unsubscribe links (one row, made on first use, shared by every
// instance); extra mail headers on the outbox (List-Unsubscribe); a link per
// notification to what it is about; where the vote batching job got to and
// whom it has counted; and an index for the header's unread count.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './index.js';

export async function up(db: Kysely<any>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mail', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_settings_pk', ['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('site_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // A scheduled job's progress: the last row it has handled, so a restart neither repeats nor skips.
  await db.schema
    .createTable('job_cursors')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_id', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Votes cast before notifications existed are old news: the vote digest starts after them.
  await sql`insert into job_cursors (name, last_id, updated_at)
    select 'vote_digest', coalesce(max(id), 0), cast(${new Date().toISOString()} as text) from vote_events`.execute(db);

  // Who the vote digest has told a maker of, per listing: voting again after taking a vote back is not news.
  await db.schema
    .createTable('vote_digest_voters')
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('vote_digest_voters_pk', ['listing_id', 'user_id'])
    .execute();
  await sql`insert into vote_digest_voters (listing_id, user_id) select listing_id, user_id from votes`.execute(db);

  // JSON object of extra headers (List-Unsubscribe, List-Unsubscribe-Post); null for none.
  await db.schema.alterTable('outbox').addColumn('headers', 'text').execute();

  // A site-relative path to what a notification is about (an order, a comment); null: its listing.
  await db.schema.alterTable('notifications').addColumn('link', 'text').execute();

  // The unread count every signed-in page shows: user_id = ? and read_at is null.
  await db.schema.createIndex('notifications_unread').on('notifications').columns(['user_id', 'read_at']).execute();
}
