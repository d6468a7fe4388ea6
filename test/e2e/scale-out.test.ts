// Scale-out on PostgreSQL (ARCHITECTURE §7): two `launchboard serve`
// processes on different ports share one database. A draft job is claimed
// and run once, though both instances run workers; each instance's search
// index follows writes made through the other; an Idempotency-Key and the
// anonymous rate limit are shared. Runs only when TEST_DATABASE_URL names a
// PostgreSQL server (CI's second pass); SQLite is one process by design.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { buildContext, type Context } from '../../src/context.js';
import { setProductPrice } from '../../src/orders/products.js';
import { ensureMainSite } from '../../src/directory/sites.js';
import { serveSite, type FixtureSite } from '../fixtures/sites/serve.js';
import { throwawayPostgres } from '../helpers/context.js';
import { userWithKey } from '../helpers/users.js';

const base = process.env.TEST_DATABASE_URL ?? '';
const onPostgres = /^postgres/.test(base);

/** The anonymous per-minute limit both instances run with (each gets fewer requests than this). */
const ANONYMOUS_LIMIT = 40;
const STARTUP_MS = 40_000;
const STOP_MS = 10_000;
/** More than one instance's worker concurrency (2), so both instances' workers compete for them. */
const DRAFTS_AT_ONCE = 4;

interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  log: () => string;
}

/** `n` distinct ports the OS says are free now (held open together, then released), never 3917. */
async function freePorts(n: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: n + 1 },
      () =>
        new Promise<Server>((resolve, reject) => {
          const probe = createServer();
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((p) => (p.address() as AddressInfo).port);
  await Promise.all(probes.map((p) => new Promise((r) => p.close(r))));
  return ports.filter((port) => port !== 3917).slice(0, n);
}

/** The environment of a `serve` child: the shared database, nothing from the outside that changes behaviour. */
function serveEnv(databaseUrl: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    'TEST_DATABASE_URL',
    'HOST',
    'PUBLIC_URL',
    'ALLOWED_HOSTS',
    'LAUNCHBOARD_API_KEY',
    'RATE_LIMIT_SIGNED_IN',
    'OAUTH_ISSUER',
    'SMTP_URL',
    'ANTHROPIC_API_KEY',
    'ANTHROPIC_BASE_URL',
    'DNS_SERVERS',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
  ])
    delete env[key];
  return {
    ...env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ANONYMOUS: String(ANONYMOUS_LIMIT),
    LAUNCHBOARD_UNSAFE_ALLOW_PRIVATE_FETCH: '1',
  };
}

function startServe(name: string, databaseUrl: string, port: number): Instance {
  let log = '';
  const child = spawn(process.execPath, ['bin/launchboard.js', 'serve'], {
    env: serveEnv(databaseUrl, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  return { name, url: `http://127.0.0.1:${port}`, child, log: () => log };
}

/** Resolves once GET /api/v1/site answers 200; fails at once if the process exits first. */
async function waitUntilServing(instance: Instance, auth: Record<string, string>): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null)
      throw new Error(`${instance.name} exited with ${instance.child.exitCode}:\n${instance.log()}`);
    try {
      if ((await fetch(`${instance.url}/api/v1/site`, { headers: auth })).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${instance.name} did not serve within ${STARTUP_MS} ms:\n${instance.log()}`);
}

/** SIGTERM (the graceful stop `serve` handles), SIGKILL if it has not exited in time. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
  await exited;
  clearTimeout(timer);
}

describe.skipIf(!onPostgres)('two serve instances on one PostgreSQL database', () => {
  let dropDatabase: () => Promise<void> = async () => undefined;
  let ctx: Context & { close(): Promise<void> };
  let auth: Record<string, string>;
  /** One fixture site per draft submitted at once, so each site's requests are one job's crawl. */
  let sites: FixtureSite[] = [];
  let otherSite: FixtureSite;
  let a: Instance;
  let b: Instance;
  const instances: Instance[] = [];
  const killAll = () => {
    for (const i of instances) if (i.child.exitCode === null) i.child.kill('SIGKILL');
  };

  const api = async (
    instance: Instance,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${instance.url}/api/v1${path}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
  };
  const searchSlugs = async (instance: Instance, q: string) => {
    const res = await api(instance, 'GET', `/listings?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return (res.body.items as { slug: string }[]).map((i) => i.slug);
  };

  beforeAll(async () => {
    const db = await throwawayPostgres(base);
    dropDatabase = db.drop;
    // Migrated once, here; the instances start on a migrated database.
    ctx = await buildContext(loadConfig({ DATABASE_URL: db.url, LOG_LEVEL: 'silent' }));
    await ensureMainSite(ctx);
    await setProductPrice(ctx.db, { key: 'launch', cents: 4900, name: 'Paid launch', now: new Date() });
    auth = (await userWithKey(ctx, ['listings:write', 'account:read', 'orders:write'])).auth;
    sites = await Promise.all(Array.from({ length: DRAFTS_AT_ONCE }, () => serveSite('rich')));
    otherSite = await serveSite('sparse');

    process.once('exit', killAll);
    const [portA, portB] = await freePorts(2);
    a = startServe('A', db.url, portA!);
    b = startServe('B', db.url, portB!);
    instances.push(a, b);
    await Promise.all([waitUntilServing(a, auth), waitUntilServing(b, auth)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => stop(i.child)));
    process.off('exit', killAll);
    await Promise.all(sites.map((s) => s.close()));
    await otherSite?.close();
    await ctx?.close();
    await dropDatabase();
  }, 30_000);

  let draftId: string;
  let listing: { id: number; slug: string };

  it('runs each draft job exactly once, though both instances run workers', async () => {
    // Submitted at once, half through each instance: more jobs than one worker takes at a time.
    const created = await Promise.all(
      sites.map((site, i) => api(i % 2 === 0 ? a : b, 'POST', '/drafts', { url: site.url })),
    );
    for (const c of created) expect(c.status).toBe(201);
    const ids = created.map((c) => c.body.id as string);
    draftId = ids[0]!;

    const statuses = async () =>
      Promise.all(ids.map(async (id, i) => (await api(i % 2 === 0 ? b : a, 'GET', `/drafts/${id}`)).body.status));
    await expect.poll(statuses, { timeout: 30_000, interval: 250 }).toEqual(ids.map(() => 'ready'));
    expect((await api(b, 'GET', `/drafts/${draftId}`)).body.fields.name.value).toBe('Tallyho');

    // Each site's homepage was read once: no job ran twice, not even in part.
    expect(sites.map((site) => site.requests.filter((p) => p === '/').length)).toEqual(ids.map(() => 1));
    const jobs = await ctx.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'locked_by', 'payload'])
      .where('kind', '=', 'draft_site')
      .execute();
    const byDraft = new Map(jobs.map((j) => [JSON.parse(j.payload).draft_id as string, j]));
    expect(jobs).toHaveLength(ids.length);
    for (const id of ids) expect(byDraft.get(id)).toMatchObject({ status: 'done', attempts: 1 });
    // Every worker that ran one is one of the two instances (worker ids are host:pid:random).
    const pids = jobs.map((j) => Number(j.locked_by!.split(':').at(-2)));
    for (const pid of pids) expect([a.child.pid, b.child.pid]).toContain(pid);

    // Both instances scheduled the weekly rollover at start: it is queued once.
    const rollovers = await ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'weekly_rollover')
      .where('status', '=', 'queued')
      .execute();
    expect(rollovers).toHaveLength(1);
  });

  it("finds a listing edited through one instance in the other's search, both ways", async () => {
    // Submitted and launched (paid, at once) through the API, paid on the
    // checkout page of B; either instance's worker fulfils the order.
    const submitted = await api(a, 'POST', `/drafts/${draftId}/submit`);
    expect(submitted.status).toBe(200);
    listing = { id: submitted.body.listing_id, slug: submitted.body.slug };
    const order = await api(a, 'POST', '/orders/checkout', {
      items: [{ product: 'launch', listing_id: listing.id }],
      billing_country: 'US',
    });
    expect(order.status).toBe(200);
    const checkoutPath = new URL(order.body.checkout_url).pathname;
    const page = await (await fetch(`${b.url}${checkoutPath}`)).text();
    const formToken = /name="form_token" value="([^"]+)"/.exec(page)![1]!;
    const paid = await fetch(`${b.url}${checkoutPath}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `form_token=${encodeURIComponent(formToken)}`,
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await expect
      .poll(async () => (await api(b, 'GET', `/me/listings/${listing.id}`)).body.status, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe('live');

    // The tagline is in the in-memory index only (descriptions are searched
    // in the database), so finding these words proves the index followed.
    const wordA = `quokkafrom${Date.now().toString(36)}`;
    expect(await searchSlugs(b, wordA)).toEqual([]);
    const editA = await api(a, 'PATCH', `/me/listings/${listing.id}`, {
      fields: { tagline: `Tallies ${wordA} things` },
    });
    expect(editA.status).toBe(200);
    await expect.poll(() => searchSlugs(b, wordA), { timeout: 10_000, interval: 100 }).toEqual([listing.slug]);

    const wordB = `wombatfrom${Date.now().toString(36)}`;
    expect(await searchSlugs(a, wordB)).toEqual([]);
    const editB = await api(b, 'PATCH', `/me/listings/${listing.id}`, {
      fields: { tagline: `Tallies ${wordB} things` },
    });
    expect(editB.status).toBe(200);
    await expect.poll(() => searchSlugs(a, wordB), { timeout: 10_000, interval: 100 }).toEqual([listing.slug]);
    // The old words are gone from both indexes.
    expect(await searchSlugs(a, wordA)).toEqual([]);
    expect(await searchSlugs(b, wordA)).toEqual([]);
  });

  it("shows FAQs edited through one instance on the other's listing profile at once, though B caches profiles", async () => {
    const faqsOn = async (instance: Instance) => (await api(instance, 'GET', `/listings/${listing.slug}`)).body.faqs;
    await faqsOn(b);
    await faqsOn(b); // now from B's profile cache
    const faqs = [{ question: 'Is there a free plan?', answer: `Yes, since ${Date.now()}.` }];
    expect((await api(a, 'PATCH', `/me/listings/${listing.id}`, { faqs })).status).toBe(200);
    expect(await faqsOn(b)).toEqual(faqs);
  });

  it("shows a tagline edited through one instance on the other's cached whole profile at once", async () => {
    const taglineOn = async (instance: Instance) =>
      (await api(instance, 'GET', `/listings/${listing.slug}`)).body.tagline;
    await taglineOn(b);
    await taglineOn(b); // now from B's public profile cache
    const tagline = `Edited on A at ${Date.now()}`;
    expect((await api(a, 'PATCH', `/me/listings/${listing.id}`, { fields: { tagline } })).status).toBe(200);
    expect(await taglineOn(b)).toBe(tagline);
  });

  it('replays a request on one instance that was first made on the other with the same Idempotency-Key', async () => {
    const key = { 'idempotency-key': `scale-out-${Date.now()}` };
    const first = await api(a, 'POST', '/drafts', { url: otherSite.url }, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await api(b, 'POST', '/drafts', { url: otherSite.url }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(await ctx.db.selectFrom('drafts').select('id').where('url', '=', otherSite.url).execute()).toHaveLength(1);
  });

  it('counts anonymous requests to both instances against one limit', async () => {
    const hit = async (instance: Instance) => {
      const res = await fetch(`${instance.url}/api/v1/categories`);
      await res.arrayBuffer();
      const [, remaining, reset] = /r=(\d+);t=(\d+)/.exec(res.headers.get('ratelimit') ?? '') ?? [];
      return { instance: instance.name, status: res.status, remaining: Number(remaining), reset: Number(reset) };
    };
    // Windows are whole minutes: start the burst well inside one, so all of it counts together.
    const probe = await hit(a);
    if (probe.reset < 10) await new Promise((r) => setTimeout(r, (probe.reset + 0.5) * 1000));

    const results = [];
    for (let i = 0; i < 25; i++) results.push(await hit(a), await hit(b));
    const used = (r: { remaining: number }) => ANONYMOUS_LIMIT - r.remaining;
    // One counter: each answer, whichever instance gave it, counts one more than the one before (until the limit).
    const counting = results.filter((r) => r.status === 200);
    for (let i = 1; i < counting.length; i++) expect(used(counting[i]!)).toBe(used(counting[i - 1]!) + 1);
    // Each instance got 25 (< 40) of these, yet both refused the ones past the shared limit.
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(ANONYMOUS_LIMIT);
    expect(results.filter((r) => r.instance === 'A' && r.status === 429).length).toBeGreaterThan(0);
    expect(results.filter((r) => r.instance === 'B' && r.status === 429).length).toBeGreaterThan(0);
    expect(results.every((r) => r.status === 200 || r.status === 429)).toBe(true);
  });
});
