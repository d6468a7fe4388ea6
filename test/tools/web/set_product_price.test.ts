// set_product_price as the website runs it: admins only; an unknown product is
// a 404; a price below zero is refused on the field.
import { describe, expect, it } from 'vitest';
import { setProductPrice } from '../../../src/orders/products.js';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();
const cents = async (key: string) =>
  (await bed.served.ctx.db.selectFrom('products').select('price_cents').where('key', '=', key).executeTakeFirst())
    ?.price_cents;

describe('set_product_price', () => {
  it('sets the price of a product on sale, for an admin only', async () => {
    await setProductPrice(bed.served.ctx.db, { key: 'launch', cents: 4900, now: bed.served.ctx.clock.now() });
    expect((await bed.refusal('set_product_price', { key: 'launch', cents: 5900 })).status).toBe(404);
    await bed.makeAdmin();
    expect((await bed.refusal('set_product_price', { key: 'launch', cents: -1 })).errors.map((e) => e.path)).toEqual([
      'cents',
    ]);
    expect((await bed.refusal('set_product_price', { key: 'nothing-here', cents: 100 })).status).toBe(404);
    expect(await bed.run('set_product_price', { key: 'launch', cents: 5900 })).toEqual({ key: 'launch', cents: 5900 });
    expect(await cents('launch')).toBe(5900);
  });
});
