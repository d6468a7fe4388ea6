// Hiding a listing (listings/moderation.ts) against what else moves a
// listing's status: a paid launch fulfilled while it is hidden leaves it
// hidden (and sets the status it returns to), and a scheduled launch whose
// week began while hidden comes back live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/accounts/users.js';
import { hideListing, unhideListing } from '../../src/listings/moderation.js';
import { fulfilLine } from '../../src/orders/fulfilment.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { paidLine } from '../helpers/orders.js';

let ctx: TestContext;
let adminId: number;
beforeAll(async () => {
  ctx = await testContext();
  adminId = await createUser(ctx.db, { email: 'boss@example.com', role: 'admin', now: ctx.clock.now() });
});
afterAll(async () => ctx?.close());

const row = (id: number) =>
  ctx.db
    .selectFrom('listings')
    .select(['status', 'hidden_status', 'launched_at', 'plan'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('a hidden listing', () => {
  it('stays hidden when a paid launch is fulfilled, and comes back live', async () => {
    const owner = await createUser(ctx.db, { email: 'maker@example.com', now: ctx.clock.now() });
    const id = await given(ctx).listing({ status: 'draft', fields: { owner_id: owner } });
    await hideListing(ctx, { listingId: id, adminId, reason: 'Checking the claims' });
    const order = await paidLine(ctx, {
      userId: owner,
      listingId: id,
      product: 'launch',
      amountCents: 4900,
      fulfilled: false,
      status: 'paid',
    });
    const line = await ctx.db
      .selectFrom('order_lines')
      .select('id')
      .where('order_id', '=', order)
      .executeTakeFirstOrThrow();
    await fulfilLine(ctx, line.id);
    expect(await row(id)).toMatchObject({ status: 'hidden', hidden_status: 'live', plan: 'paid' });
    expect(await unhideListing(ctx, { listingId: id, adminId, reason: 'Claims hold' })).toBe('live');
    expect(await row(id)).toMatchObject({ status: 'live', hidden_status: null });
  });

  it('goes live when unhidden after its scheduled week began', async () => {
    const id = await given(ctx).listing({ status: 'scheduled', fields: { launch_week: '2026-11-16' } });
    await hideListing(ctx, { listingId: id, adminId, reason: 'Spam' });
    expect(await unhideListing(ctx, { listingId: id, adminId, reason: 'Not spam' })).toBe('live');
    expect(await row(id)).toMatchObject({ status: 'live', launched_at: '2026-11-16T00:00:00.000Z' });
  });

  it('keeps a scheduled launch of a later week scheduled', async () => {
    const id = await given(ctx).listing({ status: 'scheduled', fields: { launch_week: '2026-12-07' } });
    await hideListing(ctx, { listingId: id, adminId, reason: 'Spam' });
    expect(await unhideListing(ctx, { listingId: id, adminId, reason: 'Not spam' })).toBe('scheduled');
  });
});
