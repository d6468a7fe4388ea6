// get_launch_options over REST: before anything is reserved or bought, the
// free week choose_free_listing then reserves, the paid weeks with places
// left, the products and a launch quote with VAT; closed routes say why;
// someone else's listing is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import choose_free_listing from '../../../tools/listings/choose_free_listing.js';
import tool from '../../../tools/listings/get_launch_options.js';
import get_my_listing from '../../../tools/listings/get_my_listing.js';
import { webCaller } from '../../../src/auth/caller.js';
import { createCheckout } from '../../../src/orders/orders.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { testContext, type TestContext } from '../../helpers/context.js';
import { given } from '../../helpers/given.js';
import { PRICES, priceProducts } from '../../helpers/orders.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { userWithKey } from '../../helpers/users.js';

let ctx: TestContext;
let server: TestServer;
let maker: Awaited<ReturnType<typeof userWithKey>>;
let draftId: number;
let liveId: number;
beforeAll(async () => {
  ctx = await testContext();
  await priceProducts(ctx);
  maker = await userWithKey(ctx, ['account:read', 'listings:write']);
  const g = given(ctx);
  const category = await g.category({ slug: 'options' });
  draftId = await g.listing({
    slug: 'optioned',
    status: 'draft',
    categories: [category],
    fields: { owner_id: maker.userId },
  });
  liveId = await g.listing({
    slug: 'already-live',
    status: 'live',
    categories: [category],
    fields: { owner_id: maker.userId },
  });
  server = await startServer(ctx, [tool, choose_free_listing]);
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

const options = (id: number, query = '', auth = maker.auth) =>
  fetch(`${server.url}/api/v1/me/listings/${id}/launch-options${query}`, { headers: auth });

describe('get_launch_options', () => {
  it('shows both routes with the free week, the paid weeks and a quote with VAT; the free choice then reserves that week', async () => {
    const res = await options(draftId, '?billing_country=DE');
    expect(res.status).toBe(200);
    const body = await res.json();
    // The clock is Sunday 2026-11-22 (week of Monday 11-16): six weeks on is 2026-12-28.
    expect(body.free).toMatchObject({
      available: true,
      why_not: null,
      week: '2026-12-28',
      badge_checks_every_minutes: 60,
    });
    expect(body.free.rule).toContain('6–8 weeks out');
    expect(body.paid).toMatchObject({ available: true, places_per_week: 10, booking_horizon_weeks: 26 });
    expect(body.paid.weeks[0]).toEqual({ week: '2026-11-23', places_left: 10 });
    expect(body.paid.weeks).toHaveLength(8);
    expect(body.paid.quote).toMatchObject({
      subtotal_cents: PRICES.launch,
      vat: { rate_percent: 19 },
      total_cents: 5831,
    });
    expect(body.products.map((p: { key: string }) => p.key)).toContain('launch');
    expect(body.next_steps.map((s: { tool: string }) => s.tool)).toEqual(['choose_free_listing', 'quote_order']);

    // Nothing was reserved: the listing is still a draft.
    const row = await ctx.db
      .selectFrom('listings')
      .select('status')
      .where('id', '=', draftId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('draft');
    const chosen = await fetch(`${server.url}/api/v1/me/listings/${draftId}/free`, {
      method: 'POST',
      headers: maker.auth,
    });
    expect((await chosen.json()).launch_week).toBe(body.free.week);

    const after = await (await options(draftId)).json();
    expect(after.free).toMatchObject({ available: false, week: null });
    expect(after.free.why_not).toContain('awaiting_badge');
    expect(after.paid.available).toBe(true);
    expect(after.paid.quote.vat.computed).toBe(false); // no billing country, no VAT
  });

  it('closes both routes for a live listing, saying why', async () => {
    const body = await (await options(liveId)).json();
    expect(body.free.available).toBe(false);
    expect(body.paid).toMatchObject({ available: false, why_not: 'It is live already.', quote: null });
    expect(body.next_steps).toEqual([]);
  });

  it('names an order awaiting payment: what it holds, until when, what to do; both routes wait for it', async () => {
    const id = await given(ctx).listing({ slug: 'ordered', status: 'draft', fields: { owner_id: maker.userId } });
    const order = await createCheckout(
      ctx,
      maker.userId,
      { items: [{ product: 'launch', listing_id: id, week: '2026-12-07' }], billing_country: 'DE' },
      'test',
    );
    const held = `Order ${order.number} holds a paid launch in the week of 2026-12-07 until ${order.expires_at}: pay it at its checkout link (get_order), or let it expire to choose again.`;
    const body = await (await options(id)).json();
    expect(body.free).toMatchObject({ available: false, why_not: held });
    expect(body.paid).toMatchObject({ available: false, why_not: held, quote: null });
    expect(body.next_steps).toEqual([{ tool: 'get_order', why: held }]);
    // get_my_listing says the same, and no longer offers the closed routes.
    const own = (await invokeTool(ctx, get_my_listing, { listing_id: id }, webCaller(maker.userId))).body as {
      next_steps: { tool: string; why: string }[];
    };
    expect(own.next_steps.map((s: { tool: string }) => s.tool)).toEqual(['get_order', 'update_my_listing']);
    expect(own.next_steps[0]!.why).toBe(held);
    // The free launch is refused with the same reason, and nothing changed.
    const free = await fetch(`${server.url}/api/v1/me/listings/${id}/free`, {
      method: 'POST',
      headers: { ...maker.auth, 'idempotency-key': 'free-while-ordered' },
    });
    expect(free.status).toBe(409);
    expect((await free.json()).detail).toBe(`The free launch waits: ${held}`);
    // Once the order expires, both routes open again.
    const now = ctx.clock.now();
    ctx.clock.set(new Date(Date.parse(order.expires_at!) + 1000));
    try {
      const later = await (await options(id)).json();
      expect(later.free.available).toBe(true);
      expect(later.paid.available).toBe(true);
    } finally {
      ctx.clock.set(now);
    }
  });

  it('gives the reason a quote was refused, not the field of an item the caller never wrote', async () => {
    const id = await given(ctx).listing({ slug: 'unquotable', status: 'draft', fields: { owner_id: maker.userId } });
    await ctx.db.updateTable('products').set({ active: 0 }).where('key', '=', 'launch').execute();
    try {
      const body = await (await options(id)).json();
      expect(body.paid.quote).toBeNull();
      expect(body.paid.quote_problem).not.toMatch(/check items/);
    } finally {
      await ctx.db.updateTable('products').set({ active: 1 }).where('key', '=', 'launch').execute();
    }
  });

  it("refuses a bad country with the field named, and someone else's listing is 404", async () => {
    const bad = await options(draftId, '?billing_country=Germany');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].path).toBe('billing_country');
    const other = await userWithKey(ctx, ['account:read']);
    expect((await options(draftId, '', other.auth)).status).toBe(404);
  });
});
