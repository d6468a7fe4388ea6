// Outbound webhooks (src/webhooks/): the endpoints makers and admins register
// and each delivery of an event to one, kept as the delivery log. An
// endpoint's signing secret is kept as given out, like the site's other
// signing keys: signing needs it, so it cannot be hashed.
import type { Kysely } from 'kysely';
import { idColumn } from './columns.js';
import type { MigrationDialect } from './index.js';

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .$call(idColumn(dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'own': events of the owner's listings and orders; 'site': every event (admins only).
    .addColumn('reach', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_user').on('webhook_endpoints').column('user_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .$call(idColumn(dialect))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    // The Standard Webhooks message id (webhook-id), the same on every attempt.
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // pending → delivered, or failed once every attempt is spent.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_status', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_attempt_at', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
}
