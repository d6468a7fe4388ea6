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
    "Creates the order (quote_order's body; billing_country required) as `pending` with `checkout_url`, a page on this site: give it to the person, who pays there. " +
    'Never ask for card or payment details; never pay with API credentials. Unpaid orders expire after 24 hours. An idempotency key stops a retry ordering twice. Then poll get_order.',
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
