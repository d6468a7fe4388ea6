// A bounded soak on 127.0.0.1: `launchboard serve` on a database file (or a
// throwaway PostgreSQL database) takes a fixed number of requests from
// concurrent clients — searches and listing reads, draft submissions (their
// crawl jobs run against a local fixture site meanwhile), listing edits, and
// checkouts with Idempotency-Keys, some sent several times at once. No
// request may fail with a 5xx. Afterwards every acknowledged write must be
// in the database, each key must have made exactly one order, and the
// server must stop cleanly. The figures are printed for the release notes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { buildContext, type Context } from '../../src/context.js';
import { ensureMainSite } from '../../src/directory/sites.js';
import { serveSite, type FixtureSite } from '../fixtures/sites/serve.js';
import { random } from '../../bench/synthetic.js';
import { testDatabaseUrl } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { priceProducts } from '../helpers/orders.js';
import { userWithKey } from '../helpers/users.js';
import { api, killHard, startServe, stopGracefully, type ApiResponse, type ServeProcess } from './serve-process.js';

/** Requests in the soak, all told (a fixed number keeps the run bounded and comparable). */
const REQUESTS = 2000;
/** Clients sending at once. */
const CLIENTS = 16;
/** Listings each client owns and edits (nobody else edits them, so the last acknowledged edit must win). */
const LISTINGS_PER_CLIENT = 3;
/** A checkout key sent this many times at once, to race the Idempotency-Key. */
const DUPLICATE_SENDS = 3;

const onPostgres = /^postgres/.test(process.env.TEST_DATABASE_URL ?? '');

let dir: string;
let databaseUrl: string;
let dropDatabase: () => Promise<void> = async () => undefined;
let ctx: Context & { close(): Promise<void> };
let site: FixtureSite;
let serve: ServeProcess | undefined;

interface Client {
  n: number;
  auth: Record<string, string>;
  userId: number;
  listings: number[];
  slugs: string[];
}

/** Fresh users for one pass, each owning the listings only it edits. */
async function makeClients(pass: string): Promise<Client[]> {
  const g = given(ctx);
  const category = await ctx.db
    .selectFrom('categories')
    .select('id')
    .where('slug', '=', 'soak-tools')
    .executeTakeFirstOrThrow();
  const clients: Client[] = [];
  for (let n = 0; n < CLIENTS; n++) {
    const user = await userWithKey(ctx, ['listings:write', 'orders:write', 'account:read']);
    const listings: number[] = [];
    const slugs: string[] = [];
    for (let l = 0; l < LISTINGS_PER_CLIENT; l++) {
      const slug = `soak-${pass}-c${n}-l${l}`;
      listings.push(
        await g.listing({
          slug,
          categories: [category.id],
          fields: { owner_id: user.userId, name: `Soak ${pass} ${n} ${l}` },
        }),
      );
      slugs.push(slug);
    }
    clients.push({ n, auth: user.auth, userId: user.userId, listings, slugs });
  }
  return clients;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lb-soak-'));
  const database = await testDatabaseUrl({ sqliteFile: join(dir, 'launchboard.db') });
  [databaseUrl, dropDatabase] = [database.url, database.drop];
  ctx = await buildContext(loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }));
  await ensureMainSite(ctx);
  await priceProducts(ctx);
  const g = given(ctx);
  const category = await g.category({ slug: 'soak-tools' });
  for (let i = 0; i < 40; i++)
    await g.listing({
      slug: `soak-public-${i}`,
      categories: [category],
      fields: { name: `Soak Public ${i}`, tagline: `a public soak listing number ${i}` },
    });
  site = await serveSite('sparse');
}, 60_000);

afterAll(async () => {
  if (serve) await killHard(serve);
  await site?.close();
  await ctx?.close();
  await dropDatabase();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** One soak pass against a fresh `serve` with `args`; prints and checks its figures, then stops the server gracefully. */
async function soak(pass: string, args: string[]): Promise<void> {
  const clients = await makeClients(pass);
  serve = await startServe(databaseUrl, { args });
  const server = serve;
  const statuses = new Map<number, number>();
  const unexpected: string[] = [];
  /** Acknowledged edits: listing → taglines in the order they were acknowledged. */
  const edits = new Map<number, string[]>();
  const drafts: string[] = [];
  /** Checkout keys per client → order numbers acknowledged for them. */
  const orders = new Map<string, { client: Client; body: unknown; numbers: Set<string> }>();
  let sent = 0;
  const count = (res: ApiResponse, what: string, allowed: number[]) => {
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (!allowed.includes(res.status))
      unexpected.push(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  };
  const take = (n = 1) => {
    if (sent + n > REQUESTS) return false;
    sent += n;
    return true;
  };

  const runClient = async (client: Client) => {
    const rnd = random(1000 + client.n);
    let edit = 0;
    let key = 0;
    for (;;) {
      const roll = rnd();
      if (roll < 0.25) {
        if (!take()) return;
        const res = await api(
          server.url,
          'GET',
          `/listings?q=${encodeURIComponent(['soak', 'public', 'listing', 'number 7', 'tools'][Math.floor(rnd() * 5)]!)}`,
        );
        count(res, 'search', [200]);
      } else if (roll < 0.45) {
        if (!take()) return;
        const slug =
          rnd() < 0.5
            ? `soak-public-${Math.floor(rnd() * 40)}`
            : client.slugs[Math.floor(rnd() * client.slugs.length)]!;
        const res = await api(server.url, 'GET', `/listings/${slug}`);
        count(res, 'get_listing', [200]);
      } else if (roll < 0.7) {
        if (!take()) return;
        const listingId = client.listings[Math.floor(rnd() * client.listings.length)]!;
        const tagline = `soak ${pass} edit c${client.n} #${edit++}`;
        const res = await api(server.url, 'PATCH', `/me/listings/${listingId}`, {
          auth: client.auth,
          body: { fields: { tagline } },
        });
        count(res, 'update_my_listing', [200]);
        if (res.status === 200) edits.set(listingId, [...(edits.get(listingId) ?? []), tagline]);
      } else if (roll < 0.73) {
        if (!take()) return;
        const res = await api(server.url, 'POST', '/drafts', {
          auth: client.auth,
          body: { url: `${site.url}?c=${client.n}&n=${sent}` },
        });
        count(res, 'submit_listing', [201]);
        if (res.status === 201) drafts.push(res.body.id);
      } else {
        // A checkout; one in three is sent several times at once with the same key, like a client retrying on a timeout.
        const times = rnd() < 0.33 ? DUPLICATE_SENDS : 1;
        if (!take(times)) return;
        const idempotencyKey = `soak-${pass}-c${client.n}-k${key++}`;
        const listingId = client.listings[Math.floor(rnd() * client.listings.length)]!;
        const body = {
          items: [{ product: 'billboard', listing_id: listingId, amount_cents: 1000 * (1 + Math.floor(rnd() * 5)) }],
          billing_country: 'US',
        };
        const record = { client, body, numbers: new Set<string>() };
        orders.set(idempotencyKey, record);
        const results = await Promise.all(
          Array.from({ length: times }, () =>
            api(server.url, 'POST', '/orders/checkout', {
              auth: client.auth,
              body,
              headers: { 'Idempotency-Key': idempotencyKey },
            }),
          ),
        );
        // 409: the same key is still in flight (a concurrent duplicate); any other answer is wrong.
        for (const res of results) {
          count(res, 'create_checkout', times > 1 ? [200, 409] : [200]);
          if (res.status === 200) record.numbers.add(res.body.number);
        }
      }
    }
  };

  const started = Date.now();
  await Promise.all(clients.map(runClient));
  const ms = Date.now() - started;

  // Each key once more, now nothing races it: the replay answers the one order.
  for (const [idempotencyKey, record] of orders) {
    const res = await api(server.url, 'POST', '/orders/checkout', {
      auth: record.client.auth,
      body: record.body,
      headers: { 'Idempotency-Key': idempotencyKey },
    });
    count(res, 'create_checkout replay', [200]);
    if (res.status === 200) record.numbers.add(res.body.number);
  }

  expect(unexpected).toEqual([]);
  expect(sent).toBe(REQUESTS);

  // Every acknowledged edit is in the version history, and each listing shows its last one.
  let lostEdits = 0;
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
    lostEdits += taglines.filter((t) => !recorded.has(t)).length;
    const row = await ctx.db
      .selectFrom('listings')
      .select('tagline')
      .where('id', '=', listingId)
      .executeTakeFirstOrThrow();
    expect(row.tagline).toBe(taglines.at(-1));
  }

  // Every acknowledged draft exists.
  const stored =
    drafts.length === 0 ? [] : await ctx.db.selectFrom('drafts').select('id').where('id', 'in', drafts).execute();
  const lostDrafts = drafts.length - stored.length;

  // One order per key: each key's answers name one order, it exists, and the soak users have exactly as many orders as keys.
  const numbersPerKey = [...orders.values()].map((r) => r.numbers.size);
  const duplicated = numbersPerKey.filter((n) => n > 1).length;
  const allNumbers = [...orders.values()].flatMap((r) => [...r.numbers]);
  const storedOrders = await ctx.db
    .selectFrom('orders')
    .select('number')
    .where(
      'user_id',
      'in',
      clients.map((c) => c.userId),
    )
    .execute();
  const storedNumbers = new Set(storedOrders.map((o) => o.number));
  const lostOrders = allNumbers.filter((n) => !storedNumbers.has(n)).length;

  const summary = {
    requests: sent,
    seconds: Number((ms / 1000).toFixed(1)),
    per_second: Math.round(sent / (ms / 1000)),
    statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    acknowledged: { edits: acknowledgedEdits, drafts: drafts.length, checkout_keys: orders.size },
    lost_writes: lostEdits + lostDrafts + lostOrders,
    duplicated_orders: duplicated + (storedOrders.length - orders.size),
  };
  console.log(`soak (${pass}): ${JSON.stringify(summary)}`);

  expect(lostEdits).toBe(0);
  expect(lostDrafts).toBe(0);
  expect(lostOrders).toBe(0);
  expect(numbersPerKey.every((n) => n === 1)).toBe(true);
  expect(storedOrders.length).toBe(orders.size);
  expect(acknowledgedEdits).toBeGreaterThan(REQUESTS / 10);
  expect(orders.size).toBeGreaterThan(REQUESTS / 20);
  expect([...statuses.keys()].every((s) => s < 500)).toBe(true);

  // The server stops cleanly after the load (draining the crawl jobs it runs).
  const stopped = await stopGracefully(server);
  serve = undefined;
  expect(stopped).toEqual({ code: 0, signal: null });
}

it(
  `serves ${REQUESTS} mixed requests from ${CLIENTS} clients without losing or duplicating a write`,
  () => soak('one-process', []),
  120_000,
);

// On SQLite, --workers 2 means two processes writing one file: each write
// transaction must wait for the other's lock, never fail at once.
it.skipIf(onPostgres)(
  `does the same served by two processes (serve --workers 2) on one SQLite file`,
  () => soak('two-processes', ['--workers', '2']),
  120_000,
);
