// Makers' own listings (issue 6): the version history of every edit (the
// admin review feed reads it), notifications to followers, interview answers
// and the badge check's last result.
import type { Kysely } from 'kysely';
import { idColumn } from './columns.js';
import type { MigrationDialect } from './index.js';

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const id = idColumn(dialect);

  await id(db.schema.createTable('listing_versions'))
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('listing_versions_listing')
    .on('listing_versions')
    .columns(['listing_id', 'id'])
    .execute();
  await db.schema.createIndex('listing_versions_created').on('listing_versions').column('created_at').execute();

  await id(db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('listing_id', 'integer', (c) => c.references('listings.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('interview_answers')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('interview_questions.id').onDelete('cascade'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('interview_answers_pk', ['user_id', 'question_id'])
    .execute();

  await db.schema.alterTable('listings').addColumn('badge_checked_at', 'text').execute();
  await db.schema.alterTable('listings').addColumn('badge_check_result', 'text').execute();
}
