// Payment providers behind one interface (ARCHITECTURE §5 "Orders"). The
// checkout page asks the provider what happens when the person presses Pay;
// a provider with webhooks (Stripe) reports payments back through
// fulfilment.ts's recordPayment. The API never sees payment details.
import type { Config } from '../../config.js';
import type { Context } from '../../context.js';
import type { OrderRow } from '../orders.js';
import { createStripeProvider } from './stripe.js';
import { testProvider } from './test.js';

export interface WebhookRequest {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

export type WebhookResult = { status: 200; outcome: string } | { status: 400; error: string };

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** The test provider: the page is marked TEST MODE and no money moves. */
  readonly testMode: boolean;
  /** Origins a checkout form may end at (a hosted payment page), for the page's form-action policy. */
  readonly formActionOrigins: string[];
  /** The person pressed Pay on the checkout page of a pending order: where to send them next. */
  pay(ctx: Context, order: OrderRow): Promise<{ redirectTo: string }>;
  /** Verifies and applies one webhook delivery; absent for providers without webhooks. */
  webhook?(ctx: Context, request: WebhookRequest): Promise<WebhookResult>;
}

/** Stripe when its keys are configured, else the test provider. */
export function paymentProviderFor(config: Pick<Config, 'stripe'>): PaymentProvider {
  return config.stripe ? createStripeProvider(config.stripe) : testProvider;
}
