import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import createCheckout from '../../../tools/orders/create_checkout.js';
import listMyOrders from '../../../tools/orders/list_my_orders.js';
import { testContext, type TestContext } from '../../helpers/context.js';
import { pendingOrders, priceProducts } from '../../helpers/orders.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { userWithKey } from '../../helpers/users.js';

let ctx: TestContext;
let server: TestServer;
let maker: Awaited<ReturnType<typeof userWithKey>>;
let numbers: string[];
beforeAll(async () => {
  ctx = await testContext();
  await priceProducts(ctx);
  server = await startServer(ctx, [createCheckout, listMyOrders]);
  maker = await userWithKey(ctx, ['orders:write', 'account:read']);
  numbers = await pendingOrders(ctx, server.url, maker, 3);
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

describe('list_my_orders', () => {
  it('lists own orders newest first, paginated', async () => {
    const res = await fetch(`${server.url}/api/v1/orders?per_page=2`, { headers: maker.auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ page: 1, per_page: 2, total: 3 });
    expect(body.items.map((o: any) => o.number)).toEqual([numbers[2], numbers[1]]);
    const other = await userWithKey(ctx, ['account:read']);
    expect((await (await fetch(`${server.url}/api/v1/orders`, { headers: other.auth })).json()).items).toEqual([]);
    expect((await fetch(`${server.url}/api/v1/orders?page=0`, { headers: maker.auth })).status).toBe(400);
  });
});
