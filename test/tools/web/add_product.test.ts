// add_product as the website runs it: admins only; the key is a slug and not
// taken, the name is required; the product is then on sale at its price.
import { describe, expect, it } from 'vitest';
import { listAllProducts, setProductPrice } from '../../../src/orders/products.js';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();
const input = { key: 'spotlight', name: 'Spotlight', cents: 2500, needs_listing: true };

describe('add_product', () => {
  it('adds a product at its price, for an admin only, naming the field it refuses', async () => {
    await setProductPrice(bed.served.ctx.db, { key: 'launch', cents: 4900, now: bed.served.ctx.clock.now() });
    expect((await bed.refusal('add_product', input)).status).toBe(404);
    await bed.makeAdmin();
    expect((await bed.refusal('add_product', { ...input, key: 'Not A Slug' })).errors.map((e) => e.path)).toEqual([
      'key',
    ]);
    expect((await bed.refusal('add_product', { ...input, name: '   ' })).errors.map((e) => e.path)).toEqual(['name']);
    const taken = await bed.refusal('add_product', { ...input, key: 'launch' });
    expect([taken.status, taken.errors.map((e) => e.path)]).toEqual([409, ['key']]);

    expect(await bed.run('add_product', input)).toEqual({ key: 'spotlight', cents: 2500 });
    expect((await listAllProducts(bed.served.ctx.db)).find((p) => p.key === 'spotlight')).toMatchObject({
      name: 'Spotlight',
      price_cents: 2500,
      needs_listing: true,
    });
  });
});
