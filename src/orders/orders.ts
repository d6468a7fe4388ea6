// Orders (ARCHITECTURE §5 "Orders"): the pending order a checkout creates
// (priced by order-pricing.ts), its expiry after 24 h, and the maker's reads
// of their orders. Payment and fulfilment live in fulfilment.ts, the
// checkout page in src/web/checkout.ts. Another user's order is 404.
import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { z } from 'zod';
import type { OrderLinesTable, OrdersTable } from '../../db/schema.js';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { retryOnUniqueViolation } from '../platform/db-errors.js';
import { inTransaction, type PageRequest, pageWithTotal } from '../platform/db.js';
import { enqueue } from '../platform/jobs.js';
import { type OrderRequest, pricedLine, priceOrder, type VatView, vatView } from './pricing.js';
import { percent } from './vat.js';

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;

export const ORDER_TTL_MS = 24 * 3_600_000;
export const ORDER_EXPIRY_JOB = 'order_expiry';

// --- Checkout ----------------------------------------------------------------

export function checkoutUrl(ctx: Context, token: string): string {
  return `${ctx.config.publicUrl}/checkout/${token}`;
}

/** The next free number of `year`: LB-YYYY-NNNNNN. */
async function nextOrderNumber(db: Context['db'], year: number): Promise<string> {
  const prefix = `LB-${year}-`;
  const last = await db
    .selectFrom('orders')
    .select(sql<string | null>`max(number)`.as('n'))
    .where('number', 'like', `${prefix}%`)
    .executeTakeFirst();
  const seq = last?.n ? Number(last.n.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(seq).padStart(6, '0')}`;
}

/**
 * create_checkout: validates and prices like quote_order (inside the
 * transaction, so two checkouts cannot both take a week's last paid slot),
 * saves a pending order, and schedules its expiry in 24 h.
 */
export async function createCheckout(
  ctx: Context,
  userId: number,
  request: OrderRequest,
  provider: string,
): Promise<OrderView> {
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const expiresAt = new Date(now.getTime() + ORDER_TTL_MS).toISOString();
  const orderId = await retryOnUniqueViolation(3, () =>
    inTransaction(ctx, async (tx) => {
      if (ctx.dialect === 'postgres')
        await sql`select pg_advisory_xact_lock(hashtext('launchboard.orders'))`.execute(tx.db);
      const priced = await priceOrder(tx, userId, request, { requireBillingCountry: true });
      const order = await tx.db
        .insertInto('orders')
        .values({
          number: await nextOrderNumber(tx.db, now.getUTCFullYear()),
          user_id: userId,
          status: 'pending',
          currency: 'USD',
          subtotal_cents: priced.subtotal_cents,
          vat_cents: priced.vat.amount_cents,
          total_cents: priced.total_cents,
          vat_rate_bp: Math.round(priced.vat.rate_percent * 100),
          billing_country: priced.vat.billing_country!,
          vat_number: priced.vat.vat_number,
          company_name: priced.vat.company_name,
          company_address: priced.vat.company_address,
          reverse_charge: priced.vat.reverse_charge ? 1 : 0,
          checkout_token: randomBytes(24).toString('base64url'),
          form_token: randomBytes(24).toString('base64url'),
          provider,
          expires_at: expiresAt,
          created_at: nowIso,
          updated_at: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.db
        .insertInto('order_lines')
        .values(
          priced.lines.map((l) => ({
            order_id: order.id,
            position: l.position,
            product: l.product,
            listing_id: l.listing?.listing_id ?? null,
            week: l.week,
            options: JSON.stringify({
              description: l.description,
              product_name: l.product_name,
              ...(l.categories.length > 0 ? { categories: l.categories } : {}),
            }),
            unit_cents: l.unit_cents,
            amount_cents: l.amount_cents,
          })),
        )
        .execute();
      await enqueue(tx, ORDER_EXPIRY_JOB, { order_id: order.id }, { runAt: new Date(expiresAt) });
      return order.id;
    }),
  );
  return orderView(ctx, await orderById(ctx, orderId));
}

// --- Reads -------------------------------------------------------------------

/** Pending orders past their 24 h become `expired` (lazily before reads, and by the order_expiry job). */
export async function expireOrders(ctx: Context): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const result = await ctx.db
    .updateTable('orders')
    .set({ status: 'expired', updated_at: now })
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

async function orderById(ctx: Context, id: number): Promise<OrderRow> {
  return ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function orderByCheckoutToken(ctx: Context, token: string): Promise<OrderRow | undefined> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return undefined;
  await expireOrders(ctx);
  return ctx.db.selectFrom('orders').selectAll().where('checkout_token', '=', token).executeTakeFirst();
}

export const orderLineView = pricedLine.extend({
  fulfilled: z.boolean(),
  fulfilled_at: z.string().nullable(),
  fulfilment_error: z.string().nullable(),
});
export type OrderLineView = z.infer<typeof orderLineView>;

/** An order as its buyer sees it (get_order, list_my_orders, create_checkout without next steps). */
export const orderViewSchema = z.object({
  number: z.string().describe('LB-YYYY-NNNNNN'),
  status: z.enum(['pending', 'paid', 'fulfilled', 'expired', 'canceled', 'refunded']),
  currency: z.literal('USD'),
  lines: z.array(orderLineView),
  subtotal_cents: z.number().int(),
  vat: vatView,
  total_cents: z.number().int(),
  checkout_url: z
    .string()
    .nullable()
    .describe('While pending: the page where the person pays. Give it to them; never ask for card details.'),
  created_at: z.string(),
  expires_at: z.string().describe('An unpaid order expires then (24 h after checkout)'),
  paid_at: z.string().nullable(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

export async function orderLines(ctx: Context, orderId: number): Promise<OrderLineRow[]> {
  return ctx.db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
}

/** What checkout stored about a line besides its columns: description, product name, extra categories. */
export function lineOptions(line: Pick<OrderLineRow, 'options'>): {
  description?: string;
  product_name?: string;
  categories?: string[];
} {
  try {
    return JSON.parse(line.options) ?? {};
  } catch {
    return {};
  }
}

function vatViewOf(order: OrderRow): VatView {
  const rate = Number(order.vat_rate_bp);
  const reverse = Number(order.reverse_charge) === 1;
  return {
    computed: true,
    rate_percent: rate / 100,
    amount_cents: Number(order.vat_cents),
    billing_country: order.billing_country,
    vat_number: order.vat_number,
    company_name: order.company_name,
    company_address: order.company_address,
    reverse_charge: reverse,
    note: reverse
      ? `Reverse charge: no VAT charged; the buyer (${order.vat_number}) accounts for VAT.`
      : rate === 0
        ? `No VAT (${order.billing_country}).`
        : `${percent(rate)} VAT of ${order.billing_country}.`,
  };
}

export async function orderView(ctx: Context, order: OrderRow, lineRows?: OrderLineRow[]): Promise<OrderView> {
  const rows = lineRows ?? (await orderLines(ctx, order.id));
  const ids = [...new Set(rows.flatMap((r) => (r.listing_id === null ? [] : [r.listing_id])))];
  const listings =
    ids.length === 0
      ? []
      : await ctx.db.selectFrom('listings').select(['id', 'slug', 'name']).where('id', 'in', ids).execute();
  const byId = new Map(listings.map((l) => [l.id, { listing_id: l.id, slug: l.slug, name: l.name }]));
  return {
    number: order.number,
    status: order.status,
    currency: 'USD',
    lines: rows.map((r) => {
      const options = lineOptions(r);
      return {
        position: Number(r.position),
        product: r.product,
        product_name: options.product_name ?? r.product,
        description: options.description ?? r.product,
        listing: r.listing_id === null ? null : (byId.get(r.listing_id) ?? null),
        week: r.week,
        categories: options.categories ?? [],
        unit_cents: Number(r.unit_cents),
        amount_cents: Number(r.amount_cents),
        fulfilled: r.fulfilled_at !== null,
        fulfilled_at: r.fulfilled_at,
        fulfilment_error: r.fulfilment_error,
      };
    }),
    subtotal_cents: Number(order.subtotal_cents),
    vat: vatViewOf(order),
    total_cents: Number(order.total_cents),
    checkout_url: order.status === 'pending' ? checkoutUrl(ctx, order.checkout_token) : null,
    created_at: order.created_at,
    expires_at: order.expires_at,
    paid_at: order.paid_at,
  };
}

export async function getOrder(ctx: Context, userId: number, number: string): Promise<OrderView> {
  await expireOrders(ctx);
  const order = await ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('number', '=', number)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw new AppError('not_found', `You have no order ${number}. list_my_orders shows yours.`);
  return orderView(ctx, order);
}

export async function listMyOrders(
  ctx: Context,
  userId: number,
  page: PageRequest,
): Promise<{ items: OrderView[]; total: number }> {
  await expireOrders(ctx);
  const { rows, total } = await pageWithTotal(
    ctx.db.selectFrom('orders').where('user_id', '=', userId),
    (query) => query.selectAll().orderBy('id', 'desc'),
    page,
  );
  const lines =
    rows.length === 0
      ? []
      : await ctx.db
          .selectFrom('order_lines')
          .selectAll()
          .where(
            'order_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('position')
          .execute();
  const items: OrderView[] = [];
  for (const row of rows)
    items.push(
      await orderView(
        ctx,
        row,
        lines.filter((l) => l.order_id === row.id),
      ),
    );
  return { items, total };
}

/**
 * The public listings a paid, applied Featured week puts on the home page in
 * the week of `monday`, earliest purchase first: what the featured product
 * promises, and nothing else.
 */
export async function featuredListingIds(ctx: Context, monday: string): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('listings', 'listings.id', 'l.listing_id')
    .select(['l.listing_id', 'o.paid_at'])
    .where('l.product', '=', 'featured')
    .where('l.week', '=', monday)
    .where('l.fulfilled_at', 'is not', null)
    .where('o.status', 'in', ['paid', 'fulfilled'])
    .where('listings.status', 'in', ['live', 'scheduled'])
    .orderBy('o.paid_at')
    .orderBy('l.id')
    .execute();
  return [...new Set(rows.map((r) => Number(r.listing_id)))];
}

/** Has the listing a paid, fulfilled `featured` line for the week of `monday` (the featured badge)? */
export async function hasFeaturedWeek(ctx: Context, listingId: number, monday: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select('l.id')
    .where('l.listing_id', '=', listingId)
    .where('l.product', '=', 'featured')
    .where('l.week', '=', monday)
    .where('l.fulfilled_at', 'is not', null)
    .where('o.status', 'in', ['paid', 'fulfilled'])
    .executeTakeFirst();
  return row !== undefined;
}
