// get_order: one of your orders, with totals, VAT and fulfilment per line.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { getOrder } from '../../src/orders/orders.js';
import { defineTool } from '../define.js';
import { orderNextSteps, orderWithSteps } from './schemas.js';

export default defineTool({
  name: 'get_order',
  title: 'Get an order',
  description:
    'Returns one of your orders by number (LB-YYYY-NNNNNN): status (pending until the person pays on checkout_url, then paid, then fulfilled once every line is applied), subtotal, VAT and total in USD cents, and each line with whether it was fulfilled. ' +
    "Poll it after create_checkout. Another user's order is 404.",
  scope: 'account:read',
  http: { method: 'GET', path: '/orders/{number}' },
  input: z.strictObject({
    number: z
      .string()
      .max(20)
      .regex(/^LB-\d{4}-\d{6}$/, 'must be an order number like LB-2026-000042')
      .describe('The order number'),
  }),
  output: orderWithSteps,
  keyOutputs: ['number', 'status', 'total_cents', 'checkout_url', 'lines', 'next_steps'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const order = await getOrder(ctx, signedInUserId(caller), input.number);
    return { ...order, next_steps: orderNextSteps(order) };
  },
});
