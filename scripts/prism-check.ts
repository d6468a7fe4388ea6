// Every REST operation, with valid and invalid input, through Stoplight
// Prism's validating proxy in front of a real `launchboard serve --demo`: any
// response that breaks the OpenAPI document (status, headers, content type,
// body schema) fails the run.
//
// Two proxies: `strict` also validates requests, so the valid calls prove the
// document accepts what the product accepts; `lenient` forwards everything, so
// the product's own 400/401/403/404/409/422 answers are checked too.
// usage: npm run test:prism
import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort, startDemoServer, stopProcess, waitFor, type DemoServer } from './lib/demo-server.js';

const ROOT = resolve(import.meta.dirname, '..');
const PRISM = join(ROOT, 'node_modules/.bin/prism');
const API = '/api/v1';

interface Proxy {
  url: string;
  logFile: string;
  child: ChildProcess;
}

interface Call {
  method?: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Signed in with this key; `true` for the all-scopes key. */
  auth?: string | true;
  /** The expected status: valid calls go through the strict proxy, others through the lenient one. */
  expect: number;
  /** Declares why an answer other than 2xx is expected (goes through the lenient proxy). */
  invalid?: boolean;
}

interface Outcome {
  operation: string;
  call: string;
  status: number;
  problems: string[];
}

/** The document as Prism needs it: the paths under /api/v1 (Prism ignores the upstream's path). */
async function proxyDocument(server: DemoServer, file: string): Promise<{ operations: Map<string, RegExp>; doc: any }> {
  const doc = (await (await fetch(`${server.url}${API}/openapi.json`)).json()) as any;
  const operations = new Map<string, RegExp>();
  const paths: Record<string, unknown> = {};
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { operationId: string }>>)) {
    paths[API + path] = item;
    for (const [method, op] of Object.entries(item)) {
      operations.set(
        op.operationId,
        new RegExp(`^${method.toUpperCase()} ${API}${path.replace(/\{[^}]+\}/g, '[^/?]+')}(\\?.*)?$`),
      );
    }
  }
  doc.paths = paths;
  delete doc.servers;
  writeFileSync(file, JSON.stringify(doc));
  return { operations, doc };
}

async function startProxy(
  document: string,
  upstream: string,
  name: string,
  dir: string,
  validateRequest: boolean,
): Promise<Proxy> {
  const port = await freePort();
  const logFile = join(dir, `prism-${name}.log`);
  const log = openSync(logFile, 'a');
  const args = [
    'proxy',
    '--errors',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    `--validate-request=${validateRequest}`,
    document,
    upstream,
  ];
  const child = spawn(PRISM, args, { cwd: ROOT, stdio: ['ignore', log, log] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${API}/site`, 60, child);
  return { url, logFile, child };
}

async function main() {
  const server = await startDemoServer();
  const proxies: Proxy[] = [];
  try {
    const docFile = join(server.dir, 'openapi-proxy.json');
    const { operations } = await proxyDocument(server, docFile);
    const strict = await startProxy(docFile, server.url, 'strict', server.dir, true);
    proxies.push(strict);
    const lenient = await startProxy(docFile, server.url, 'lenient', server.dir, false);
    proxies.push(lenient);

    const readOnlyKey = await server.createApiKey(['account:read']);

    const outcomes: Outcome[] = [];
    const send = async (c: Call): Promise<{ status: number; body: any; headers: Headers }> => {
      const method = c.method ?? 'GET';
      const proxy = c.invalid ? lenient : strict;
      const headers: Record<string, string> = { accept: 'application/json', ...c.headers };
      if (c.auth) headers.authorization = `Bearer ${c.auth === true ? server.apiKey : c.auth}`;
      if (c.body !== undefined) headers['content-type'] ??= 'application/json';
      const res = await fetch(`${proxy.url}${API}${c.path}`, {
        method,
        headers,
        body: c.body === undefined ? undefined : typeof c.body === 'string' ? c.body : JSON.stringify(c.body),
      });
      const text = await res.text();
      let body: any = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON; the checks below report it
      }
      const problems: string[] = [];
      const violations = res.headers.get('sl-violations');
      if (violations) problems.push(`violations: ${violations}`);
      if (typeof body?.type === 'string' && body.type.startsWith('https://stoplight.io/prism/errors#')) {
        problems.push(`prism ${body.type.split('#')[1]}: ${JSON.stringify(body.validation ?? body.detail)}`);
      }
      if (res.status !== c.expect) problems.push(`expected ${c.expect}, got ${res.status}: ${text.slice(0, 300)}`);
      const line = `${method} ${API}${c.path}`;
      const operation = [...operations].find(([, re]) => re.test(line))?.[0] ?? '(none)';
      outcomes.push({
        operation,
        call: `${line}${c.auth === true ? ' (signed in)' : c.auth ? ' (read-only key)' : ''}`,
        status: res.status,
        problems,
      });
      return { status: res.status, body, headers: res.headers };
    };
    const idem = (n: string) => ({ 'idempotency-key': `prism-${n}-${Date.now()}` });

    // Public reads, with the demo directory's own slugs.
    const site = await send({ path: '/site', expect: 200 });
    if (!site.body?.counts?.live_listings) throw new Error('the demo directory is empty');
    const listings = (await send({ path: '/listings?per_page=5', expect: 200 })).body.items as { slug: string }[];
    const [a, b] = listings.map((l) => l.slug);
    await send({ path: '/listings?q=note&sort=newest&page=1&per_page=3', expect: 200 });
    await send({ path: '/listings?status=upcoming&sort=votes', expect: 200 });
    const listing = await send({ path: `/listings/${a}`, expect: 200 });
    const etag = listing.headers.get('etag');
    if (etag) await send({ path: `/listings/${a}`, headers: { 'if-none-match': etag }, expect: 304 });
    await send({ path: `/listings/${a}/alternatives`, expect: 200 });
    await send({ path: `/listings/${a}/comments?per_page=5`, expect: 200 });
    await send({ path: `/compare?a=${a}&b=${b}`, expect: 200 });
    const categories = (await send({ path: '/categories', expect: 200 })).body.items as { slug: string }[];
    await send({ path: '/categories?include_empty=false', expect: 200 });
    await send({ path: `/categories/${categories[0].slug}?per_page=5`, expect: 200 });
    await send({ path: '/launches/weeks/this', expect: 200 });
    await send({ path: '/launches/weeks/2026-01-07', expect: 200 });
    for (const section of ['this-week', 'today', 'upcoming', 'trending'])
      await send({ path: `/launches?section=${section}`, expect: 200 });
    for (const board of ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue'])
      await send({ path: `/leaderboards/${board}`, expect: 200 });
    await send({ path: '/leaderboards/community-weekly?week=last', expect: 200 });
    const founders = (await send({ path: '/founders', expect: 200 })).body.items as { slug: string }[];
    if (founders.length) await send({ path: `/founders/${founders[0].slug}`, expect: 200 });
    const posts = (await send({ path: '/blog', expect: 200 })).body.items as { slug: string }[];
    if (posts.length) await send({ path: `/blog/${posts[0].slug}`, expect: 200 });
    await send({ path: '/awards', expect: 200 });
    await send({ path: `/listings/${a}/badges?shape=pill&mode=dark&size=l`, expect: 200 });
    const questions = (await send({ path: '/interview-questions', expect: 200 })).body.items as { id: number }[];
    const products = (await send({ path: '/products', expect: 200 })).body.items as {
      key: string;
      needs_listing: boolean;
    }[];

    // Public reads with bad input, unknown slugs and a bad credential.
    await send({ path: '/site?surprise=1', expect: 400, invalid: true });
    await send({ path: '/listings?per_page=0', expect: 400, invalid: true });
    await send({ path: '/listings?sort=loudest', expect: 400, invalid: true });
    await send({ path: '/listings/Not_A_Slug', expect: 400, invalid: true });
    await send({ path: '/listings/no-such-listing', expect: 404, invalid: true });
    await send({ path: '/listings/no-such-listing/alternatives', expect: 404, invalid: true });
    await send({ path: '/listings/no-such-listing/comments', expect: 404, invalid: true });
    await send({ path: `/listings/${a}/comments?per_page=101`, expect: 400, invalid: true });
    await send({ path: `/compare?a=${a}`, expect: 400, invalid: true });
    await send({ path: '/categories?include_empty=maybe', expect: 400, invalid: true });
    await send({ path: '/categories/no-such-category', expect: 404, invalid: true });
    await send({ path: '/launches/weeks/someday', expect: 400, invalid: true });
    await send({ path: '/launches?section=yesterday', expect: 400, invalid: true });
    await send({ path: '/leaderboards/loudest', expect: 400, invalid: true });
    await send({ path: '/founders/no-such-founder', expect: 404, invalid: true });
    await send({ path: '/blog/no-such-post', expect: 404, invalid: true });
    await send({ path: '/awards?page=0', expect: 400, invalid: true });
    await send({ path: `/listings/${a}/badges?shape=round`, expect: 400, invalid: true });
    await send({ path: '/products', auth: 'lb_not_a_real_key', expect: 401, invalid: true });

    // Signed in: the whole maker journey, from a URL to a paid order.
    await send({ path: '/me', auth: true, expect: 200 });
    // (Without any credential Prism answers 401 itself: a wrong one reaches the server.)
    await send({ path: '/me', auth: 'lb_revoked_or_made_up', expect: 401, invalid: true });
    const draft = (
      await send({
        method: 'POST',
        path: '/drafts',
        auth: true,
        headers: idem('draft'),
        body: { url: server.siteUrl },
        expect: 201,
      })
    ).body;
    let status = draft.status as string;
    for (let i = 0; i < 120 && status === 'crawling'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      status = (await send({ path: `/drafts/${draft.id}`, auth: true, expect: 200 })).body.status;
    }
    if (status !== 'ready') throw new Error(`the draft ended ${status}, not ready`);
    await send({ path: '/drafts?per_page=5', auth: true, expect: 200 });
    await send({
      method: 'PATCH',
      path: `/drafts/${draft.id}`,
      auth: true,
      body: { fields: { name: 'Gridnote', tagline: 'Notes that line up' } },
      expect: 200,
    });
    await send({
      method: 'POST',
      path: `/drafts/${draft.id}/invites`,
      auth: true,
      body: { email: 'cofounder@example.com' },
      expect: 201,
    });
    const submitted = (await send({ method: 'POST', path: `/drafts/${draft.id}/submit`, auth: true, expect: 200 }))
      .body;
    const id = submitted.listing_id as number;
    await send({ path: '/me/listings', auth: true, expect: 200 });
    await send({ path: `/me/listings/${id}`, auth: true, expect: 200 });
    await send({
      method: 'PATCH',
      path: `/me/listings/${id}`,
      auth: true,
      body: { fields: { tagline: 'Notes that line up, for teams' } },
      expect: 200,
    });
    await send({
      method: 'POST',
      path: `/me/listings/${id}/updates`,
      auth: true,
      body: { title: 'Grid view', body: 'Notes now snap to the grid.' },
      expect: 201,
    });
    const milestone = (
      await send({
        method: 'POST',
        path: `/me/listings/${id}/milestones`,
        auth: true,
        body: { date: '2026-01-15', title: 'Public beta' },
        expect: 201,
      })
    ).body;
    await send({ method: 'DELETE', path: `/me/listings/${id}/milestones/${milestone.id}`, auth: true, expect: 200 });
    await send({
      method: 'PUT',
      path: `/me/listings/${id}/story`,
      auth: true,
      body: { title: 'Why Gridnote', story: 'We lost our notes once too often.' },
      expect: 200,
    });
    if (questions.length)
      await send({
        method: 'PUT',
        path: '/me/interview',
        auth: true,
        body: { answers: [{ question_id: questions[0].id, answer: 'Shipping small things often.' }] },
        expect: 200,
      });
    // The free launch first: an order awaiting payment would hold the listing's launch (409).
    await send({ method: 'POST', path: `/me/listings/${id}/free`, auth: true, expect: 200 });
    await send({ method: 'POST', path: `/me/listings/${id}/badge-check`, auth: true, expect: 200 });
    const launch = products.find((p) => p.key === 'launch') ?? products.find((p) => p.needs_listing) ?? products[0];
    const items = [{ product: launch.key, ...(launch.needs_listing ? { listing_id: id } : {}) }];
    await send({ path: `/me/listings/${id}/launch-options?billing_country=DE`, auth: true, expect: 200 });
    await send({
      method: 'POST',
      path: '/orders/quote',
      auth: true,
      body: { items, billing_country: 'DE' },
      expect: 200,
    });
    const checkoutKey = idem('checkout');
    const order = (
      await send({
        method: 'POST',
        path: '/orders/checkout',
        auth: true,
        headers: checkoutKey,
        body: { items, billing_country: 'DE' },
        expect: 200,
      })
    ).body;
    await send({ path: '/orders', auth: true, expect: 200 });
    await send({ path: `/orders/${order.number}`, auth: true, expect: 200 });
    const claim = (
      await send({ method: 'POST', path: '/claims', auth: true, body: { slug: b, method: 'dns' }, expect: 200 })
    ).body;
    await send({ path: '/claims', auth: true, expect: 200 });
    await send({ method: 'POST', path: `/claims/${claim.claim_id}/verify`, auth: true, expect: 200 });
    const hook = (
      await send({
        method: 'POST',
        path: '/me/webhooks',
        auth: true,
        body: { url: new URL('/hooks/launchboard', server.siteUrl).href, events: ['order.paid', 'listing.live'] },
        expect: 201,
      })
    ).body;
    await send({ path: '/me/webhooks', auth: true, expect: 200 });
    await send({ method: 'POST', path: `/me/webhooks/${hook.id}/test`, auth: true, expect: 200 });
    await send({ method: 'DELETE', path: `/me/webhooks/${hook.id}`, auth: true, expect: 200 });
    await send({ method: 'DELETE', path: `/me/webhooks/${hook.id}`, auth: true, expect: 404, invalid: true });

    // Signed in, wrong: missing credential, scope, unknown ids, bad bodies, replays.
    await send({
      method: 'POST',
      path: '/drafts',
      auth: 'lb_revoked_or_made_up',
      body: { url: server.siteUrl },
      expect: 401,
      invalid: true,
    });
    await send({
      method: 'POST',
      path: '/drafts',
      auth: readOnlyKey,
      body: { url: server.siteUrl },
      expect: 403,
      invalid: true,
    });
    await send({ method: 'POST', path: '/drafts', auth: true, body: {}, expect: 400, invalid: true });
    await send({ method: 'POST', path: '/drafts', auth: true, body: '{"url":', expect: 400, invalid: true });
    await send({
      method: 'POST',
      path: '/drafts',
      auth: true,
      body: 'url=x',
      headers: { 'content-type': 'text/plain' },
      expect: 400,
      invalid: true,
    });
    const replay = checkoutKey;
    const replayed = await send({
      method: 'POST',
      path: '/orders/checkout',
      auth: true,
      headers: replay,
      body: { items, billing_country: 'DE' },
      expect: 200,
    });
    if (replayed.headers.get('idempotent-replayed') !== 'true')
      outcomes.at(-1)!.problems.push(`no Idempotent-Replayed: true in ${JSON.stringify([...replayed.headers])}`);
    await send({
      method: 'POST',
      path: '/orders/checkout',
      auth: true,
      headers: replay,
      body: { items, billing_country: 'FR' },
      expect: 422,
      invalid: true,
    });
    await send({ path: '/drafts/00000000-0000-4000-8000-000000000000', auth: true, expect: 404, invalid: true });
    await send({ path: '/drafts/not-a-uuid', auth: true, expect: 400, invalid: true });
    await send({
      method: 'PATCH',
      path: `/drafts/${draft.id}`,
      auth: true,
      body: { fields: { nickname: 'x' } },
      expect: 400,
      invalid: true,
    });
    await send({
      method: 'POST',
      path: `/drafts/${draft.id}/invites`,
      auth: true,
      body: { email: 'not an email' },
      expect: 400,
      invalid: true,
    });
    await send({
      method: 'POST',
      path: '/drafts/00000000-0000-4000-8000-000000000000/submit',
      auth: true,
      expect: 404,
      invalid: true,
    });
    await send({ path: '/me/listings?per_page=101', auth: true, expect: 400, invalid: true });
    await send({ path: '/me/listings/999999', auth: true, expect: 404, invalid: true });
    await send({
      method: 'PATCH',
      path: `/me/listings/${id}`,
      auth: true,
      body: { fields: { country: 'Germany' } },
      expect: 400,
      invalid: true,
    });
    await send({
      method: 'POST',
      path: `/me/listings/${id}/updates`,
      auth: true,
      body: { title: '' },
      expect: 400,
      invalid: true,
    });
    await send({
      method: 'POST',
      path: `/me/listings/${id}/milestones`,
      auth: true,
      body: { date: '2026-02-30', title: 'Impossible' },
      expect: 400,
      invalid: true,
    });
    await send({
      method: 'DELETE',
      path: `/me/listings/${id}/milestones/999999`,
      auth: true,
      expect: 404,
      invalid: true,
    });
    await send({
      method: 'PUT',
      path: `/me/listings/${id}/story`,
      auth: true,
      body: { story: 7 },
      expect: 400,
      invalid: true,
    });
    await send({ method: 'PUT', path: '/me/interview', auth: true, body: { answers: [] }, expect: 400, invalid: true });
    await send({ method: 'POST', path: '/me/listings/999999/free', auth: true, expect: 404, invalid: true });
    await send({
      method: 'POST',
      path: '/claims',
      auth: true,
      body: { slug: b, method: 'carrier-pigeon' },
      expect: 400,
      invalid: true,
    });
    await send({ path: '/claims?page=x', auth: true, expect: 400, invalid: true });
    await send({ method: 'POST', path: '/claims/999999/verify', auth: true, expect: 404, invalid: true });
    await send({ method: 'POST', path: '/orders/quote', auth: true, body: { items: [] }, expect: 400, invalid: true });
    await send({
      method: 'POST',
      path: '/orders/checkout',
      auth: true,
      body: { items: [{ product: launch.key }], billing_country: 'DE', vat_number: 'x' },
      expect: 400,
      invalid: true,
    });
    await send({ path: '/orders?per_page=1000', auth: true, expect: 400, invalid: true });
    await send({ path: '/orders/LB-0000-000000', auth: true, expect: 404, invalid: true });

    // Every operation answered at least once with success, and nothing broke the document.
    const succeeded = new Set(outcomes.filter((o) => o.status < 400).map((o) => o.operation));
    const missing = [...operations.keys()].filter((op) => !succeeded.has(op));
    const failed = outcomes.filter((o) => o.problems.length > 0);
    const logged = proxies.flatMap((p) =>
      readFileSync(p.logFile, 'utf8')
        .split('\n')
        .filter((l) => /Violation:/.test(l))
        .map((l) => l.replace(/\x1b\[[0-9;]*m/g, '').trim()),
    );
    for (const o of failed)
      process.stdout.write(`✗ ${o.operation}: ${o.call} → ${o.status}\n    ${o.problems.join('\n    ')}\n`);
    for (const l of logged) process.stdout.write(`✗ prism log: ${l}\n`);
    if (missing.length) process.stdout.write(`✗ operations never answered with success: ${missing.join(', ')}\n`);
    const opsCovered = new Set(outcomes.map((o) => o.operation)).size;
    process.stdout.write(
      `Prism: ${outcomes.length} requests (${outcomes.filter((o) => o.status < 400).length} successes, ${outcomes.filter((o) => o.status >= 400).length} errors) over ${opsCovered}/${operations.size} operations; ` +
        `${failed.length} failed checks, ${logged.length} violations in Prism's logs.\n`,
    );
    if (failed.length || logged.length || missing.length) process.exitCode = 1;
  } finally {
    for (const p of proxies) await stopProcess(p.child);
    await server.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
