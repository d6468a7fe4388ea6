// /admin/orders: admins see every order with its status, buyer, products,
// listings, amount, dates and fulfilment, filter by status, and open one
// order with its lines and payments. Read-only; everyone else gets 404.
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/accounts/users.js';
import { given } from '../helpers/given.js';
import { pendingBillboardOrder, paidLine, priceProducts } from '../helpers/orders.js';
import { servedTestContext } from '../helpers/server.js';
import { Browser, signUpThroughPages } from '../oauth/browser.js';

const XSS = '<script>alert(1)</script>';

const served = servedTestContext();
let admin: Browser;
let person: Browser;
let paidNumber: string;
let failedNumber: string;
let pendingNumber: string;

beforeAll(async () => {
  const ctx = served.ctx;
  await priceProducts(ctx);
  admin = new Browser(served.server.url);
  await signUpThroughPages(admin, 'boss@example.com', 'long enough pw');
  await ctx.db.updateTable('users').set({ role: 'admin' }).where('email', '=', 'boss@example.com').execute();
  person = new Browser(served.server.url);
  await signUpThroughPages(person, 'person@example.com', 'long enough pw');

  const buyer = await createUser(ctx.db, { email: 'buyer@example.com', now: ctx.clock.now() });
  const listing = await given(ctx).listing({ slug: 'acme', fields: { name: `Acme ${XSS}`, owner_id: buyer } });
  const paid = await paidLine(ctx, { userId: buyer, listingId: listing, product: 'featured', amountCents: 9900 });
  const failed = await paidLine(ctx, {
    userId: buyer,
    listingId: listing,
    product: 'billboard',
    amountCents: 2500,
    fulfilled: false,
  });
  await ctx.db
    .updateTable('order_lines')
    .set({ fulfilment_error: `Boom ${XSS}` })
    .where('order_id', '=', failed)
    .execute();
  await ctx.db
    .insertInto('payments')
    .values({
      order_id: paid,
      provider: 'test',
      provider_ref: 'pay_123',
      amount_cents: 9900,
      currency: 'USD',
      status: 'succeeded',
      raw_event_id: 'evt_1',
      created_at: ctx.clock.now().toISOString(),
    })
    .execute();
  const number = async (id: number) =>
    (await ctx.db.selectFrom('orders').select('number').where('id', '=', id).executeTakeFirstOrThrow()).number;
  paidNumber = await number(paid);
  failedNumber = await number(failed);
  pendingNumber = (await pendingBillboardOrder(ctx, served.server.url, 1500)).number;
});

const page = async (path: string) => (await admin.request(path)).text();

describe('who may see /admin/orders', () => {
  it('answers 404 to visitors and non-admins', async () => {
    const visitor = new Browser(served.server.url);
    for (const path of ['/admin/orders', `/admin/orders/${paidNumber}`, '/admin/orders?status=paid']) {
      expect((await visitor.request(path)).status, path).toBe(404);
      const res = await person.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain(paidNumber);
    }
  });
});

describe('the order list', () => {
  it('shows every order with status, buyer, product, listing, amount and fulfilment, escaped', async () => {
    const text = await page('/admin/orders');
    for (const n of [paidNumber, failedNumber, pendingNumber]) expect(text).toContain(`href="/admin/orders/${n}"`);
    expect(text).toContain('buyer@example.com');
    expect(text).toContain('Acme &lt;script&gt;');
    expect(text).not.toContain(XSS);
    expect(text).toContain('$99.00');
    expect(text).toContain('Awaiting payment');
    expect(text).toMatch(/0 of 1 line applied <span class="dash-pill bad">1 failed<\/span>/);
    expect(text).toContain('<span class="dash-pill ok">applied</span>');
  });

  it('filters by status, with the count of each', async () => {
    const pending = await page('/admin/orders?status=pending');
    expect(pending).toContain(pendingNumber);
    expect(pending).not.toContain(paidNumber);
    expect(pending).toMatch(/aria-current="page">pending <span class="count">1<\/span>/);
    const unknown = await page(`/admin/orders?status=${encodeURIComponent(XSS)}`);
    expect(unknown).toContain(paidNumber);
    expect(unknown).not.toContain(XSS);
  });
});

describe('one order', () => {
  it('shows its lines, totals, fulfilment and payments', async () => {
    const text = await page(`/admin/orders/${paidNumber}`);
    expect(text).toContain('buyer@example.com');
    expect(text).toContain('pay_123');
    expect(text).toContain('Payments');
    const failed = await page(`/admin/orders/${failedNumber}`);
    expect(failed).toContain('Boom &lt;script&gt;');
    expect(failed).not.toContain(XSS);
  });

  it('answers an unknown or malformed number with 404', async () => {
    expect((await admin.request('/admin/orders/LB-2000-999999')).status).toBe(404);
    expect((await admin.request(`/admin/orders/${encodeURIComponent(XSS)}`)).status).toBe(404);
    expect(await (await admin.request(`/admin/orders/${encodeURIComponent(XSS)}`)).text()).not.toContain(XSS);
  });
});
