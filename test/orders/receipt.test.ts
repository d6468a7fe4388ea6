// The receipt mail: paying an order queues it in the same transaction, and
// the job mails the buyer the lines, VAT, total and the seller's details
// from the settings, with a link to the receipt page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSetting } from '../../src/directory/settings.js';
import { orderJobHandlers, recordPayment } from '../../src/orders/fulfilment.js';
import { createCheckout } from '../../src/orders/orders.js';
import { countryName } from '../../src/orders/receipt.js';
import { runDueJobs } from '../../src/platform/jobs.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { directory } from '../helpers/directory.js';
import { given } from '../helpers/given.js';
import { PRICES, priceProducts } from '../helpers/orders.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testContext();
  await priceProducts(ctx);
});
afterAll(async () => ctx?.close());

const outbox = (to: string) => ctx.db.selectFrom('outbox').selectAll().where('to', '=', to).execute();

describe('the receipt mail', () => {
  it('goes to the buyer once the order is paid, with the lines, VAT, total and the seller', async () => {
    const maker = await directory(ctx).user();
    const email = (await ctx.db.selectFrom('users').select('email').where('id', '=', maker).executeTakeFirstOrThrow())
      .email;
    const g = given(ctx);
    const category = await g.category({ slug: 'receipts' });
    const listing = await g.listing({
      slug: 'receipted',
      status: 'draft',
      categories: [category],
      fields: { owner_id: maker },
    });
    const now = ctx.clock.now();
    await setSetting(ctx.db, 'seller_name', 'Launchboard Ltd', now);
    await setSetting(ctx.db, 'seller_address', '1 Harbour Street, Dublin', now);
    await setSetting(ctx.db, 'seller_vat_id', 'IE1234567T', now);

    const order = await createCheckout(
      ctx,
      maker,
      {
        items: [{ product: 'launch', listing_id: listing }],
        billing_country: 'DE',
        company_name: 'Receipted GmbH',
        company_address: 'Torstraße 1, 10119 Berlin',
      },
      'test',
    );
    const row = await ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('number', '=', order.number)
      .executeTakeFirstOrThrow();
    await runDueJobs(ctx, orderJobHandlers, 'test-worker');
    expect(await outbox(email)).toEqual([]); // nothing before the payment

    await recordPayment(ctx, row.id, {
      provider: 'test',
      providerRef: null,
      amountCents: Number(row.total_cents),
      currency: 'USD',
      eventId: `receipt-${order.number}`,
    });
    await runDueJobs(ctx, orderJobHandlers, 'test-worker');
    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Receipt for order ${order.number}`);
    const text = mails[0]!.text;
    expect(text).toContain('Launchboard Ltd\n1 Harbour Street, Dublin');
    expect(text).toContain('VAT id: IE1234567T');
    expect(text).toContain(`Buyer\nReceipted GmbH\nTorstraße 1, 10119 Berlin\n${email}\nGermany`);
    expect(text).toContain(`Subtotal (excluding VAT): $${(PRICES.launch / 100).toFixed(2)}`);
    expect(text).toContain('VAT 19 %: $9.31');
    expect(text).toContain('Total (USD): $58.31');
    expect(text).toContain(`${ctx.config.publicUrl}/my/orders/${order.number}`);
  });

  it('names countries in words, and shows a code it does not know as given', () => {
    expect(countryName('de')).toBe('Germany');
    expect(countryName('??')).toBe('??');
  });
});
