// The site's community (issue 8): what each vote looked like when it was cast
// (network, velocity flags) and whether an admin discounted it, the append-only
// vote audit log, reports into the moderation queue, and review moderation.
import type { Kysely } from 'kysely';
import { idColumn } from './columns.js';
import type { MigrationDialect } from './index.js';

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const id = idColumn(dialect);

  // network: a hash of the voter's /24 (IPv4) or /48 (IPv6) prefix, never the address itself.
  await db.schema.alterTable('votes').addColumn('network', 'text').execute();
  await db.schema
    .alterTable('votes')
    .addColumn('flags', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('votes').addColumn('discounted_at', 'text').execute();
  await db.schema.alterTable('votes').addColumn('discounted_by', 'integer').execute();
  await db.schema
    .createIndex('votes_listing_network')
    .on('votes')
    .columns(['listing_id', 'network', 'created_at'])
    .execute();
  await db.schema
    .alterTable('listings')
    .addColumn('votes_discounted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await id(db.schema.createTable('vote_events'))
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('network', 'text')
    .addColumn('flags', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vote_events_created').on('vote_events').column('created_at').execute();
  await db.schema.createIndex('vote_events_listing').on('vote_events').columns(['listing_id', 'id']).execute();

  await db.schema.alterTable('reviews').addColumn('updated_at', 'text').execute();
  await db.schema.alterTable('reviews').addColumn('flagged_by', 'integer').execute();
  await db.schema.createIndex('reviews_listing').on('reviews').columns(['listing_id', 'created_at']).execute();

  await id(db.schema.createTable('reports'))
    .addColumn('reporter_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('listing_id', 'integer', (c) => c.references('listings.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('reports_status').on('reports').columns(['status', 'id']).execute();
}
