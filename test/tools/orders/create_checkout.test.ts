import { describe, expect, it } from 'vitest';
import createCheckout from '../../../tools/orders/create_checkout.js';
import { given } from '../../helpers/given.js';
import { priceProducts } from '../../helpers/orders.js';
import { servedTools } from '../../helpers/server.js';
import { userWithKey } from '../../helpers/users.js';
import { connectHttp } from '../../mcp/clients.js';

const served = servedTools({ tools: [createCheckout], seed: priceProducts });

const checkout = (auth: Record<string, string>, body: unknown, key?: string) =>
  fetch(`${served.server.url}/api/v1/orders/checkout`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  });

describe('create_checkout', () => {
  it('builds a pending order with a checkout_url on this site', async () => {
    const maker = await userWithKey(served.ctx, ['orders:write']);
    const id = await given(served.ctx).listing({ status: 'draft', fields: { owner_id: maker.userId } });
    const res = await checkout(maker.auth, { items: [{ product: 'launch', listing_id: id }], billing_country: 'NL' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      status: 'pending',
      subtotal_cents: 4900,
      vat: { rate_percent: 21, amount_cents: 1029 },
      total_cents: 5929,
      paid_at: null,
    });
    expect(body.number).toMatch(/^LB-2026-\d{6}$/);
    expect(body.checkout_url).toMatch(/^http:\/\/localhost:3000\/checkout\//);
    expect(body.lines[0]).toMatchObject({ product: 'launch', fulfilled: false, fulfilment_error: null });
    expect(body.next_steps[0].why).toContain('never ask for card details');
    expect(createCheckout.description).toContain('Never ask for card or payment details');
  });

  it('creates one order for retries with the same Idempotency-Key', async () => {
    const maker = await userWithKey(served.ctx, ['orders:write']);
    const id = await given(served.ctx).listing({ status: 'draft', fields: { owner_id: maker.userId } });
    const body = { items: [{ product: 'launch', listing_id: id }], billing_country: 'US' };
    const first = await checkout(maker.auth, body, 'order-key-1');
    const second = await checkout(maker.auth, body, 'order-key-1');
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const [a, b] = [await first.json(), await second.json()];
    expect(b.number).toBe(a.number);
    expect(
      await served.ctx.db.selectFrom('orders').select('number').where('user_id', '=', maker.userId).execute(),
    ).toEqual([{ number: a.number }]);
    // The same key with another body is refused; without a key a retry is a new request (refused here: the launch is held).
    expect((await checkout(maker.auth, { ...body, billing_country: 'CA' }, 'order-key-1')).status).toBe(422);
    expect((await checkout(maker.auth, body)).status).toBe(400);
  });

  it('needs billing_country for VAT', async () => {
    const maker = await userWithKey(served.ctx, ['orders:write']);
    const id = await given(served.ctx).listing({ status: 'draft', fields: { owner_id: maker.userId } });
    const res = await checkout(maker.auth, { items: [{ product: 'launch', listing_id: id }] });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([{ path: 'billing_country', message: expect.stringContaining('VAT') }]);
  });

  it('needs the company name and address when a VAT number gives reverse charge, and keeps them on the order', async () => {
    const maker = await userWithKey(served.ctx, ['orders:write']);
    const id = await given(served.ctx).listing({ status: 'draft', fields: { owner_id: maker.userId } });
    const request = {
      items: [{ product: 'launch', listing_id: id }],
      billing_country: 'FR',
      vat_number: 'FR40303265045',
    };
    const refused = await checkout(maker.auth, request);
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual([
      { path: 'company_name', message: expect.stringContaining('reverse-charge invoice') },
      { path: 'company_address', message: expect.stringContaining('reverse-charge invoice') },
    ]);
    expect(await served.ctx.db.selectFrom('orders').select('id').where('user_id', '=', maker.userId).execute()).toEqual(
      [],
    );

    const company = { company_name: '  Lumière SAS ', company_address: '12 rue de la Paix\n75002 Paris' };
    const res = await checkout(maker.auth, { ...request, ...company });
    expect(res.status).toBe(200);
    expect((await res.json()).vat).toMatchObject({
      reverse_charge: true,
      vat_number: 'FR40303265045',
      company_name: 'Lumière SAS',
      company_address: '12 rue de la Paix\n75002 Paris',
    });
  });

  it('works over MCP, with the idempotency key as an argument', async () => {
    const maker = await userWithKey(served.ctx, ['orders:write']);
    const id = await given(served.ctx).listing({ status: 'draft', fields: { owner_id: maker.userId } });
    const client = await connectHttp('v2-2026-07-28', `${served.server.url}/mcp`, maker.auth);
    try {
      const args = {
        items: [{ product: 'launch', listing_id: id }],
        billing_country: 'US',
        idempotency_key: 'mcp-order-1',
      };
      const a = await client.callTool('create_checkout', args);
      const b = await client.callTool('create_checkout', args);
      expect(a.isError).toBeFalsy();
      expect((b.structuredContent as any).number).toBe((a.structuredContent as any).number);
      expect((a.structuredContent as any).checkout_url).toMatch(/\/checkout\//);
    } finally {
      await client.close();
    }
  });
});
