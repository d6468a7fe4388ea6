// add_product (website only, admins): a new product the site sells, at a price.
import { z } from 'zod';
import { webAdminId } from '../../src/accounts/users.js';
import { AppError } from '../../src/errors.js';
import { productExists, setProductPrice } from '../../src/orders/products.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'add_product',
  title: 'Add a product',
  description: 'Adds a product on sale with its price in whole USD cents. Admins only.',
  scope: null,
  input: z.strictObject({
    key: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9-]{0,63}$/,
        'lowercase letters, digits and dashes, at most 64, starting with a letter or digit',
      ),
    name: z.string().trim().min(1).max(100),
    cents: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    needs_listing: z.boolean(),
  }),
  output: z.object({ key: z.string(), cents: z.number().int() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const adminId = await webAdminId(ctx.db, caller);
    if (await productExists(ctx.db, input.key))
      throw new AppError('conflict', `A product ${input.key} exists already; change its price in the table.`, {
        errors: [{ path: 'key', message: 'taken by another product' }],
      });
    await setProductPrice(ctx.db, {
      key: input.key,
      name: input.name,
      cents: input.cents,
      needsListing: input.needs_listing,
      now: ctx.clock.now(),
    });
    ctx.logger.info({ adminId, product: input.key, cents: input.cents }, 'product added');
    return { key: input.key, cents: input.cents };
  },
});
