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
    "Returns one of your orders: status (pending until paid on checkout_url, then paid, then fulfilled), totals with VAT and each line's fulfilment.",
  scope: 'account:read',
  http: { method: 'GET', path: '/orders/{number}' },
  input: z.strictObject({
    number: z
      .string()
      .max(20)
      .regex(/^LB-\d{4}-\d{6}$/, 'must be an order number like LB-2026-000042')
      .describe('e.g. LB-2026-000042'),
  }),
  output: orderWithSteps,
  keyOutputs: ['status', 'total_cents', 'checkout_url', 'lines', 'next_steps'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const order = await getOrder(ctx, signedInUserId(caller), input.number);
    return { ...order, next_steps: orderNextSteps(order) };
  },
});
