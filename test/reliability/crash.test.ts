// Faults: `launchboard serve` is killed with SIGKILL (kill -9) while clients
// write, and while it runs jobs (payments turning into fulfilment jobs, a
// crawl held mid-way), then started again on the same database. Nothing
// acknowledged may be lost, jobs left running must resume, and no order
// line may be fulfilled twice. Runs on the SQLite file and, when
// TEST_DATABASE_URL names one, on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { buildContext, type Context } from '../../src/context.js';
import { ensureMainSite } from '../../src/directory/sites.js';
import { serveSite, type FixtureSite } from '../fixtures/sites/serve.js';
import { testDatabaseUrl } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { priceProducts } from '../helpers/orders.js';
import { userWithKey } from '../helpers/users.js';
import { api, killHard, startServe, stopGracefully, type ServeProcess } from './serve-process.js';

/** Kill -9 rounds while clients write. */
const WRITE_ROUNDS = 3;
/** Writers per round, each sending one request after another. */
const WRITERS = 8;
/** Acknowledged writes in a round before the kill (the kill lands mid-stream, with requests in flight). */
const ACKS_BEFORE_KILL = 60;
/** Orders paid around the kill in the jobs test; each has two lines, so two fulfilment jobs. */
const PAID_ORDERS = 12;

let dir: string;
let databaseUrl: string;
let dropDatabase: () => Promise<void> = async () => undefined;
let ctx: Context & { close(): Promise<void> };
let maker: { userId: number; auth: Record<string, string> };
const listings: number[] = [];
const servers: ServeProcess[] = [];
const faults = { injected: 0, survived: 0 };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lb-crash-'));
  const database = await testDatabaseUrl({ sqliteFile: join(dir, 'launchboard.db') });
  [databaseUrl, dropDatabase] = [database.url, database.drop];
  ctx = await buildContext(loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }));
  await ensureMainSite(ctx);
  await priceProducts(ctx);
  maker = await userWithKey(ctx, ['listings:write', 'orders:write', 'account:read']);
  for (let i = 0; i < WRITERS; i++)
    listings.push(await given(ctx).listing({ slug: `crash-${i}`, fields: { owner_id: maker.userId } }));
}, 60_000);

afterAll(async () => {
  for (const s of servers) await killHard(s);
  await ctx?.close();
  await dropDatabase();
  if (dir) rmSync(dir, { recursive: true, force: true });
  console.log(`crash: faults ${JSON.stringify(faults)}`);
});

async function serve(): Promise<ServeProcess> {
  const s = await startServe(databaseUrl);
  servers.push(s);
  return s;
}

const checkoutBody = (listingId: number, cents: number) => ({
  items: [{ product: 'billboard', listing_id: listingId, amount_cents: cents }],
  billing_country: 'US',
});

it(`loses no acknowledged write across ${WRITE_ROUNDS} kill -9s mid-stream`, async () => {
  /** Acknowledged edits: listing → taglines; acknowledged checkouts: key → order number; every key sent. */
  const edits = new Map<number, string[]>();
  const acknowledgedOrders = new Map<string, string>();
  const sentKeys = new Map<string, unknown>();
  let inFlightAtKill = 0;

  for (let round = 0; round < WRITE_ROUNDS; round++) {
    const server = await serve();
    let acks = 0;
    let inFlight = 0;
    let stop = false;
    let killed!: () => void;
    const kill = new Promise<void>((r) => (killed = r));
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        inFlight++;
        if (n % 2 === 0) {
          const tagline = `round ${round} writer ${w} edit ${n}`;
          const res = await api(server.url, 'PATCH', `/me/listings/${listings[w]}`, {
            auth: maker.auth,
            body: { fields: { tagline } },
          });
          if (res.status === 200) edits.set(listings[w]!, [...(edits.get(listings[w]!) ?? []), tagline]);
          else if (res.status !== 0) throw new Error(`edit answered ${res.status}: ${JSON.stringify(res.body)}`);
          if (res.status === 200) acks++;
        } else {
          const key = `crash-r${round}-w${w}-n${n}`;
          const body = checkoutBody(listings[w]!, 1000 + n);
          sentKeys.set(key, body);
          const res = await api(server.url, 'POST', '/orders/checkout', {
            auth: maker.auth,
            body,
            headers: { 'Idempotency-Key': key },
          });
          if (res.status === 200) acknowledgedOrders.set(key, res.body.number);
          else if (res.status !== 0) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
          if (res.status === 200) acks++;
        }
        inFlight--;
        if (acks >= ACKS_BEFORE_KILL) killed();
        // Connection refused or reset: the server is gone; this writer stops.
        if (server.child.exitCode !== null || server.child.signalCode !== null) return;
      }
    };
    const writing = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    await kill;
    inFlightAtKill += inFlight;
    await killHard(server);
    faults.injected++;
    stop = true;
    await writing;
  }

  // Started again on the same database: everything acknowledged is there.
  const server = await serve();
  let lost = 0;
  let acknowledgedEdits = 0;
  for (const [listingId, taglines] of edits) {
    const versions = await ctx.db
      .selectFrom('listing_versions')
      .select('changes')
      .where('listing_id', '=', listingId)
      .execute();
    const recorded = new Set(
      versions.map((v) => (JSON.parse(v.changes) as { tagline?: { after: string } }).tagline?.after),
    );
    acknowledgedEdits += taglines.length;
    lost += taglines.filter((t) => !recorded.has(t)).length;
  }
  const numbers = new Set(
    (await ctx.db.selectFrom('orders').select('number').where('user_id', '=', maker.userId).execute()).map(
      (o) => o.number,
    ),
  );
  lost += [...acknowledgedOrders.values()].filter((n) => !numbers.has(n)).length;
  expect(lost).toBe(0);

  // Every key sent, once more: an acknowledged one replays its order; one cut off by the kill
  // either replays, runs now, or (its claim left in flight) answers 409 until taken over.
  const retried = new Map<string, number>();
  for (const [key, body] of sentKeys) {
    const res = await api(server.url, 'POST', '/orders/checkout', {
      auth: maker.auth,
      body,
      headers: { 'Idempotency-Key': key },
    });
    retried.set(String(res.status), (retried.get(String(res.status)) ?? 0) + 1);
    if (acknowledgedOrders.has(key)) {
      expect(res.status).toBe(200);
      expect(res.body.number).toBe(acknowledgedOrders.get(key));
    } else {
      expect([200, 409]).toContain(res.status);
    }
  }
  // No key made two orders.
  const orderCount = (await ctx.db.selectFrom('orders').select('id').where('user_id', '=', maker.userId).execute())
    .length;
  expect(orderCount).toBeLessThanOrEqual(sentKeys.size);
  expect((await api(server.url, 'GET', '/site')).status).toBe(200);
  await killHard(server);
  faults.survived += WRITE_ROUNDS;
  console.log(
    `crash (writes): ${JSON.stringify({ kills: WRITE_ROUNDS, acknowledged: { edits: acknowledgedEdits, orders: acknowledgedOrders.size }, in_flight_at_kill: inFlightAtKill, lost_writes: lost, keys_retried: Object.fromEntries(retried), orders: orderCount, keys: sentKeys.size })}`,
  );
}, 120_000);

it('resumes jobs a kill -9 left running or queued, and fulfils every paid line exactly once', async () => {
  // A crawl that cannot finish before the kill: its job is `running` when the process dies.
  const site: FixtureSite = await serveSite('rich', { hold: ['/'] });
  try {
    const first = await serve();
    const draft = await api(first.url, 'POST', '/drafts', { auth: maker.auth, body: { url: site.url } });
    expect(draft.status).toBe(201);
    await expect.poll(() => site.requests.includes('/'), { timeout: 30_000, interval: 50 }).toBe(true);

    // Orders of two lines each, paid through the checkout page (the test provider) at once.
    const orders: { number: string; token: string }[] = [];
    for (let i = 0; i < PAID_ORDERS; i++) {
      const listingId = listings[i % listings.length]!;
      const res = await api(first.url, 'POST', '/orders/checkout', {
        auth: maker.auth,
        body: {
          items: [
            { product: 'billboard', listing_id: listingId, amount_cents: 2000 + i },
            { product: 'premium-profile', listing_id: listingId },
          ],
          billing_country: 'US',
        },
      });
      expect(res.status).toBe(200);
      orders.push({ number: res.body.number, token: new URL(res.body.checkout_url).pathname.split('/').pop()! });
    }
    const formTokens = new Map(
      (
        await ctx.db
          .selectFrom('orders')
          .select(['number', 'form_token'])
          .where(
            'number',
            'in',
            orders.map((o) => o.number),
          )
          .execute()
      ).map((o) => [o.number, o.form_token]),
    );
    const pay = (base: string, o: { number: string; token: string }) =>
      fetch(`${base}/checkout/${o.token}/pay`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `form_token=${formTokens.get(o.number)}`,
      }).then(
        (r) => r.status,
        () => 0,
      );
    const paid = await Promise.all(orders.map((o) => pay(first.url, o)));
    expect(paid.every((s) => s === 303)).toBe(true);
    // Killed as soon as the worker has begun on the fulfilment jobs (its next tick), so some are done and some not.
    const fulfilledCount = async () =>
      (await ctx.db.selectFrom('order_lines').select('id').where('fulfilled_at', 'is not', null).execute()).length;
    await expect.poll(fulfilledCount, { timeout: 15_000, interval: 10 }).toBeGreaterThan(0);
    await killHard(first);
    faults.injected++;

    const jobs = () =>
      ctx.db
        .selectFrom('jobs')
        .select(['id', 'kind', 'status', 'payload'])
        .where('kind', 'in', ['order_line_fulfil', 'draft_site'])
        .execute();
    const atKill = await jobs();
    const byStatus = (rows: { status: string }[]) => {
      const counts: Record<string, number> = {};
      for (const j of rows) counts[j.status] = (counts[j.status] ?? 0) + 1;
      return counts;
    };
    expect(atKill.find((j) => j.kind === 'draft_site')?.status).toBe('running');
    const lines = () =>
      ctx.db
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .select(['l.id', 'l.fulfilled_at', 'o.number', 'o.status'])
        .where(
          'o.number',
          'in',
          orders.map((o) => o.number),
        )
        .execute();
    const fulfilledBefore = new Map(
      (await lines()).filter((l) => l.fulfilled_at !== null).map((l) => [l.id, l.fulfilled_at]),
    );
    site.release();

    // Started again: the dead process's running job is re-queued at once, the queued ones run.
    const second = await serve();
    await expect
      .poll(async () => (await lines()).every((l) => l.status === 'fulfilled' && l.fulfilled_at !== null), {
        timeout: 40_000,
        interval: 200,
      })
      .toBe(true);
    await expect
      .poll(
        async () =>
          (await ctx.db.selectFrom('drafts').select('status').where('id', '=', draft.body.id).executeTakeFirstOrThrow())
            .status,
        { timeout: 40_000, interval: 200 },
      )
      .toBe('ready');

    // Exactly once: one fulfilment job and one payment per line/order, and lines done before the kill were not applied again.
    const after = await lines();
    for (const line of after)
      if (fulfilledBefore.has(line.id)) expect(line.fulfilled_at).toBe(fulfilledBefore.get(line.id));
    const fulfilJobs = (await jobs()).filter((j) => j.kind === 'order_line_fulfil');
    const jobsPerLine = new Map<number, number>();
    for (const j of fulfilJobs) {
      const lineId = (JSON.parse(j.payload) as { line_id: number }).line_id;
      jobsPerLine.set(lineId, (jobsPerLine.get(lineId) ?? 0) + 1);
    }
    expect(after.every((l) => jobsPerLine.get(l.id) === 1)).toBe(true);
    expect(fulfilJobs.every((j) => j.status === 'done')).toBe(true);
    // Pressing pay again after the restart records nothing new.
    expect(await pay(second.url, orders[0]!)).toBe(303);
    const payments = await ctx.db
      .selectFrom('payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select('o.number')
      .where(
        'o.number',
        'in',
        orders.map((o) => o.number),
      )
      .execute();
    expect(payments.length).toBe(PAID_ORDERS);

    expect(await stopGracefully(second)).toEqual({ code: 0, signal: null });
    faults.survived++;
    console.log(
      `crash (jobs): ${JSON.stringify({ paid_orders: PAID_ORDERS, lines: after.length, jobs_at_kill: byStatus(atKill), fulfilled_before_kill: fulfilledBefore.size, fulfilled_after_restart: after.length - fulfilledBefore.size, duplicate_fulfilments: 0 })}`,
    );
  } finally {
    await site.close();
  }
}, 120_000);
