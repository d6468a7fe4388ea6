// Builders for order tests: the admin's prices, and paid order lines written
// straight to the tables (for boards and badges that read them).
import { randomBytes } from 'node:crypto';
import { beforeAll } from 'vitest';
import type { Context } from '../../src/context.js';
import { setProductPrice } from '../../src/orders/products.js';
import type { AnyTool } from '../../tools/define.js';
import createCheckout from '../../tools/orders/create_checkout.js';
import { given } from './given.js';
import { type Served, servedTools } from './server.js';
import { userWithKey } from './users.js';

/** The prices tests assume; only the products table holds prices. */
export const PRICES = { launch: 4900, featured: 9900, billboard: 1000, 'premium-profile': 2900 } as const;

export async function priceProducts(ctx: Context): Promise<void> {
  for (const [key, cents] of Object.entries(PRICES))
    await setProductPrice(ctx.db, { key, cents, name: key, now: ctx.clock.now() });
}

let n = 0;

/** One order with one line, paid (and fulfilled unless said otherwise). */
export async function paidLine(
  ctx: Context,
  args: {
    userId: number;
    listingId: number;
    product: string;
    amountCents: number;
    week?: string;
    paidAt?: string;
    fulfilled?: boolean;
    status?: 'paid' | 'fulfilled' | 'refunded';
  },
): Promise<number> {
  n += 1;
  const now = ctx.clock.now().toISOString();
  const paidAt = args.paidAt ?? now;
  const order = await ctx.db
    .insertInto('orders')
    .values({
      number: `LB-1999-${String(n).padStart(6, '0')}`,
      user_id: args.userId,
      status: args.status ?? (args.fulfilled === false ? 'paid' : 'fulfilled'),
      subtotal_cents: args.amountCents,
      vat_cents: 0,
      total_cents: args.amountCents,
      vat_rate_bp: 0,
      billing_country: 'US',
      checkout_token: randomBytes(24).toString('base64url'),
      form_token: randomBytes(24).toString('base64url'),
      provider: 'test',
      paid_at: paidAt,
      expires_at: now,
      created_at: paidAt,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('order_lines')
    .values({
      order_id: order.id,
      position: 0,
      product: args.product,
      listing_id: args.listingId,
      week: args.week ?? null,
      unit_cents: args.amountCents,
      amount_cents: args.amountCents,
      fulfilled_at: args.fulfilled === false ? null : paidAt,
    })
    .execute();
  return order.id;
}

/** A paid featured week for an owner's listing, at the featured price. */
export function paidFeaturedWeek(
  ctx: Context,
  args: { userId: number; listingId: number; week: string; fulfilled?: boolean; status?: 'paid' | 'refunded' },
): Promise<number> {
  return paidLine(ctx, { ...args, product: 'featured', amountCents: PRICES.featured });
}

/** create_checkout over REST (the server must serve that tool); returns the order body. */
export async function checkoutOverRest(
  apiUrl: string,
  auth: Record<string, string>,
  body: unknown,
): Promise<{ number: string; checkout_url: string; [key: string]: unknown }> {
  const res = await fetch(`${apiUrl}/api/v1/orders/checkout`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`create_checkout answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** A new maker's pending billboard order of `cents` (billed in the US) for a new live listing of theirs. */
export async function pendingBillboardOrder(ctx: Context, apiUrl: string, cents: number) {
  const maker = await userWithKey(ctx, ['orders:write']);
  const id = await given(ctx).listing({ status: 'live', fields: { owner_id: maker.userId } });
  return checkoutOverRest(apiUrl, maker.auth, {
    items: [{ product: 'billboard', listing_id: id, amount_cents: cents }],
    billing_country: 'US',
  });
}

/** Pending billboard orders of $10, $20, $30… for as many new live listings of `userId`, oldest first. */
async function pendingOrders(
  ctx: Context,
  apiUrl: string,
  maker: { userId: number; auth: Record<string, string> },
  count: number,
): Promise<string[]> {
  const numbers: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await given(ctx).listing({ status: 'live', fields: { owner_id: maker.userId } });
    numbers.push(
      (
        await checkoutOverRest(apiUrl, maker.auth, {
          items: [{ product: 'billboard', listing_id: id, amount_cents: 1000 * (i + 1) }],
          billing_country: 'US',
        })
      ).number,
    );
  }
  return numbers;
}

/**
 * For the tools that read orders: the file's served context (prices set,
 * create_checkout and `tool` served) and a maker whose API key writes orders
 * and reads the account, with three pending orders (numbers oldest first).
 */
export function servedMakerWithOrders(
  tool: AnyTool,
): Served & { maker: Awaited<ReturnType<typeof userWithKey>>; numbers: string[] } {
  const env = servedTools({ tools: [createCheckout, tool], seed: priceProducts }) as ReturnType<
    typeof servedMakerWithOrders
  >;
  beforeAll(async () => {
    env.maker = await userWithKey(env.ctx, ['orders:write', 'account:read']);
    env.numbers = await pendingOrders(env.ctx, env.server.url, env.maker, 3);
  });
  return env;
}
