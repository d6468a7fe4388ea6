// The site team's view of orders: every buyer's orders, newest first, with
// status, what was bought for which listing, the amount, when it was created
// and paid, and how far fulfilment got; and one order in full with its
// payments. Read-only: payment and fulfilment move orders on (fulfilment.ts).
import { sql } from 'kysely';
import type { Context } from '../context.js';
import { notFound } from '../errors.js';
import { type PageRequest, pageWithTotal } from '../platform/db.js';
import { expireOrders, lineOptions, type OrderRow, type OrderView, orderView } from './orders.js';

export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'expired', 'canceled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface AdminOrderRow {
  number: string;
  status: OrderStatus;
  buyer: string | null;
  products: string[];
  listings: { slug: string; name: string }[];
  total_cents: number;
  created_at: string;
  paid_at: string | null;
  /** Lines applied, of all lines, and how many failed their last attempt. */
  fulfilment: { done: number; lines: number; failed: number };
}

export async function adminOrders(
  ctx: Context,
  args: { status?: OrderStatus } & PageRequest,
): Promise<{ items: AdminOrderRow[]; total: number }> {
  await expireOrders(ctx);
  let filtered = ctx.db.selectFrom('orders as o').leftJoin('users as u', 'u.id', 'o.user_id');
  if (args.status) filtered = filtered.where('o.status', '=', args.status);
  const { rows, total } = await pageWithTotal(
    filtered,
    (query) =>
      query
        .select(['o.id', 'o.number', 'o.status', 'o.total_cents', 'o.created_at', 'o.paid_at', 'u.email'])
        .orderBy('o.id', 'desc'),
    args,
  );
  const ids = rows.map((r) => r.id);
  const lines =
    ids.length === 0
      ? []
      : await ctx.db
          .selectFrom('order_lines as l')
          .leftJoin('listings', 'listings.id', 'l.listing_id')
          .select([
            'l.order_id',
            'l.product',
            'l.options',
            'l.fulfilled_at',
            'l.fulfilment_error',
            'listings.slug',
            'listings.name',
          ])
          .where('l.order_id', 'in', ids)
          .orderBy('l.order_id')
          .orderBy('l.position')
          .execute();
  return {
    items: rows.map((r) => {
      const own = lines.filter((l) => l.order_id === r.id);
      const listings = new Map<string, string>();
      for (const l of own) if (l.slug && l.name) listings.set(l.slug, l.name);
      return {
        number: r.number,
        status: r.status,
        buyer: r.email,
        products: [...new Set(own.map((l) => lineOptions(l).product_name ?? l.product))],
        listings: [...listings].map(([slug, name]) => ({ slug, name })),
        total_cents: Number(r.total_cents),
        created_at: r.created_at,
        paid_at: r.paid_at,
        fulfilment: {
          done: own.filter((l) => l.fulfilled_at !== null).length,
          lines: own.length,
          failed: own.filter((l) => l.fulfilled_at === null && l.fulfilment_error !== null).length,
        },
      };
    }),
    total,
  };
}

/** Orders by status, for the filter's counts. */
export async function orderCounts(ctx: Context): Promise<Record<string, number>> {
  const rows = await ctx.db
    .selectFrom('orders')
    .select(['status', sql<number>`count(*)`.as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export interface AdminOrder {
  order: OrderView;
  buyer: { id: number; email: string } | null;
  provider: string;
  provider_ref: string | null;
  payments: { provider_ref: string | null; amount_cents: number; status: string; created_at: string }[];
}

export async function adminOrder(ctx: Context, number: string): Promise<AdminOrder> {
  await expireOrders(ctx);
  const row: OrderRow | undefined = await ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('number', '=', number)
    .executeTakeFirst();
  if (!row) throw notFound(`There is no order ${number}.`);
  const [order, buyer, payments] = await Promise.all([
    orderView(ctx, row),
    ctx.db.selectFrom('users').select(['id', 'email']).where('id', '=', row.user_id).executeTakeFirst(),
    ctx.db
      .selectFrom('payments')
      .select(['provider_ref', 'amount_cents', 'status', 'created_at'])
      .where('order_id', '=', row.id)
      .orderBy('id')
      .execute(),
  ]);
  return {
    order,
    buyer: buyer ?? null,
    provider: row.provider,
    provider_ref: row.provider_ref,
    payments: payments.map((p) => ({ ...p, amount_cents: Number(p.amount_cents) })),
  };
}
