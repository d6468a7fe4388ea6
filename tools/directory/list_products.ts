// list_products: what can be bought and its current price (set by the admin).
import { z } from 'zod';
import { listProductsForSale, productView } from '../../src/orders/products.js';
import { defineTool } from '../define.js';

export default defineTool({
  name: 'list_products',
  title: 'Products and prices',
  description:
    "Returns the products on sale with their current prices in USD cents, excluding VAT, as set by the site's admin (never assume or hardcode a price). Products with needs_listing=true are bought for one of the user's listings. To buy, call quote_order to preview totals with VAT, then create_checkout and give the person the checkout_url; never ask for card details.",
  scope: null,
  http: { method: 'GET', path: '/products' },
  input: z.strictObject({}),
  output: z.object({ items: z.array(productView) }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx) => ({ items: await listProductsForSale(ctx.db) }),
});
