// After the money (ARCHITECTURE §5 "Orders"): a payment a provider reported
// turns a pending order `paid` and queues one fulfilment job per line; each
// job applies its line — a launch makes the listing live now or scheduled
// for its week (plan paid, paid sections and extra categories unlocked), a
// billboard line joins the paid ranking, a featured line marks its week — and
// the order is `fulfilled` when every line is. The buyer is told of both
// steps on the bell; the receipt is the payment's mail, and the order being
// applied is mailed only when it came late. Paid is never community: no line
// touches votes, awards or search relevance.
import { mailReceipt, RECEIPT_MAIL_JOB } from './receipt.js';
import type { Context } from '../context.js';
import { isUniqueViolation } from '../platform/db-errors.js';
import { inTransaction } from '../platform/db.js';
import { enqueue, type JobHandlers } from '../platform/jobs.js';
import { notify } from '../community/notifications.js';
import { PAID_SECTIONS, unlockedSections } from '../listings/profile.js';
import { expireOrders, lineOptions, ORDER_EXPIRY_JOB, type OrderLineRow } from './orders.js';
import { mondayOf } from '../launches/weeks.js';
import { emitListingEvent, emitWebhookEvent } from '../webhooks/events.js';

const FULFIL_LINE_JOB = 'order_line_fulfil';

export interface PaymentReport {
  provider: string;
  /** The provider's own id of the payment (a Checkout Session id, a test reference). */
  providerRef: string | null;
  amountCents: number;
  currency: string;
  /** The provider's event id: reporting the same event twice records it once. */
  eventId: string;
}

export type PaymentOutcome = 'paid' | 'duplicate' | 'unmatched';

/**
 * Records a payment for an order. Exactly the order's total in USD on a
 * pending order (or one that expired while the person was paying) makes it
 * paid and queues its fulfilment, in one transaction. Anything else is kept
 * as `unmatched` for the admin to refund, and the order is left alone.
 */
export async function recordPayment(ctx: Context, orderId: number, report: PaymentReport): Promise<PaymentOutcome> {
  const now = ctx.clock.now().toISOString();
  try {
    return await inTransaction(ctx, async (tx) => {
      const order = await tx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      const matches =
        (order.status === 'pending' || order.status === 'expired') &&
        report.amountCents === Number(order.total_cents) &&
        report.currency.toUpperCase() === order.currency;
      await tx.db
        .insertInto('payments')
        .values({
          order_id: order.id,
          provider: report.provider,
          provider_ref: report.providerRef,
          amount_cents: report.amountCents,
          currency: report.currency.toUpperCase(),
          status: matches ? 'succeeded' : 'unmatched',
          raw_event_id: report.eventId,
          created_at: now,
        })
        .execute();
      if (!matches) {
        ctx.logger.error(
          { order: order.number, status: order.status, total: order.total_cents, report },
          'payment does not match its order; refund it by hand',
        );
        return 'unmatched';
      }
      await tx.db
        .updateTable('orders')
        .set({
          status: 'paid',
          paid_at: now,
          provider: report.provider,
          provider_ref: report.providerRef ?? order.provider_ref,
          updated_at: now,
        })
        .where('id', '=', order.id)
        .execute();
      const lines = await tx.db
        .selectFrom('order_lines')
        .select('id')
        .where('order_id', '=', order.id)
        .orderBy('position')
        .execute();
      for (const line of lines) await enqueue(tx, FULFIL_LINE_JOB, { line_id: line.id });
      await enqueue(tx, RECEIPT_MAIL_JOB, { order_id: order.id });
      await emitWebhookEvent(tx, 'order.paid', order.user_id, {
        order: {
          number: order.number,
          total_cents: order.total_cents,
          currency: order.currency,
          paid_at: now,
          lines: lines.length,
        },
      });
      // The bell only: the receipt is this event's mail.
      await notify(tx, [
        {
          userId: order.user_id,
          kind: 'order',
          listingId: null,
          title: `Order ${order.number} is paid`,
          body: 'Thank you. The receipt is on its way by mail; each item is applied in a moment.',
          link: `/my/orders/${order.number}`,
          mail: false,
        },
      ]);
      ctx.logger.info({ order: order.number, provider: report.provider, lines: lines.length }, 'order paid');
      return 'paid';
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 'duplicate';
    throw err;
  }
}

/** Applies one paid line (the job). Running it again after success changes nothing. */
export async function fulfilLine(ctx: Context, lineId: number): Promise<void> {
  const line = await ctx.db.selectFrom('order_lines').selectAll().where('id', '=', lineId).executeTakeFirst();
  if (!line) return;
  // Applied already, by a run that stopped (a crash) before closing the order: only close it.
  if (line.fulfilled_at !== null) return closeOrderWhenFulfilled(ctx, line.order_id);
  const order = await ctx.db.selectFrom('orders').selectAll().where('id', '=', line.order_id).executeTakeFirstOrThrow();
  if (order.status !== 'paid' && order.status !== 'fulfilled') {
    ctx.logger.warn(
      { order: order.number, status: order.status, line: line.id },
      'line of an unpaid order not fulfilled',
    );
    return;
  }
  try {
    await inTransaction(ctx, async (tx) => {
      await applyLine(tx, line);
      await tx.db
        .updateTable('order_lines')
        .set({ fulfilled_at: ctx.clock.now().toISOString(), fulfilment_error: null })
        .where('id', '=', line.id)
        .where('fulfilled_at', 'is', null)
        .execute();
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await ctx.db
      .updateTable('order_lines')
      .set({ fulfilment_error: message.slice(0, 500) })
      .where('id', '=', line.id)
      .execute();
    throw err;
  }
  await closeOrderWhenFulfilled(ctx, order.id);
}

/**
 * Marks a paid order `fulfilled` once none of its lines is left. After the
 * line's commit, in one statement: of two lines finishing at once on
 * different workers, the later one sees both and closes the order.
 */
async function closeOrderWhenFulfilled(ctx: Context, orderId: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const closed = await tx.db
      .updateTable('orders')
      .set({ status: 'fulfilled', updated_at: ctx.clock.now().toISOString() })
      .where('id', '=', orderId)
      .where('status', '=', 'paid')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('order_lines').select('id').where('order_id', '=', orderId).where('fulfilled_at', 'is', null),
          ),
        ),
      )
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) > 0) await tellBuyerOfFulfilment(tx, orderId);
  });
}

/**
 * An order applied this long after its payment is news worth a mail; sooner,
 * the receipt (mailed at payment) already said so, and the bell is enough.
 */
export const LATE_FULFILMENT_MS = 10 * 60_000;

/** Tells the buyer that every item of the order is applied (by mail too when it took a while, unless they chose otherwise). */
async function tellBuyerOfFulfilment(tx: Context, orderId: number): Promise<void> {
  const order = await tx.db
    .selectFrom('orders')
    .select(['user_id', 'number', 'paid_at'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const lines = await tx.db
    .selectFrom('order_lines')
    .select(['options', 'listing_id'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  const listingIds = [...new Set(lines.map((l) => l.listing_id))];
  await notify(tx, [
    {
      userId: order.user_id,
      kind: 'order',
      listingId: listingIds.length === 1 ? listingIds[0] : null,
      title: `Order ${order.number} is applied`,
      body: lines.map((l) => `${lineOptions(l).description ?? 'An item'}: done`).join('\n'),
      link: `/my/orders/${order.number}`,
      mail: order.paid_at !== null && tx.clock.now().getTime() - Date.parse(order.paid_at) >= LATE_FULFILMENT_MS,
    },
  ]);
}

async function applyLine(ctx: Context, line: OrderLineRow): Promise<void> {
  if (line.listing_id === null) throw new Error(`line ${line.id}: its listing was deleted`);
  const listing = await ctx.db
    .selectFrom('listings')
    .selectAll()
    .where('id', '=', line.listing_id)
    .executeTakeFirstOrThrow();
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const unlocked = () => JSON.stringify([...new Set([...unlockedSections(listing), ...PAID_SECTIONS])]);
  switch (line.product) {
    case 'launch': {
      const thisWeek = mondayOf(now);
      // A week that has started by now (payment or fulfilment came late) goes live at once.
      // A listing the site team hid stays hidden: the launch sets the status it returns to.
      const hidden = listing.status === 'hidden';
      const current = hidden ? listing.hidden_status : listing.status;
      const live = current === 'live' || line.week === null || line.week <= thisWeek;
      await ctx.db
        .updateTable('listings')
        .set({
          plan: 'paid',
          unlocked_sections: unlocked(),
          ...(hidden ? { hidden_status: live ? 'live' : 'scheduled' } : { status: live ? 'live' : 'scheduled' }),
          launch_week: live ? (current === 'live' ? listing.launch_week : thisWeek) : line.week,
          launched_at: live ? (listing.launched_at ?? nowIso) : null,
          updated_at: nowIso,
        })
        .where('id', '=', listing.id)
        .execute();
      if (current !== 'live') await emitListingEvent(ctx, live ? 'listing.live' : 'listing.scheduled', listing.id);
      await addCategories(ctx, listing.id, lineOptions(line).categories ?? []);
      return;
    }
    case 'premium-profile':
      await ctx.db
        .updateTable('listings')
        .set({ unlocked_sections: unlocked(), updated_at: nowIso })
        .where('id', '=', listing.id)
        .execute();
      return;
    case 'featured':
    case 'billboard':
      // The fulfilled line itself is the record: badges read featured weeks,
      // the billboard sums billboard lines. Nothing on the listing changes.
      return;
    default:
      throw new Error(`line ${line.id}: no fulfilment for product "${line.product}"`);
  }
}

/** Adds non-primary categories after the listing's current ones (idempotent). */
async function addCategories(ctx: Context, listingId: number, slugs: string[]): Promise<void> {
  if (slugs.length === 0) return;
  const categories = await ctx.db.selectFrom('categories').select(['id', 'slug']).where('slug', 'in', slugs).execute();
  const current = await ctx.db
    .selectFrom('listing_categories')
    .select(['category_id', 'position'])
    .where('listing_id', '=', listingId)
    .execute();
  const have = new Set(current.map((c) => c.category_id));
  let position = current.reduce((max, c) => Math.max(max, Number(c.position)), -1);
  for (const slug of slugs) {
    const category = categories.find((c) => c.slug === slug);
    if (!category || have.has(category.id)) continue;
    position += 1;
    await ctx.db
      .insertInto('listing_categories')
      .values({ listing_id: listingId, category_id: category.id, is_primary: 0, position })
      .execute();
  }
}

/** The job handlers of orders, merged into scheduler.ts's jobHandlers. */
export const orderJobHandlers: JobHandlers = {
  [FULFIL_LINE_JOB]: async (ctx: Context, payload: unknown) => {
    const lineId = (payload as { line_id?: unknown } | null)?.line_id;
    if (typeof lineId !== 'number') throw new Error('order_line_fulfil needs { line_id }');
    await fulfilLine(ctx, lineId);
  },
  [RECEIPT_MAIL_JOB]: async (ctx: Context, payload: unknown) => {
    const orderId = (payload as { order_id?: unknown } | null)?.order_id;
    if (typeof orderId !== 'number') throw new Error('order_receipt_mail needs { order_id }');
    await mailReceipt(ctx, orderId);
  },
  // Scheduled at each order's expiry; expiring every overdue order at once is the same work.
  [ORDER_EXPIRY_JOB]: async (ctx: Context) => {
    await expireOrders(ctx);
  },
};
