import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/list_products.js';
import { anonymous } from '../../../src/auth/caller.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { setProductPrice } from '../../../src/orders/products.js';
import { testContext, type TestContext } from '../../helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testContext();
});
afterAll(async () => ctx?.close());

const list = async () => ((await invokeTool(ctx, tool, {}, anonymous())).body as any).items;

describe('list_products', () => {
  it('lists nothing until the admin sets a price', async () => {
    await ctx.db
      .insertInto('products')
      .values({ key: 'featured', name: 'Featured week', price_cents: null, updated_at: ctx.clock.now().toISOString() })
      .execute();
    expect(await list()).toEqual([]);
  });

  it('shows the price the admin set, and the new one after a change', async () => {
    await setProductPrice(ctx.db, { key: 'featured', cents: 9900, now: ctx.clock.now() });
    expect((await list())[0]).toMatchObject({
      key: 'featured',
      name: 'Featured week',
      price_cents: 9900,
      currency: 'USD',
      vat_included: false,
    });
    await setProductPrice(ctx.db, { key: 'featured', cents: 12900, now: ctx.clock.now() });
    expect((await list())[0].price_cents).toBe(12900);
  });

  it('leaves out a priced product that nothing fulfils, which quote_order would refuse', async () => {
    await setProductPrice(ctx.db, { key: 'sticker-pack', cents: 500, needsListing: false, now: ctx.clock.now() });
    expect((await list()).map((p: { key: string }) => p.key)).not.toContain('sticker-pack');
  });

  it('rejects a price that is not whole cents', async () => {
    await expect(setProductPrice(ctx.db, { key: 'featured', cents: 1.5, now: ctx.clock.now() })).rejects.toThrow(
      /whole number/,
    );
    await expect(setProductPrice(ctx.db, { key: 'featured', cents: -1, now: ctx.clock.now() })).rejects.toThrow(
      /whole number/,
    );
  });
});
