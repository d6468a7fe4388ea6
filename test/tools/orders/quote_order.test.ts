import { describe, expect, it } from 'vitest';
import quoteOrder from '../../../tools/orders/quote_order.js';
import { given } from '../../helpers/given.js';
import { priceProducts } from '../../helpers/orders.js';
import { servedTools } from '../../helpers/server.js';
import { userWithKey } from '../../helpers/users.js';
import { connectHttp } from '../../mcp/clients.js';

let maker: Awaited<ReturnType<typeof userWithKey>>;
let mine: number;
let theirs: number;
const served = servedTools({
  tools: [quoteOrder],
  seed: async (ctx) => {
    await priceProducts(ctx);
    maker = await userWithKey(ctx, ['orders:write']);
    const other = await userWithKey(ctx, ['orders:write']);
    mine = await given(ctx).listing({ status: 'draft', fields: { owner_id: maker.userId } });
    theirs = await given(ctx).listing({ status: 'draft', fields: { owner_id: other.userId } });
  },
});

const quote = (body: unknown, auth = maker.auth) =>
  fetch(`${served.server.url}/api/v1/orders/quote`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('quote_order', () => {
  it('prices items with VAT for the billing country and saves nothing', async () => {
    const res = await quote({
      items: [
        { product: 'launch', listing_id: mine, week: '2026-12-01' },
        { product: 'billboard', listing_id: mine, amount_cents: 2500 },
      ],
      billing_country: 'DE',
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      currency: 'USD',
      subtotal_cents: 7400,
      vat: { rate_percent: 19, amount_cents: 1406, billing_country: 'DE' },
      total_cents: 8806,
      next_steps: [{ tool: 'create_checkout' }],
    });
    expect(body.lines.map((l: any) => [l.product, l.week, l.amount_cents])).toEqual([
      ['launch', '2026-11-30', 4900],
      ['billboard', null, 2500],
    ]);
    expect(await served.ctx.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });

  it('reverse-charges an EU business elsewhere and charges nothing outside the EU', async () => {
    expect(
      (
        await (
          await quote({
            items: [{ product: 'launch', listing_id: mine }],
            billing_country: 'FR',
            vat_number: 'FR 40 303 265 045',
          })
        ).json()
      ).vat,
    ).toMatchObject({ reverse_charge: true, amount_cents: 0 });
    expect(
      await (await quote({ items: [{ product: 'launch', listing_id: mine }], billing_country: 'US' })).json(),
    ).toMatchObject({ total_cents: 4900 });
  });

  it("answers 404 naming the item for another user's listing, and 400 naming each bad field", async () => {
    const wrongOwner = await quote({ items: [{ product: 'launch', listing_id: theirs }] });
    expect(wrongOwner.status).toBe(404);
    expect((await wrongOwner.json()).errors).toEqual([
      { path: 'items.0.listing_id', message: expect.stringContaining(`no listing ${theirs}`) },
    ]);

    const bad = await quote({
      items: [
        { product: 'launch', listing_id: mine, week: '2026-11-09' },
        { product: 'billboard', listing_id: mine, amount_cents: 10 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await bad.json()).errors.map((e: any) => e.path)).toEqual(['items.0.week', 'items.1.amount_cents']);

    for (const [body, path] of [
      [{ items: [] }, 'items'],
      [{ items: [{ product: 'launch', listing_id: mine, colour: 'red' }] }, 'items.0.colour'],
      [{ items: [{ product: 'launch', listing_id: mine }], billing_country: 'Germany' }, 'billing_country'],
      [{ items: [{ product: 'launch', listing_id: mine, categories: ['a', 'b', 'c', 'd'] }] }, 'items.0.categories'],
    ] as const) {
      const res = await quote(body);
      expect(res.status, path).toBe(400);
      expect((await res.json()).errors[0].path).toBe(path);
    }
  });

  it('works over MCP', async () => {
    const client = await connectHttp('v2-2026-07-28', `${served.server.url}/mcp`, maker.auth);
    try {
      const result = await client.callTool('quote_order', {
        items: [{ product: 'launch', listing_id: mine }],
        billing_country: 'US',
      });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ total_cents: 4900 });
      const wrong = await client.callTool('quote_order', { items: [{ product: 'launch', listing_id: theirs }] });
      expect(wrong.isError).toBe(true);
      expect(JSON.parse((wrong.content as { text: string }[])[0]!.text).status).toBe(404);
    } finally {
      await client.close();
    }
  });
});
