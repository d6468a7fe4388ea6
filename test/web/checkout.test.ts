// The checkout page end to end: create_checkout over REST → the person pays
// on the page (test provider) → get_order shows paid, then each line
// fulfilled and the listing live. Plus the Stripe provider: redirect to a
// Checkout Session (against a local fake of the Stripe API) and the webhook,
// refused with a bad signature.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous } from '../../src/auth/caller.js';
import { invokeTool } from '../../src/registry/invoke.js';
import { runDueJobs } from '../../src/platform/jobs.js';
import { createStripeProvider } from '../../src/orders/payments/stripe.js';
import { jobHandlers } from '../../src/scheduler.js';
import { checkoutRouter, type CheckoutRouterOptions } from '../../src/web/checkout.js';
import searchListings from '../../tools/directory/search_listings.js';
import createCheckout from '../../tools/orders/create_checkout.js';
import getOrder from '../../tools/orders/get_order.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { checkoutOverRest, pendingBillboardOrder, priceProducts } from '../helpers/orders.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
async function close(server: Server | undefined): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
}
async function startWeb(ctx: TestContext, opts: CheckoutRouterOptions = {}): Promise<{ url: string; server: Server }> {
  const app = express();
  app.use(checkoutRouter(ctx, opts));
  const server = createServer(app);
  return { url: await listen(server), server };
}

/** The page's form token and action, read from its HTML. */
function payForm(html: string): { action: string; token: string } {
  return {
    action: html.match(/<form method="post" action="([^"]+)"/)![1]!,
    token: html.match(/name="form_token" value="([^"]+)"/)![1]!,
  };
}

/** Posts the pay form as a browser would, without following the redirect. */
function submitPayForm(webUrl: string, action: string, token: string, headers: Record<string, string> = {}) {
  return fetch(`${webUrl}${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: `form_token=${token}`,
    redirect: 'manual',
  });
}

describe('checkout with the test provider', () => {
  let ctx: TestContext;
  let api: TestServer;
  let web: { url: string; server: Server };
  beforeAll(async () => {
    ctx = await testContext();
    await priceProducts(ctx);
    api = await startServer(ctx, [createCheckout, getOrder]);
    web = await startWeb(ctx);
  });
  afterAll(async () => {
    await close(web?.server);
    await api?.close();
    await ctx?.close();
  });

  it('creates the order, the person pays on the page, the order is paid then fulfilled and the listing live', async () => {
    const maker = await userWithKey(ctx, ['orders:write', 'account:read']);
    const id = await given(ctx).listing({
      slug: 'rocketship',
      status: 'draft',
      fields: { name: 'Rocketship <Beta>', owner_id: maker.userId },
    });
    const order = await checkoutOverRest(api.url, maker.auth, {
      items: [{ product: 'launch', listing_id: id }],
      billing_country: 'DE',
    });
    const path = new URL(order.checkout_url).pathname;

    const page = await fetch(`${web.url}${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('cache-control')).toMatch(/no-store/);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<h1>Pay for order ${order.number}</h1>`);
    expect(html).toContain('TEST MODE');
    expect(html).toContain('Rocketship &lt;Beta&gt;');
    expect(html).not.toContain('Rocketship <Beta>');
    expect(html).toMatch(/<th scope="row">Total<\/th><td><strong>\$58\.31<\/strong>/);
    const form = payForm(html);
    expect(form.action).toBe(`${path}/pay`);

    // Without the form's token (a cross-site post), nothing happens.
    const forged = await submitPayForm(web.url, form.action, 'guess');
    expect(forged.status).toBe(403);
    const crossSite = await submitPayForm(web.url, form.action, form.token, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const get = () => fetch(`${api.url}/api/v1/orders/${order.number}`, { headers: maker.auth }).then((r) => r.json());
    expect((await get()).status).toBe('pending');

    const paid = await submitPayForm(web.url, form.action, form.token);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(order.checkout_url);
    expect(await get()).toMatchObject({
      status: 'paid',
      paid_at: ctx.clock.now().toISOString(),
      checkout_url: null,
      lines: [{ fulfilled: false }],
    });
    const after = await (await fetch(`${web.url}${path}`)).text();
    expect(after).toContain('Payment received');
    expect(after).not.toContain('form_token');

    // Pressing again (a second tab) records nothing more.
    await submitPayForm(web.url, form.action, form.token);
    expect(await ctx.db.selectFrom('payments').select('amount_cents').execute()).toEqual([{ amount_cents: 5831 }]);

    // The workers run the fulfilment jobs through the registered handlers.
    await runDueJobs(ctx, jobHandlers, 'test-worker');
    const done = await get();
    expect(done).toMatchObject({
      status: 'fulfilled',
      lines: [{ product: 'launch', fulfilled: true, fulfilment_error: null }],
    });
    expect(
      await ctx.db
        .selectFrom('listings')
        .select(['status', 'plan', 'launch_week'])
        .where('id', '=', id)
        .executeTakeFirst(),
    ).toEqual({ status: 'live', plan: 'paid', launch_week: '2026-11-16' });
    const found = (await invokeTool(ctx, searchListings, { q: 'rocketship' }, anonymous())).body as {
      items: { slug: string }[];
    };
    expect(found.items.map((i) => i.slug)).toContain('rocketship');
  });

  it('shows an expired order without a pay button, and 404 for an unknown token', async () => {
    const order = await pendingBillboardOrder(ctx, api.url, 1500);
    const path = new URL(order.checkout_url).pathname;
    const form = payForm(await (await fetch(`${web.url}${path}`)).text());
    ctx.clock.advance(24 * 3_600_000);
    try {
      const html = await (await fetch(`${web.url}${path}`)).text();
      expect(html).toContain('expired unpaid');
      expect(html).not.toContain('form_token');
      const late = await submitPayForm(web.url, form.action, form.token);
      expect(late.status).toBe(303);
      expect(
        await ctx.db.selectFrom('orders').select('status').where('number', '=', order.number).executeTakeFirst(),
      ).toEqual({ status: 'expired' });
    } finally {
      ctx.clock.set('2026-11-22T12:00:00.000Z');
    }
    expect((await fetch(`${web.url}/checkout/not-a-real-token-at-all`)).status).toBe(404);
    expect((await fetch(`${web.url}/checkout/%3Cscript%3E`)).status).toBe(404);
  });

  it('has no Stripe webhook when Stripe is not configured', async () => {
    expect((await fetch(`${web.url}/webhooks/stripe`, { method: 'POST', body: '{}' })).status).toBe(404);
  });
});

describe('checkout with the Stripe provider', () => {
  const keys = { secretKey: 'sk_test_launchboard', webhookSecret: 'whsec_launchboard_test' };
  let ctx: TestContext;
  let api: TestServer;
  let web: { url: string; server: Server };
  let fakeStripe: Server;
  const sessionRequests: URLSearchParams[] = [];
  beforeAll(async () => {
    // A local stand-in for api.stripe.com: creates and returns one Checkout Session.
    fakeStripe = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/v1/checkout/sessions')
          sessionRequests.push(new URLSearchParams(body));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'cs_test_1',
            object: 'checkout.session',
            status: 'open',
            url: 'https://checkout.stripe.com/c/pay/cs_test_1',
          }),
        );
      });
    });
    const stripeApi = new URL(await listen(fakeStripe));
    ctx = await testContext({ stripe: keys });
    await priceProducts(ctx);
    api = await startServer(ctx, [createCheckout, getOrder]);
    const client = new Stripe(keys.secretKey, {
      host: stripeApi.hostname,
      port: stripeApi.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    web = await startWeb(ctx, { provider: createStripeProvider(keys, client) });
  });
  afterAll(async () => {
    await close(web?.server);
    await close(fakeStripe);
    await api?.close();
    await ctx?.close();
  });

  const webhook = (payload: string, signature: string) =>
    fetch(`${web.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  const completed = (number: string, amount: number, id = `evt_${number}`) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_1',
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: amount,
          currency: 'usd',
          client_reference_id: number,
          metadata: { order_number: number },
        },
      },
    });
  const sign = (payload: string, secret = keys.webhookSecret) =>
    new Stripe(keys.secretKey).webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(ctx.clock.now().getTime() / 1000),
    });

  it('records the Stripe provider on the order and sends the person to a Checkout Session with lines and VAT', async () => {
    const maker = await userWithKey(ctx, ['orders:write']);
    const id = await given(ctx).listing({ status: 'draft', fields: { owner_id: maker.userId } });
    const order = await checkoutOverRest(api.url, maker.auth, {
      items: [{ product: 'launch', listing_id: id }],
      billing_country: 'IT',
    });
    const path = new URL(order.checkout_url).pathname;
    const page = await fetch(`${web.url}${path}`);
    const html = await page.text();
    expect(html).not.toContain('TEST MODE');
    expect(html).toContain('Pay $59.78 securely');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://checkout.stripe.com");
    const form = payForm(html);
    const res = await submitPayForm(web.url, form.action, form.token);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
    const sent = sessionRequests.at(-1)!;
    expect(sent.get('mode')).toBe('payment');
    expect(sent.get('client_reference_id')).toBe(order.number);
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('4900');
    expect(sent.get('line_items[1][price_data][unit_amount]')).toBe('1078');
    expect(sent.get('line_items[1][price_data][product_data][name]')).toBe('VAT 22 % (IT)');
    expect(sent.get('success_url')).toBe(`${order.checkout_url}?paid=1`);
    expect(
      await ctx.db
        .selectFrom('orders')
        .select(['provider', 'provider_ref', 'status'])
        .where('number', '=', order.number)
        .executeTakeFirst(),
    ).toEqual({ provider: 'stripe', provider_ref: 'cs_test_1', status: 'pending' });
  });

  it('refuses a webhook with a bad or missing signature, and applies a signed one once', async () => {
    const order = await pendingBillboardOrder(ctx, api.url, 2000);
    const payload = completed(order.number, 2000);
    const status = async () =>
      (await ctx.db.selectFrom('orders').select('status').where('number', '=', order.number).executeTakeFirstOrThrow())
        .status;

    const forged = await webhook(payload, sign(payload, 'whsec_someone_else'));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: 'signature verification failed' });
    const tampered = await webhook(payload.replace('2000', '1'), sign(payload));
    expect(tampered.status).toBe(400);
    expect((await fetch(`${web.url}/webhooks/stripe`, { method: 'POST', body: payload })).status).toBe(400);
    expect(await status()).toBe('pending');

    const ok = await webhook(payload, sign(payload));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ received: true, outcome: 'paid' });
    expect(await status()).toBe('paid');
    // Stripe delivers again: recorded once.
    expect(await (await webhook(payload, sign(payload))).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(
      await ctx.db
        .selectFrom('payments')
        .select(['provider', 'raw_event_id'])
        .where('raw_event_id', '=', `evt_${order.number}`)
        .execute(),
    ).toHaveLength(1);
  });

  it('ignores other events and keeps a wrong amount apart', async () => {
    const order = await pendingBillboardOrder(ctx, api.url, 3000);
    const other = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'payment_intent.created',
      data: { object: {} },
    });
    expect(await (await webhook(other, sign(other))).json()).toEqual({ received: true, outcome: 'ignored' });
    const short = completed(order.number, 10, 'evt_short');
    expect(await (await webhook(short, sign(short))).json()).toEqual({ received: true, outcome: 'unmatched' });
    expect(
      (await ctx.db.selectFrom('orders').select('status').where('number', '=', order.number).executeTakeFirstOrThrow())
        .status,
    ).toBe('pending');
  });
});
