// Claims and orders (issue 7): claims of existing listings (DNS, meta tag,
// file, email link), orders with their lines and VAT, and the payments a
// provider reported. Money is integer USD cents; times are ISO-8601 UTC text.
// Frozen once landed; imports nothing from the app.
import { type Kysely, sql } from 'kysely';
import { idColumn } from './columns.js';
import type { MigrationDialect } from './index.js';

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const id = idColumn(dialect);

  await id(db.schema.createTable('claims'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    // dns | meta | file | email
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    // The public value to publish: lb-verify-<random>.
    .addColumn('token', 'text', (c) => c.notNull())
    // Email method: SHA-256 of the secret in the mailed link (the link itself is never stored).
    .addColumn('email_token_hash', 'text', (c) => c.unique())
    // pending | verified | failed | expired
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('last_check_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('claims_user').on('claims').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('claims_listing').on('claims').columns(['listing_id', 'status']).execute();
  await db.schema.createIndex('claims_status_expires').on('claims').columns(['status', 'expires_at']).execute();
  // At most one pending claim per user and listing (a partial unique index, in both dialects).
  await db.schema
    .createIndex('claims_one_pending')
    .on('claims')
    .columns(['user_id', 'listing_id'])
    .unique()
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();

  await id(db.schema.createTable('orders'))
    // LB-YYYY-NNNNNN
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // pending | paid | fulfilled | expired | canceled | refunded
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    // VAT rate in basis points (19 % = 1900), so no float is ever stored.
    .addColumn('vat_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('billing_country', 'text', (c) => c.notNull())
    .addColumn('vat_number', 'text')
    .addColumn('reverse_charge', 'integer', (c) => c.notNull().defaultTo(0))
    // The capability in the checkout URL, and the per-order token its payment form must echo (CSRF).
    .addColumn('checkout_token', 'text', (c) => c.notNull().unique())
    .addColumn('form_token', 'text', (c) => c.notNull())
    // test | stripe; provider_ref is the provider's id (a Checkout Session id).
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('orders_status_expires').on('orders').columns(['status', 'expires_at']).execute();

  await id(db.schema.createTable('order_lines'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('listing_id', 'integer', (c) => c.references('listings.id').onDelete('set null'))
    // launch / featured: the Monday of the week (null = live at once); a column so capacity and badges can query it.
    .addColumn('week', 'text')
    // The item as validated (options such as extra categories), JSON.
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('unit_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('fulfilled_at', 'text')
    .addColumn('fulfilment_error', 'text')
    .execute();
  await db.schema.createIndex('order_lines_order').on('order_lines').columns(['order_id', 'position']).execute();
  await db.schema.createIndex('order_lines_product_week').on('order_lines').columns(['product', 'week']).execute();
  await db.schema.createIndex('order_lines_listing').on('order_lines').columns(['listing_id', 'product']).execute();

  await id(db.schema.createTable('payments'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // succeeded | unmatched (money arrived for an order that can no longer be fulfilled: refund by hand)
    .addColumn('status', 'text', (c) => c.notNull())
    // The provider's event id: a replayed webhook is recorded once.
    .addColumn('raw_event_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payments_event', ['provider', 'raw_event_id'])
    .execute();
  await db.schema.createIndex('payments_order').on('payments').column('order_id').execute();
}
