// set_product_price (website only, admins): what a product the site sells
// costs from now on (orders already quoted keep their price).
import { z } from 'zod';
import { webAdminId } from '../../src/accounts/users.js';
import { AppError } from '../../src/errors.js';
import { productExists, setProductPrice } from '../../src/orders/products.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'set_product_price',
  title: 'Set a product’s price',
  description: 'Sets the price of a product on sale, in whole USD cents. Admins only.',
  scope: null,
  input: z.strictObject({
    key: z.string().max(64),
    cents: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  }),
  output: z.object({ key: z.string(), cents: z.number().int() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const adminId = await webAdminId(ctx.db, caller);
    if (!(await productExists(ctx.db, input.key))) throw new AppError('not_found', `There is no product ${input.key}.`);
    await setProductPrice(ctx.db, { key: input.key, cents: input.cents, now: ctx.clock.now() });
    ctx.logger.info({ adminId, product: input.key, cents: input.cents }, 'product price set');
    return { key: input.key, cents: input.cents };
  },
});
