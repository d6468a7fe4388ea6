// list_my_orders: your orders, newest first.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { listMyOrders, orderViewSchema } from '../../src/orders/orders.js';
import { defineTool } from '../define.js';
import { pageOf, pagination } from '../schemas.js';

export default defineTool({
  name: 'list_my_orders',
  title: 'List my orders',
  description:
    'Lists your orders newest first with status, totals and lines; a pending one has checkout_url for the person to pay.',
  scope: 'account:read',
  http: { method: 'GET', path: '/orders' },
  input: z.strictObject({ ...pagination }),
  output: pageOf(orderViewSchema),
  keyOutputs: ['items', 'total'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const { items, total } = await listMyOrders(ctx, signedInUserId(caller), input);
    return { items, total, page: input.page, per_page: input.per_page };
  },
});
