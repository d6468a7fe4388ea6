// Client ID metadata documents: a client identified by the URL of its
// metadata, served here by a fixture on 127.0.0.1 (allowPrivateFetch is on in
// this file only). The document is fetched once and cached, must name its own
// URL, and may not carry secrets; private addresses stay blocked when the
// flag is off.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeThroughPages, Browser, signUpThroughPages } from './browser.js';
import { authorizationRequest, discover, exchangeCode, REDIRECT_URI } from './client.js';
import { mcpUrl, oauthServer } from './server.js';
import { postMcp, toolCallRequest } from '../mcp/clients.js';

let env: Awaited<ReturnType<typeof oauthServer>>;
let fixture: Server;
let fixtureUrl: string;
const hits = new Map<string, number>();
const person = { email: 'katherine@example.com', password: 'orbital mechanics' };
let browser: Browser;
let as: oauth.AuthorizationServer;

function documents(base: string): Record<string, unknown> {
  return {
    '/client.json': {
      client_id: `${base}/client.json`,
      client_name: 'Fixture Assistant',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
    },
    '/wrong-id.json': { client_id: `${base}/client.json`, redirect_uris: [REDIRECT_URI] },
    '/secret.json': { client_id: `${base}/secret.json`, client_secret: 'shh', redirect_uris: [REDIRECT_URI] },
    '/bad-redirect.json': { client_id: `${base}/bad-redirect.json`, redirect_uris: ['http://evil.example/cb'] },
    '/huge.json': { client_id: `${base}/huge.json`, redirect_uris: [REDIRECT_URI], padding: 'x'.repeat(20_000) },
    '/web-loopback.json': {
      client_id: `${base}/web-loopback.json`,
      application_type: 'web',
      redirect_uris: [REDIRECT_URI],
    },
    '/odd-type.json': {
      client_id: `${base}/odd-type.json`,
      application_type: 'desktop',
      redirect_uris: [REDIRECT_URI],
    },
  };
}

beforeAll(async () => {
  fixture = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    const doc = documents(fixtureUrl)[req.url!];
    if (!doc) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=600' }).end(JSON.stringify(doc));
  });
  await new Promise<void>((r) => fixture.listen(0, '127.0.0.1', r));
  fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  env = await oauthServer({ allowPrivateFetch: true });
  browser = new Browser(env.server.url);
  await signUpThroughPages(browser, person.email, person.password);
  as = await discover(env.server.url);
});
afterAll(async () => {
  await env?.close();
  await new Promise((r) => fixture?.close(r));
});

describe('a client identified by its metadata document', () => {
  it('authorizes without registration, shows the document URL on the consent page, and its token works', async () => {
    const client: oauth.Client = { client_id: `${fixtureUrl}/client.json`, token_endpoint_auth_method: 'none' };
    const pending = await authorizationRequest(as, client, { resource: mcpUrl(env.server), scope: 'account:read' });
    const consent = await (await browser.follow(pending.url)).res.text();
    expect(consent).toContain('Fixture Assistant');
    expect(consent).toContain(client.client_id);

    const { callback } = await authorizeThroughPages(browser, pending.url, person);
    const tokens = await exchangeCode(as, client, pending, callback!);
    const res = await postMcp(mcpUrl(env.server), toolCallRequest('get_account'), {
      authorization: `Bearer ${tokens.access_token}`,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(person.email);
  });

  it('caches the document for its max-age instead of fetching it on every request', async () => {
    expect(hits.get('/client.json')).toBe(1);
    env.ctx.clock.advance(601_000);
    const client: oauth.Client = { client_id: `${fixtureUrl}/client.json` };
    await browser.request((await authorizationRequest(as, client, { resource: mcpUrl(env.server) })).url);
    expect(hits.get('/client.json')).toBe(2);
  });

  it.each([
    ['names another client_id', '/wrong-id.json', 'must name its own URL'],
    ['carries a client secret', '/secret.json', 'must not contain a client secret'],
    ['registers a non-https redirect URI', '/bad-redirect.json', 'must use https'],
    ['is larger than 16 KB', '/huge.json', 'could not be fetched'],
    ['is a web application with a loopback redirect URI', '/web-loopback.json', 'only a native application may use'],
    ['has an unknown application_type', '/odd-type.json', 'application_type must be web or native'],
    ['does not exist', '/missing.json', 'HTTP 404'],
  ])('is refused on a page when the document %s', async (_name, path, message) => {
    const client: oauth.Client = { client_id: `${fixtureUrl}${path}` };
    const pending = await authorizationRequest(as, client, { resource: mcpUrl(env.server) });
    const res = await browser.request(pending.url);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain(message);
  });
});

describe('without the private-fetch flag (production)', () => {
  let prod: Awaited<ReturnType<typeof oauthServer>>;
  beforeAll(async () => {
    prod = await oauthServer();
  });
  afterAll(async () => {
    await prod?.close();
  });

  it.each([
    [
      'an https URL on a loopback address',
      () => `https://127.0.0.1:${new URL(fixtureUrl).port}/client.json`,
      'private',
    ],
    [
      'an https URL whose name resolves to loopback',
      () => `https://localhost:${new URL(fixtureUrl).port}/client.json`,
      'private',
    ],
    ['a plain http URL', () => `${fixtureUrl}/client.json`, 'must use https'],
  ])('refuses %s', async (_name, id, message) => {
    const res = await new Browser(prod.server.url).request(
      `/oauth/authorize?response_type=code&client_id=${encodeURIComponent(id())}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
  });
});
