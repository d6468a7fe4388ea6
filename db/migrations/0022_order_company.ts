// The buyer's company on an order (its name and address), beside the billing
// country and VAT number: a reverse-charge invoice must show them.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('company_name', 'text').execute();
  await db.schema.alterTable('orders').addColumn('company_address', 'text').execute();
}
