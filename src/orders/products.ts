// Products and their prices, which only the admin sets (`admin price set`).
// A product is for sale (listed, quoted, ordered) when it has a price and this
// code knows how to fulfil it; another may be priced but is not listed.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError } from '../errors.js';

/** Products this code knows how to fulfil (orders/fulfilment.ts); others may be priced by the admin but are not sold. */
export const ORDERABLE = ['launch', 'featured', 'billboard', 'premium-profile'] as const;
export type Orderable = (typeof ORDERABLE)[number];
export const isOrderable = (key: string): key is Orderable => (ORDERABLE as readonly string[]).includes(key);

export const productView = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number().int(),
  currency: z.literal('USD'),
  vat_included: z.literal(false),
  needs_listing: z.boolean(),
});
export type ProductView = z.infer<typeof productView>;

export async function listProductsForSale(db: Kysely<Database>): Promise<ProductView[]> {
  const rows = await db
    .selectFrom('products')
    .selectAll()
    .where('active', '=', 1)
    .where('price_cents', 'is not', null)
    .where('key', 'in', ORDERABLE)
    .orderBy('position')
    .orderBy('key')
    .execute();
  return rows.map((r) => ({
    key: r.key,
    name: r.name,
    description: r.description,
    price_cents: Number(r.price_cents),
    currency: 'USD',
    vat_included: false,
    needs_listing: r.needs_listing === 1,
  }));
}

/** Sets (or creates) a product's price in USD cents. */
export async function setProductPrice(
  db: Kysely<Database>,
  args: { key: string; cents: number; name?: string; needsListing?: boolean; now: Date },
): Promise<void> {
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(args.key))
    throw new AppError('invalid', 'product key must be a slug (a-z, 0-9, -)');
  if (!Number.isSafeInteger(args.cents) || args.cents < 0)
    throw new AppError('invalid', 'price must be a whole number of cents, 0 or more');
  const updated_at = args.now.toISOString();
  await db
    .insertInto('products')
    .values({
      key: args.key,
      name: args.name ?? args.key,
      price_cents: args.cents,
      needs_listing: args.needsListing === false ? 0 : 1,
      updated_at,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ price_cents: args.cents, updated_at, ...(args.name ? { name: args.name } : {}) }),
    )
    .execute();
}

export interface AdminProductView {
  key: string;
  name: string;
  price_cents: number | null;
  needs_listing: boolean;
  active: boolean;
  updated_at: string;
}

/** Every product row, priced or not (the public list shows only priced, active ones): the admin's view. */
export async function listAllProducts(db: Kysely<Database>): Promise<AdminProductView[]> {
  const rows = await db.selectFrom('products').selectAll().orderBy('position').orderBy('key').execute();
  return rows.map((r) => ({
    key: r.key,
    name: r.name,
    price_cents: r.price_cents === null ? null : Number(r.price_cents),
    needs_listing: Number(r.needs_listing) === 1,
    active: Number(r.active) === 1,
    updated_at: r.updated_at,
  }));
}

export async function productExists(db: Kysely<Database>, key: string): Promise<boolean> {
  return (await db.selectFrom('products').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;
}
