// create_checkout: build a pending order and hand back the page where the person pays.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { createCheckout } from '../../src/orders/orders.js';
import { paymentProviderFor } from '../../src/orders/payments/index.js';
import { defineTool } from '../define.js';
import { orderNextSteps, orderRequest, orderWithSteps } from './schemas.js';

export default defineTool({
  name: 'create_checkout',
  title: 'Create a checkout',
  description:
    'Builds an order from the same body as quote_order (billing_country required, for VAT) and returns it as `pending` with `checkout_url`, a page on this site. Give that link to the person: they pay there themselves (card, wallets and more). ' +
    'Never ask for card or payment details, and never try to pay with API credentials. The order expires unpaid after 24 hours. Send an Idempotency-Key so a retry returns the same order instead of creating a second one. ' +
    'Then poll get_order: status turns paid, then each line is fulfilled (a launch makes the listing live or scheduled).',
  scope: 'orders:write',
  http: { method: 'POST', path: '/orders/checkout' },
  input: z.strictObject(orderRequest),
  output: orderWithSteps,
  keyOutputs: ['number', 'status', 'total_cents', 'checkout_url', 'expires_at', 'next_steps'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  idempotencyKey: true,
  handler: async (ctx, input, caller) => {
    const order = await createCheckout(ctx, signedInUserId(caller), input, paymentProviderFor(ctx.config).name);
    return { ...order, next_steps: orderNextSteps(order) };
  },
});
