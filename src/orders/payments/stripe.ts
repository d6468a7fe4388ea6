// The Stripe payment provider (STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET):
// Pay redirects to a Stripe Checkout Session for the order's lines and VAT;
// Stripe's webhook (POST /webhooks/stripe, signature checked on the raw body
// with the official package) reports the payment, which fulfilment.ts
// records once per event.
import type Stripe from 'stripe';
import type { Context } from '../../context.js';
import { recordPayment } from '../fulfilment.js';
import { checkoutUrl, lineOptions, orderLines, type OrderRow } from '../orders.js';
import { percent } from '../vat.js';
import type { PaymentProvider, WebhookResult } from './index.js';

const MINUTE = 60_000;
/** Stripe accepts a session lifetime from 30 minutes to 24 hours. */
const SESSION_MIN_MS = 31 * MINUTE;
const SESSION_MAX_MS = 23 * 60 * MINUTE;

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

/**
 * `client` lets tests point the SDK at a local fake of the Stripe API. Without
 * it, the SDK (a few hundred ms of start-up) loads at the first payment or webhook.
 */
export function createStripeProvider(keys: StripeKeys, client?: Stripe): PaymentProvider {
  let connected: Promise<Stripe> | null = client ? Promise.resolve(client) : null;
  const stripe = () =>
    (connected ??= import('stripe').then(
      ({ default: Sdk }) => new Sdk(keys.secretKey, { maxNetworkRetries: 2, timeout: 20_000 }),
    ));

  async function sessionFor(ctx: Context, order: OrderRow): Promise<Stripe.Checkout.Session> {
    const api = await stripe();
    if (order.provider === 'stripe' && order.provider_ref) {
      const existing = await api.checkout.sessions.retrieve(order.provider_ref);
      if (existing.status === 'open' && existing.url) return existing;
    }
    const now = ctx.clock.now().getTime();
    const lines = await orderLines(ctx, order.id);
    const vatCents = Number(order.vat_cents);
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = lines.map((l) => ({
      quantity: 1,
      price_data: {
        currency: 'usd',
        unit_amount: Number(l.amount_cents),
        product_data: { name: (lineOptions(l).description ?? l.product).slice(0, 250) },
      },
    }));
    if (vatCents > 0) {
      lineItems.push({
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: vatCents,
          product_data: { name: `VAT ${percent(Number(order.vat_rate_bp))} (${order.billing_country})` },
        },
      });
    }
    const expiresAt = Math.min(
      Math.max(new Date(order.expires_at).getTime(), now + SESSION_MIN_MS),
      now + SESSION_MAX_MS,
    );
    const back = checkoutUrl(ctx, order.checkout_token);
    const session = await api.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: lineItems,
        client_reference_id: order.number,
        metadata: { order_number: order.number },
        payment_intent_data: { metadata: { order_number: order.number } },
        success_url: `${back}?paid=1`,
        cancel_url: back,
        expires_at: Math.floor(expiresAt / 1000),
      },
      // A double click creates one session per order and minute, not two.
      { idempotencyKey: `launchboard-${order.number}-${Math.floor(now / MINUTE)}` },
    );
    await ctx.db
      .updateTable('orders')
      .set({ provider: 'stripe', provider_ref: session.id, updated_at: new Date(now).toISOString() })
      .where('id', '=', order.id)
      .execute();
    return session;
  }

  return {
    name: 'stripe',
    testMode: false,
    formActionOrigins: ['https://checkout.stripe.com'],
    async pay(ctx, order) {
      const session = await sessionFor(ctx, order);
      if (!session.url) throw new Error(`Stripe returned no URL for session ${session.id}`);
      return { redirectTo: session.url };
    },
    async webhook(ctx, request): Promise<WebhookResult> {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string') return { status: 400, error: 'missing Stripe-Signature header' };
      // Outside the try below: a broken install is an error, not a bad signature.
      const api = await stripe();
      let event: Stripe.Event;
      try {
        event = api.webhooks.constructEvent(
          request.rawBody,
          signature,
          keys.webhookSecret,
          undefined,
          undefined,
          ctx.clock.now().getTime(),
        );
      } catch {
        return { status: 400, error: 'signature verification failed' };
      }
      if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded')
        return { status: 200, outcome: 'ignored' };
      const session = event.data.object;
      if (session.payment_status !== 'paid') return { status: 200, outcome: 'awaiting payment' };
      const number = session.metadata?.order_number ?? session.client_reference_id;
      const order = number
        ? await ctx.db.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirst()
        : undefined;
      if (!order) {
        ctx.logger.error({ event: event.id, session: session.id, number }, 'Stripe payment for an unknown order');
        return { status: 200, outcome: 'unknown order' };
      }
      const outcome = await recordPayment(ctx, order.id, {
        provider: 'stripe',
        providerRef: session.id,
        amountCents: session.amount_total ?? 0,
        currency: session.currency ?? '',
        eventId: event.id,
      });
      return { status: 200, outcome };
    },
  };
}
