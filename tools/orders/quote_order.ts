// quote_order: price and validate an order; nothing is saved or charged.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { priceOrder } from '../../src/orders/pricing.js';
import { defineTool } from '../define.js';
import { orderRequest, quote } from './schemas.js';

export default defineTool({
  name: 'quote_order',
  title: 'Quote an order',
  description:
    'Prices an order (USD cents; VAT once billing_country is given), checking every item; nothing is saved or charged. ' +
    '`launch`: a submitted listing not live yet; `featured`: the listing public by its week; `billboard`: a PAID ranking. Then create_checkout with the same body.',
  scope: 'orders:write',
  http: { method: 'POST', path: '/orders/quote' },
  input: z.strictObject(orderRequest),
  output: quote,
  keyOutputs: ['lines', 'subtotal_cents', 'vat', 'total_cents', 'next_steps'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const priced = await priceOrder(ctx, signedInUserId(caller), input);
    const next = priced.vat.computed
      ? {
          tool: 'create_checkout',
          why: 'Send the same body to create the order and get the checkout_url for the person to pay.',
        }
      : { tool: 'quote_order', why: 'Add billing_country to see VAT; create_checkout needs it.' };
    return { ...priced, next_steps: [next] };
  },
});
