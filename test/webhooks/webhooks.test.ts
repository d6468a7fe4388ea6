// Outbound webhooks from the domain's own changes: which endpoints hear of
// what (a maker's endpoints their own listings and orders, the site's
// endpoints everything), the event bodies, retries with the job queue's
// backoff until the attempts are spent, the delivery log, and the SSRF
// guard (private addresses refused when registered, and blocked when a
// delivery connects, without retries).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../src/accounts/users.js';
import { claimListing, verifyEmailLink } from '../../src/claims/claims.js';
import { postComment } from '../../src/community/comments.js';
import { writeReview } from '../../src/community/reviews.js';
import { runWeeklyRollover } from '../../src/launches/rollover.js';
import { mondayOf } from '../../src/launches/weeks.js';
import { fulfilLine, recordPayment } from '../../src/orders/fulfilment.js';
import { createFetcher } from '../../src/platform/fetcher.js';
import { latestMailTo } from '../../src/platform/mail.js';
import { retryDelayMs, runDueJobs } from '../../src/platform/jobs.js';
import { jobHandlers } from '../../src/scheduler.js';
import { attemptDelivery } from '../../src/webhooks/delivery.js';
import { createEndpoint, listEndpoints } from '../../src/webhooks/endpoints.js';
import { DELIVERY_ATTEMPTS, emitWebhookEvent, WEBHOOK_EVENT_NAMES } from '../../src/webhooks/events.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { paidLine } from '../helpers/orders.js';
import { confirmEmail } from '../helpers/users.js';
import { type Receiver, startReceiver } from '../tools/webhooks/setup.js';

let ctx: TestContext;
let receiver: Receiver;
let n = 0;

beforeAll(async () => {
  ctx = await testContext({ allowPrivateFetch: true });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await ctx?.close();
});
beforeEach(async () => {
  receiver.received.length = 0;
  receiver.answer(204);
  await ctx.db.deleteFrom('webhook_endpoints').execute();
  await ctx.db.deleteFrom('jobs').execute();
});

async function person(): Promise<number> {
  n += 1;
  const id = await createUser(ctx.db, { email: `hook${n}@example.com`, name: `Person ${n}`, now: ctx.clock.now() });
  await confirmEmail(ctx, id);
  return id;
}

const drain = () => runDueJobs(ctx, jobHandlers, 'test-worker');
const bodies = (path: string) =>
  receiver.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as { type: string; data: any });

describe('which endpoints hear of what', () => {
  it("tells a maker's endpoint of comments and reviews on their own listing only, and the site's endpoint of every one", async () => {
    const maker = await person();
    const admin = await person();
    const visitor = await person();
    await createEndpoint(ctx, maker, 'own', {
      url: `${receiver.url}/maker`,
      events: ['comment.created', 'review.created'],
    });
    await ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin).execute();
    await createEndpoint(ctx, admin, 'site', { url: `${receiver.url}/site`, events: [...WEBHOOK_EVENT_NAMES] });
    const mine = await given(ctx).listing({ slug: 'hooked', fields: { owner_id: maker, name: 'Hooked' } });
    const theirs = await given(ctx).listing({ slug: 'other-one' });

    const comment = await postComment(ctx, { userId: visitor, listingId: mine, body: 'Nice work!' });
    await postComment(ctx, { userId: visitor, listingId: theirs, body: 'Also nice.' });
    await writeReview(ctx, { userId: visitor, listingId: mine, rating: 5, body: 'Solid.' });
    await writeReview(ctx, { userId: visitor, listingId: mine, rating: 4, body: 'Edited: a new review only once.' });
    await drain();

    expect(bodies('/maker')).toEqual([
      {
        type: 'comment.created',
        timestamp: ctx.clock.now().toISOString(),
        data: {
          listing: {
            id: mine,
            slug: 'hooked',
            name: 'Hooked',
            status: 'live',
            url: 'http://localhost:3000/listings/hooked',
          },
          comment: {
            id: comment.id,
            parent_id: null,
            author: expect.any(String),
            body: 'Nice work!',
            url: `http://localhost:3000/listings/hooked#comment-${comment.id}`,
          },
        },
      },
      expect.objectContaining({
        type: 'review.created',
        data: expect.objectContaining({ review: expect.objectContaining({ rating: 5 }) }),
      }),
    ]);
    expect(bodies('/site').map((b) => [b.type, b.data.listing.slug])).toEqual([
      ['comment.created', 'hooked'],
      ['comment.created', 'other-one'],
      ['review.created', 'hooked'],
    ]);
  });

  it("tells the buyer's endpoint of a paid order, and of the launch it scheduled", async () => {
    const buyer = await person();
    await createEndpoint(ctx, buyer, 'own', {
      url: `${receiver.url}/buyer`,
      events: ['order.paid', 'listing.scheduled'],
    });
    const listingId = await given(ctx).listing({ slug: 'paid-one', fields: { owner_id: buyer, status: 'draft' } });
    const nextWeek = mondayOf(new Date(ctx.clock.now().getTime() + 7 * 86_400_000));
    const orderId = await paidLine(ctx, {
      userId: buyer,
      listingId,
      product: 'launch',
      amountCents: 4900,
      week: nextWeek,
      fulfilled: false,
    });
    await ctx.db.updateTable('orders').set({ status: 'pending', paid_at: null }).where('id', '=', orderId).execute();
    const report = {
      provider: 'test',
      providerRef: null,
      amountCents: 4900,
      currency: 'usd',
      eventId: `evt-hook-${orderId}`,
    };
    expect(await recordPayment(ctx, orderId, report)).toBe('paid');
    const line = await ctx.db
      .selectFrom('order_lines')
      .select('id')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    await fulfilLine(ctx, line.id);
    await drain();
    const got = bodies('/buyer');
    expect(got.map((b) => b.type)).toEqual(['order.paid', 'listing.scheduled']);
    expect(got[0]!.data.order).toMatchObject({ total_cents: 4900, currency: 'USD', lines: 1 });
    expect(got[1]!.data.listing).toMatchObject({ slug: 'paid-one', status: 'scheduled' });
  });

  it('tells the owner when their scheduled listing goes live at the weekly rollover', async () => {
    const maker = await person();
    await createEndpoint(ctx, maker, 'own', { url: `${receiver.url}/live`, events: ['listing.live'] });
    await given(ctx).listing({
      slug: 'going-live',
      fields: { owner_id: maker, status: 'scheduled', launch_week: mondayOf(ctx.clock.now()) },
    });
    await runWeeklyRollover(ctx);
    await drain();
    expect(bodies('/live').map((b) => [b.type, b.data.listing.slug, b.data.listing.status])).toEqual([
      ['listing.live', 'going-live', 'live'],
    ]);
  });

  it("tells the claimant's endpoint, now the owner's, when their claim is verified; the old owner's hears nothing", async () => {
    const oldOwner = await person();
    const claimant = await person();
    await createEndpoint(ctx, oldOwner, 'own', { url: `${receiver.url}/old-owner`, events: ['claim.verified'] });
    await createEndpoint(ctx, claimant, 'own', { url: `${receiver.url}/claimant`, events: ['claim.verified'] });
    await given(ctx).listing({
      slug: 'claimed-one',
      fields: { owner_id: oldOwner, url: 'https://claimed.test/', domain: 'claimed.test' },
    });
    const claim = await claimListing(ctx, claimant, { slug: 'claimed-one', method: 'email', email: 'me@claimed.test' });
    const token = (await latestMailTo(ctx, 'me@claimed.test'))!.text.match(/verify\/([A-Za-z0-9_-]+)/)![1]!;
    expect((await verifyEmailLink(ctx, token)).outcome).toBe('verified');
    await drain();
    expect(bodies('/old-owner')).toEqual([]);
    expect(bodies('/claimant').map((b) => [b.type, b.data.listing.slug, b.data.claim.id])).toEqual([
      ['claim.verified', 'claimed-one', claim.claim_id],
    ]);
  });

  it('stops a site endpoint when its owner is no longer an admin, and every endpoint of a disabled account', async () => {
    const former = await person();
    const maker = await person();
    await ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', former).execute();
    await createEndpoint(ctx, former, 'site', { url: `${receiver.url}/former`, events: ['order.paid'] });
    await createEndpoint(ctx, maker, 'own', { url: `${receiver.url}/disabled`, events: ['order.paid'] });
    expect(await emitWebhookEvent(ctx, 'order.paid', maker, {})).toBe(2);
    await ctx.db.updateTable('users').set({ role: 'user' }).where('id', '=', former).execute();
    await ctx.db
      .updateTable('users')
      .set({ disabled_at: ctx.clock.now().toISOString() })
      .where('id', '=', maker)
      .execute();
    expect(await emitWebhookEvent(ctx, 'order.paid', maker, {})).toBe(0);
  });

  it('records an event only with the change: a rolled-back transaction queues nothing', async () => {
    const maker = await person();
    await createEndpoint(ctx, maker, 'own', { url: `${receiver.url}/tx`, events: ['order.paid'] });
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await emitWebhookEvent({ ...ctx, db: trx }, 'order.paid', maker, {});
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await ctx.db.selectFrom('webhook_deliveries').select('id').execute()).toEqual([]);
    expect(await ctx.db.selectFrom('jobs').select('id').execute()).toEqual([]);
  });
});

describe('retries and the delivery log', () => {
  it('retries a failing endpoint with the backoff, then delivers; the log counts the attempts', async () => {
    const maker = await person();
    const hook = await createEndpoint(ctx, maker, 'own', { url: `${receiver.url}/flaky`, events: ['order.paid'] });
    receiver.answer(503);
    await emitWebhookEvent(ctx, 'order.paid', maker, { order: { number: 'LB-2026-000009' } });
    await drain();
    await drain(); // not due again yet
    expect(receiver.received).toHaveLength(1);
    ctx.clock.advance(retryDelayMs(1));
    await drain();
    expect(receiver.received).toHaveLength(2);
    receiver.answer(200);
    ctx.clock.advance(retryDelayMs(2));
    await drain();
    expect(receiver.received).toHaveLength(3);
    // The same message each time: one webhook-id, so a receiver can drop duplicates.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const [endpoint] = await listEndpoints(ctx, maker, 'own');
    expect(endpoint!.id).toBe(hook.id);
    expect(endpoint!.recent_deliveries).toEqual([
      expect.objectContaining({
        event: 'order.paid',
        status: 'delivered',
        attempts: 3,
        response_status: 200,
        error: null,
      }),
    ]);
  });

  it(`marks a delivery failed after ${DELIVERY_ATTEMPTS} attempts and stops`, async () => {
    const maker = await person();
    await createEndpoint(ctx, maker, 'own', { url: `${receiver.url}/down`, events: ['order.paid'] });
    receiver.answer(500);
    await emitWebhookEvent(ctx, 'order.paid', maker, {});
    for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS + 2; attempt++) {
      await drain();
      ctx.clock.advance(retryDelayMs(attempt));
    }
    expect(receiver.received).toHaveLength(DELIVERY_ATTEMPTS);
    const [endpoint] = await listEndpoints(ctx, maker, 'own');
    expect(endpoint!.recent_deliveries).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: DELIVERY_ATTEMPTS,
        response_status: 500,
        error: 'the endpoint answered HTTP 500',
      }),
    ]);
  });
});

describe('the SSRF guard', () => {
  it('refuses private and reserved addresses when a webhook is registered', async () => {
    const strict = { ...ctx, config: { ...ctx.config, allowPrivateFetch: false } };
    const maker = await person();
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest',
      'https://[::1]/hook',
      'https://[::ffff:192.168.0.1]/hook',
      'https://localhost/hook',
    ]) {
      await expect(createEndpoint(strict, maker, 'own', { url, events: ['order.paid'] }), url).rejects.toMatchObject({
        kind: 'invalid',
        errors: [{ path: 'url', message: 'must be a public address' }],
      });
    }
    await expect(
      createEndpoint(strict, maker, 'own', { url: 'https://hooks.example.com/in', events: ['order.paid'] }),
    ).resolves.toMatchObject({ url: 'https://hooks.example.com/in' });
  });

  it('blocks a delivery whose address is private when it connects, fails it at once, and never retries', async () => {
    const maker = await person();
    await createEndpoint(ctx, maker, 'own', { url: `${receiver.url}/inward`, events: ['order.paid'] });
    await emitWebhookEvent(ctx, 'order.paid', maker, {});
    const delivery = await ctx.db.selectFrom('webhook_deliveries').select('id').executeTakeFirstOrThrow();
    const guarded = { ...ctx, fetcher: createFetcher({ ...ctx.config, allowPrivateFetch: false }) };
    const outcome = await attemptDelivery(guarded, delivery.id, false);
    expect(outcome).toMatchObject({ delivered: false, settled: true, response_status: null });
    expect(outcome.error).toMatch(/private or reserved/);
    expect(receiver.received).toEqual([]);
    const row = await ctx.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', delivery.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
  });
});
