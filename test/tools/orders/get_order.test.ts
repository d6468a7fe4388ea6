import { describe, expect, it } from 'vitest';
import getOrder from '../../../tools/orders/get_order.js';
import { servedMakerWithOrders } from '../../helpers/orders.js';
import { userWithKey } from '../../helpers/users.js';
import { connectHttp } from '../../mcp/clients.js';
import { expectFieldRefused } from '../../helpers/rest.js';

const served = servedMakerWithOrders(getOrder);

describe('get_order', () => {
  it('returns an own order with totals, VAT and lines', async () => {
    const res = await fetch(`${served.server.url}/api/v1/orders/${served.numbers[1]}`, { headers: served.maker.auth });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      number: served.numbers[1],
      status: 'pending',
      total_cents: 2000,
      vat: { billing_country: 'US', amount_cents: 0 },
      lines: [{ product: 'billboard', amount_cents: 2000, fulfilled: false }],
    });
  });

  it("answers 404 for another user's order and 400 for a malformed number", async () => {
    const other = await userWithKey(served.ctx, ['account:read']);
    expect(
      (await fetch(`${served.server.url}/api/v1/orders/${served.numbers[0]}`, { headers: other.auth })).status,
    ).toBe(404);
    expect(
      (await fetch(`${served.server.url}/api/v1/orders/LB-2026-999999`, { headers: served.maker.auth })).status,
    ).toBe(404);
    await expectFieldRefused(fetch(`${served.server.url}/api/v1/orders/42`, { headers: served.maker.auth }), 'number');
  });

  it('works over MCP', async () => {
    const client = await connectHttp('v1', `${served.server.url}/mcp`, served.maker.auth);
    try {
      const result = await client.callTool('get_order', { number: served.numbers[2] });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ number: served.numbers[2], total_cents: 3000 });
    } finally {
      await client.close();
    }
  });
});
