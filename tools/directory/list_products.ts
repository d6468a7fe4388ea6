// list_products: what can be bought and its current price (set by the admin).
import { z } from 'zod';
import { listProductsForSale, productView } from '../../src/orders/products.js';
import { defineTool } from '../define.js';

export default defineTool({
  name: 'list_products',
  title: 'Products and prices',
  description:
    "Products on sale and current prices (USD cents, before VAT): never assume or hardcode a price. needs_listing: bought for one of the user's listings. To buy: quote_order, then create_checkout; never ask for card details.",
  scope: null,
  http: { method: 'GET', path: '/products' },
  input: z.strictObject({}),
  output: z.object({ items: z.array(productView) }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx) => ({ items: await listProductsForSale(ctx.db) }),
});
