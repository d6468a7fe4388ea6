import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import createCheckout from '../../../tools/orders/create_checkout.js';
import getOrder from '../../../tools/orders/get_order.js';
import { testContext, type TestContext } from '../../helpers/context.js';
import { pendingOrders, priceProducts } from '../../helpers/orders.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { userWithKey } from '../../helpers/users.js';
import { connectHttp } from '../../mcp/clients.js';

let ctx: TestContext;
let server: TestServer;
let maker: Awaited<ReturnType<typeof userWithKey>>;
let numbers: string[];
beforeAll(async () => {
  ctx = await testContext();
  await priceProducts(ctx);
  server = await startServer(ctx, [createCheckout, getOrder]);
  maker = await userWithKey(ctx, ['orders:write', 'account:read']);
  numbers = await pendingOrders(ctx, server.url, maker, 3);
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

describe('get_order', () => {
  it('returns an own order with totals, VAT and lines', async () => {
    const res = await fetch(`${server.url}/api/v1/orders/${numbers[1]}`, { headers: maker.auth });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      number: numbers[1],
      status: 'pending',
      total_cents: 2000,
      vat: { billing_country: 'US', amount_cents: 0 },
      lines: [{ product: 'billboard', amount_cents: 2000, fulfilled: false }],
    });
  });

  it("answers 404 for another user's order and 400 for a malformed number", async () => {
    const other = await userWithKey(ctx, ['account:read']);
    expect((await fetch(`${server.url}/api/v1/orders/${numbers[0]}`, { headers: other.auth })).status).toBe(404);
    expect((await fetch(`${server.url}/api/v1/orders/LB-2026-999999`, { headers: maker.auth })).status).toBe(404);
    const bad = await fetch(`${server.url}/api/v1/orders/42`, { headers: maker.auth });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].path).toBe('number');
  });

  it('works over MCP', async () => {
    const client = await connectHttp('v1', `${server.url}/mcp`, maker.auth);
    try {
      const result = await client.callTool('get_order', { number: numbers[2] });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ number: numbers[2], total_cents: 3000 });
    } finally {
      await client.close();
    }
  });
});
