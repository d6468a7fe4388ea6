import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../src/errors.js';
import { fulfilLine, orderJobHandlers, recordPayment } from '../../src/orders/fulfilment.js';
import { runDueJobs } from '../../src/platform/jobs.js';
import { type OrderRequest, priceOrder } from '../../src/orders/pricing.js';
import { createCheckout, getOrder, listMyOrders } from '../../src/orders/orders.js';
import { setSetting } from '../../src/directory/settings.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { directory } from '../helpers/directory.js';
import { given } from '../helpers/given.js';
import { PRICES, priceProducts } from '../helpers/orders.js';

// The test clock: Sunday 2026-11-22 12:00 UTC, in the week of Monday 2026-11-16.
const NOW = '2026-11-22T12:00:00.000Z';
const THIS_WEEK = '2026-11-16';
const NEXT_WEEK = '2026-11-23';

let ctx: TestContext;
let maker: number;
let stranger: number;
let primary: number;
beforeAll(async () => {
  ctx = await testContext();
  await priceProducts(ctx);
  const d = directory(ctx);
  maker = await d.user();
  stranger = await d.user();
  const g = given(ctx);
  primary = await g.category({ slug: 'productivity' });
  for (const slug of ['extra-a', 'extra-b', 'extra-c', 'extra-d']) await g.category({ slug });
});
afterAll(async () => ctx?.close());

let n = 0;
async function listing(fields: Record<string, unknown> = {}, categories = [primary]) {
  n += 1;
  return given(ctx).listing({
    slug: `order-listing-${n}`,
    status: 'draft',
    categories,
    fields: { owner_id: maker, ...fields },
  });
}
const quote = (request: OrderRequest, user = maker) => priceOrder(ctx, user, request);
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as AppError,
  );
const drain = () => runDueJobs(ctx, orderJobHandlers, 'test-worker');
/** The maker's checkout for `items`, billed in the US. */
const usCheckout = (items: OrderRequest['items']) =>
  createCheckout(ctx, maker, { items, billing_country: 'US' }, 'test');
const orderRowId = async (number: string) =>
  (await ctx.db.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirstOrThrow()).id;
/** The test provider's payment of `amountCents` USD for an order, one event per order. */
const payInUsd = (rowId: number, number: string, amountCents: number) =>
  recordPayment(ctx, rowId, {
    provider: 'test',
    providerRef: null,
    amountCents,
    currency: 'USD',
    eventId: `e-${number}`,
  });
const listingRow = (id: number) =>
  ctx.db.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('quote_order pricing', () => {
  it('prices a launch at the admin price, without VAT until a billing country is given; nothing is saved', async () => {
    const id = await listing();
    const q = await quote({ items: [{ product: 'launch', listing_id: id }] });
    expect(q).toMatchObject({
      currency: 'USD',
      subtotal_cents: PRICES.launch,
      total_cents: PRICES.launch,
      vat: { computed: false, amount_cents: 0 },
    });
    expect(q.lines).toEqual([
      expect.objectContaining({
        position: 0,
        product: 'launch',
        week: null,
        unit_cents: 4900,
        amount_cents: 4900,
        listing: expect.objectContaining({ listing_id: id }),
      }),
    ]);
    expect(q.lines[0]!.description).toContain('live at once');
    expect(await ctx.db.selectFrom('orders').select('id').execute()).toHaveLength(0);
  });

  it('adds VAT for a German consumer, reverse-charges a French business, charges none in the US', async () => {
    const id = await listing();
    const items = [{ product: 'launch', listing_id: id }];
    expect(await quote({ items, billing_country: 'de' })).toMatchObject({
      subtotal_cents: 4900,
      vat: { computed: true, rate_percent: 19, amount_cents: 931, billing_country: 'DE', reverse_charge: false },
      total_cents: 5831,
    });
    expect(await quote({ items, billing_country: 'FR', vat_number: 'FR40303265045' })).toMatchObject({
      vat: { rate_percent: 0, amount_cents: 0, reverse_charge: true, vat_number: 'FR40303265045' },
      total_cents: 4900,
    });
    expect(await quote({ items, billing_country: 'US' })).toMatchObject({
      vat: { computed: true, rate_percent: 0, amount_cents: 0 },
      total_cents: 4900,
    });
    const err = await rejection(quote({ items, billing_country: 'FR', vat_number: 'FR123' }));
    expect(err?.errors).toEqual([
      { path: 'vat_number', message: expect.stringContaining('not a valid FR VAT number') },
    ]);
    expect((await rejection(quote({ items, vat_number: 'FR40303265045' })))?.errors[0]?.path).toBe('vat_number');
  });

  it("answers 404 naming the item for another user's listing or none", async () => {
    const theirs = await given(ctx).listing({ status: 'draft', fields: { owner_id: stranger } });
    const mine = await listing();
    const err = await rejection(
      quote({
        items: [
          { product: 'launch', listing_id: mine },
          { product: 'billboard', listing_id: theirs, amount_cents: 5000 },
        ],
      }),
    );
    expect(err).toMatchObject({
      status: 404,
      errors: [{ path: 'items.1.listing_id', message: expect.stringContaining(`no listing ${theirs}`) }],
    });
    expect((await rejection(quote({ items: [{ product: 'launch', listing_id: 999_999 }] })))?.status).toBe(404);
  });

  it('takes a launch week that is a future Monday within the horizon (dates snap to their Monday)', async () => {
    const id = await listing();
    expect(
      (await quote({ items: [{ product: 'launch', listing_id: id, week: '2026-11-25' }] })).lines[0],
    ).toMatchObject({ week: NEXT_WEEK });
    for (const [week, message] of [
      ['2026-11-09', 'already started or passed'],
      [THIS_WEEK, 'already started or passed'],
      ['2026-11-22', 'already started or passed'],
      ['2027-06-07', 'up to 26 weeks ahead'],
      ['2026-02-30', 'snapped to its Monday'],
    ]) {
      const err = await rejection(quote({ items: [{ product: 'launch', listing_id: id, week }] }));
      expect(err?.status, week).toBe(400);
      expect(err?.errors).toEqual([{ path: 'items.0.week', message: expect.stringContaining(message) }]);
    }
  });

  it('refuses a week without paid capacity', async () => {
    await setSetting(ctx.db, 'paid_weekly_capacity', '1', ctx.clock.now());
    try {
      await listing({ status: 'scheduled', plan: 'paid', launch_week: '2026-12-07' });
      const id = await listing();
      const err = await rejection(quote({ items: [{ product: 'launch', listing_id: id, week: '2026-12-07' }] }));
      expect(err?.errors).toEqual([{ path: 'items.0.week', message: expect.stringContaining('fully booked') }]);
      expect((await quote({ items: [{ product: 'launch', listing_id: id, week: '2026-12-14' }] })).lines).toHaveLength(
        1,
      );
    } finally {
      await setSetting(ctx.db, 'paid_weekly_capacity', '10', ctx.clock.now());
    }
  });

  it('launches only submitted listings that are not live or already paid', async () => {
    const live = await listing({ status: 'live' });
    const paid = await listing({ status: 'scheduled', plan: 'paid', launch_week: '2026-12-07' });
    const archived = await listing({ status: 'archived' });
    const waiting = await listing({ status: 'awaiting_badge', plan: 'free', launch_week: '2027-01-04' });
    const err = await rejection(
      quote({
        items: [
          { product: 'launch', listing_id: live },
          { product: 'launch', listing_id: paid },
          { product: 'launch', listing_id: archived },
        ],
      }),
    );
    expect(err?.errors.map((e) => [e.path, e.message])).toEqual([
      ['items.0.listing_id', expect.stringContaining('already live')],
      ['items.1.listing_id', expect.stringContaining('already has a paid launch')],
      ['items.2.listing_id', expect.stringContaining('archived')],
    ]);
    // A free listing still in the badge queue may switch to a paid launch.
    expect((await quote({ items: [{ product: 'launch', listing_id: waiting }] })).lines).toHaveLength(1);
  });

  it('holds the billboard to its minimum and names unknown products, unpriced ones and stray options', async () => {
    const id = await listing({ status: 'live' });
    const other = await listing({ status: 'live' });
    await ctx.db
      .insertInto('products')
      .values({ key: 'newsletter', name: 'Newsletter', price_cents: null, updated_at: NOW })
      .execute();
    const err = await rejection(
      quote({
        items: [
          { product: 'billboard', listing_id: id, amount_cents: 999 },
          { product: 'billboard', listing_id: other },
          { product: 'rocket', listing_id: id },
          { product: 'newsletter', listing_id: id },
          { product: 'featured', listing_id: id, week: NEXT_WEEK, amount_cents: 100 },
          { product: 'launch' },
        ],
      }),
    );
    expect(err?.status).toBe(400);
    expect(err?.errors.map((e) => e.path)).toEqual([
      'items.0.amount_cents',
      'items.1.amount_cents',
      'items.2.product',
      'items.3.product',
      'items.4.amount_cents',
      'items.5.listing_id',
    ]);
    expect(err?.errors[0]?.message).toBe('must be at least 1000 cents (the billboard minimum)');
    expect(err?.errors[2]?.message).toContain('products for sale: launch, featured, billboard, premium-profile');
    expect(await quote({ items: [{ product: 'billboard', listing_id: id, amount_cents: 1000 }] })).toMatchObject({
      subtotal_cents: 1000,
    });
  });

  it('features a listing only in a future week when it is public by then', async () => {
    const draft = await listing();
    const live = await listing({ status: 'live' });
    expect(
      (await rejection(quote({ items: [{ product: 'featured', listing_id: draft, week: NEXT_WEEK }] })))?.errors[0],
    ).toMatchObject({ path: 'items.0.week', message: expect.stringContaining('not public') });
    expect((await rejection(quote({ items: [{ product: 'featured', listing_id: live }] })))?.errors[0]?.path).toBe(
      'items.0.week',
    );
    expect((await quote({ items: [{ product: 'featured', listing_id: live, week: NEXT_WEEK }] })).total_cents).toBe(
      PRICES.featured,
    );
    // Launching in the same order makes it public by then.
    const both = await quote({
      items: [
        { product: 'launch', listing_id: draft, week: NEXT_WEEK },
        { product: 'featured', listing_id: draft, week: '2026-11-30' },
      ],
    });
    expect(both.subtotal_cents).toBe(PRICES.launch + PRICES.featured);
  });

  it('checks extra categories of a launch: known, new to the listing, three at most', async () => {
    const id = await listing({}, [
      primary,
      (await ctx.db.selectFrom('categories').select('id').where('slug', '=', 'extra-a').executeTakeFirstOrThrow()).id,
    ]);
    const bad = async (categories: string[]) =>
      (await rejection(quote({ items: [{ product: 'launch', listing_id: id, categories }] })))?.errors[0]?.message;
    expect(await bad(['nope'])).toContain('unknown categories: nope');
    expect(await bad(['extra-a'])).toContain('already has: extra-a');
    expect(await bad(['extra-b', 'extra-c', 'extra-d'])).toContain('at most 3');
    expect(
      (await quote({ items: [{ product: 'launch', listing_id: id, categories: ['extra-b', 'extra-c'] }] })).lines[0]
        ?.categories,
    ).toEqual(['extra-b', 'extra-c']);
  });
});

describe('checkout, payment and fulfilment', () => {
  it('needs a billing country, then saves a pending order numbered LB-YYYY-NNNNNN with a checkout URL', async () => {
    const id = await listing();
    expect(
      (await rejection(createCheckout(ctx, maker, { items: [{ product: 'launch', listing_id: id }] }, 'test')))
        ?.errors[0]?.path,
    ).toBe('billing_country');
    const order = await createCheckout(
      ctx,
      maker,
      { items: [{ product: 'launch', listing_id: id }], billing_country: 'DE' },
      'test',
    );
    expect(order).toMatchObject({
      status: 'pending',
      subtotal_cents: 4900,
      total_cents: 5831,
      vat: { rate_percent: 19 },
      paid_at: null,
      expires_at: '2026-11-23T12:00:00.000Z',
    });
    expect(order.number).toMatch(/^LB-2026-\d{6}$/);
    expect(order.checkout_url).toMatch(/^http:\/\/localhost:3000\/checkout\/[A-Za-z0-9_-]{32}$/);
    const next = await usCheckout([{ product: 'launch', listing_id: await listing() }]);
    expect(Number(next.number.slice(-6))).toBe(Number(order.number.slice(-6)) + 1);
    // The pending order holds the launch: a second one for the same listing is refused.
    const err = await rejection(
      createCheckout(ctx, maker, { items: [{ product: 'launch', listing_id: id }], billing_country: 'DE' }, 'test'),
    );
    expect(err?.errors[0]?.message).toContain(`already has a launch in order ${order.number}`);
    expect((await rejection(getOrder(ctx, stranger, order.number)))?.status).toBe(404);
  });

  it('pays, then fulfils each line: a launch goes live now with the paid plan, sections and categories', async () => {
    const id = await listing();
    const order = await usCheckout([
      { product: 'launch', listing_id: id, categories: ['extra-d'] },
      { product: 'billboard', listing_id: id, amount_cents: 2500 },
    ]);
    const rowId = await orderRowId(order.number);
    ctx.clock.advance(60_000);
    try {
      // The provider's event, delivered twice.
      const payment = () =>
        recordPayment(ctx, rowId, {
          provider: 'test',
          providerRef: 'ref',
          amountCents: 7400,
          currency: 'usd',
          eventId: 'evt-1',
        });
      expect(await payment()).toBe('paid');
      expect(await payment()).toBe('duplicate');
      const paid = await getOrder(ctx, maker, order.number);
      expect(paid).toMatchObject({ status: 'paid', paid_at: '2026-11-22T12:01:00.000Z', checkout_url: null });
      expect(paid.lines.map((l) => l.fulfilled)).toEqual([false, false]);

      // One job per line, and the receipt mail.
      expect(await drain()).toEqual({ ran: 3, failed: 0 });
      const done = await getOrder(ctx, maker, order.number);
      expect(done.status).toBe('fulfilled');
      expect(done.lines.every((l) => l.fulfilled && l.fulfilled_at === '2026-11-22T12:01:00.000Z')).toBe(true);
      const l = await listingRow(id);
      expect(l).toMatchObject({
        status: 'live',
        plan: 'paid',
        launch_week: THIS_WEEK,
        launched_at: '2026-11-22T12:01:00.000Z',
        updated_at: '2026-11-22T12:01:00.000Z',
      });
      expect(JSON.parse(l.unlocked_sections)).toEqual(['story', 'milestones', 'media']);
      const cats = await ctx.db
        .selectFrom('listing_categories as lc')
        .innerJoin('categories as c', 'c.id', 'lc.category_id')
        .select(['c.slug', 'lc.is_primary'])
        .where('lc.listing_id', '=', id)
        .orderBy('lc.position')
        .execute();
      expect(cats.map((c) => [c.slug, Number(c.is_primary)])).toEqual([
        ['productivity', 1],
        ['extra-d', 0],
      ]);
      // Running a line again changes nothing.
      const line = await ctx.db
        .selectFrom('order_lines')
        .select('id')
        .where('order_id', '=', rowId)
        .executeTakeFirstOrThrow();
      await fulfilLine(ctx, line.id);
      expect((await listingRow(id)).launched_at).toBe('2026-11-22T12:01:00.000Z');
    } finally {
      ctx.clock.set(NOW);
    }
  });

  it('closes the order when a line job runs again after a crash between the line and the order', async () => {
    const id = await listing();
    const order = await usCheckout([{ product: 'billboard', listing_id: id, amount_cents: 1000 }]);
    const rowId = await orderRowId(order.number);
    await payInUsd(rowId, order.number, 1000);
    // The line's transaction committed; the process died before the order was closed.
    await ctx.db.updateTable('order_lines').set({ fulfilled_at: NOW }).where('order_id', '=', rowId).execute();
    expect((await getOrder(ctx, maker, order.number)).status).toBe('paid');
    await drain();
    expect((await getOrder(ctx, maker, order.number)).status).toBe('fulfilled');
  });

  it('schedules a launch paid for a future week', async () => {
    const id = await listing({ status: 'awaiting_badge', plan: 'free', launch_week: '2027-01-04' });
    const order = await usCheckout([{ product: 'launch', listing_id: id, week: '2026-12-02' }]);
    const rowId = await orderRowId(order.number);
    await payInUsd(rowId, order.number, 4900);
    await drain();
    expect(await listingRow(id)).toMatchObject({
      status: 'scheduled',
      plan: 'paid',
      launch_week: '2026-11-30',
      launched_at: null,
    });
  });

  it('keeps a payment that does not match the order apart, for a refund', async () => {
    const id = await listing();
    const order = await usCheckout([{ product: 'launch', listing_id: id }]);
    const rowId = await orderRowId(order.number);
    expect(
      await recordPayment(ctx, rowId, {
        provider: 'stripe',
        providerRef: 'cs_1',
        amountCents: 100,
        currency: 'usd',
        eventId: 'evt-short',
      }),
    ).toBe('unmatched');
    expect((await getOrder(ctx, maker, order.number)).status).toBe('pending');
    expect(
      await ctx.db.selectFrom('payments').select(['status', 'amount_cents']).where('order_id', '=', rowId).execute(),
    ).toEqual([{ status: 'unmatched', amount_cents: 100 }]);
  });

  it('expires unpaid orders after 24 hours, freeing the listing for a new order', async () => {
    const id = await listing();
    const order = await usCheckout([{ product: 'launch', listing_id: id }]);
    ctx.clock.advance(24 * 3_600_000);
    try {
      expect(await getOrder(ctx, maker, order.number)).toMatchObject({ status: 'expired', checkout_url: null });
      const again = await usCheckout([{ product: 'launch', listing_id: id }]);
      expect(again.status).toBe('pending');
      // The scheduled expiry job finds nothing left to do.
      const job = await ctx.db
        .selectFrom('jobs')
        .select(['kind', 'run_at'])
        .where('kind', '=', 'order_expiry')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      expect(job.run_at).toBe('2026-11-23T12:00:00.000Z');
    } finally {
      ctx.clock.set(NOW);
    }
  });

  it('lists own orders newest first', async () => {
    const mine = await listMyOrders(ctx, maker, { page: 1, per_page: 2 });
    expect(mine.items).toHaveLength(2);
    expect(mine.total).toBeGreaterThan(2);
    expect(mine.items[0]!.number > mine.items[1]!.number).toBe(true);
    expect((await listMyOrders(ctx, stranger, { page: 1, per_page: 20 })).total).toBe(0);
  });

  it('unlocks the paid sections with a premium profile, without launching', async () => {
    const id = await listing({ status: 'live', plan: 'free' });
    const order = await usCheckout([{ product: 'premium-profile', listing_id: id }]);
    const rowId = await orderRowId(order.number);
    await payInUsd(rowId, order.number, PRICES['premium-profile']);
    await drain();
    const l = await listingRow(id);
    expect(l).toMatchObject({ status: 'live', plan: 'free' });
    expect(JSON.parse(l.unlocked_sections)).toEqual(['story', 'milestones', 'media']);
    expect(
      (await rejection(quote({ items: [{ product: 'premium-profile', listing_id: id }] })))?.errors[0]?.message,
    ).toContain('already has');
  });
});
