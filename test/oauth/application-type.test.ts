// The OIDC application_type in dynamic client registration (as the MCP
// authorization spec asks clients to send it): a web app registers https
// URLs off this machine; a native app loopback URLs, private-use schemes
// (com.example.app:/callback) or https. A mismatch is refused naming why; the
// type is stored and echoed; a client that does not send it gets the type its
// redirect URIs imply, so clients from before the parameter keep working.
import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findClient } from '../../src/oauth/store.js';
import { authorizeThroughPages, Browser, signUpThroughPages } from './browser.js';
import { authorizationRequest, discover, exchangeCode } from './client.js';
import { mcpUrl, oauthServer } from './server.js';

let env: Awaited<ReturnType<typeof oauthServer>>;
let as: oauth.AuthorizationServer;
const person = { email: 'radia@example.com', password: 'spanning tree protocol' };

beforeAll(async () => {
  env = await oauthServer();
  as = await discover(env.server.url);
});
afterAll(async () => {
  await env?.close();
});

async function registerRaw(body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(as.registration_endpoint!, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const clientCount = async () =>
  Number(
    (
      await env.ctx.db
        .selectFrom('oauth_clients')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  );

describe('registering a web application', () => {
  it('accepts https redirect URIs and stores and echoes application_type web', async () => {
    const { status, body } = await registerRaw({
      application_type: 'web',
      redirect_uris: ['https://app.example/callback'],
    });
    expect(status).toBe(201);
    expect(body.application_type).toBe('web');
    const stored = await findClient(env.ctx.db, body.client_id as string);
    expect(stored?.metadata.application_type).toBe('web');
  });

  it.each([
    ['http on 127.0.0.1', 'http://127.0.0.1:8123/callback', /loopback.*application_type "native"/],
    ['http on localhost', 'http://localhost/callback', /loopback.*application_type "native"/],
    ['https on localhost', 'https://localhost:8443/callback', /loopback.*application_type "native"/],
    ['https on [::1]', 'https://[::1]/callback', /loopback/],
    ['a private-use scheme', 'com.example.app:/callback', /private-use scheme.*application_type "native"/],
  ])('refuses %s, naming why and what to do instead', async (_name, uri, why) => {
    const before = await clientCount();
    const { status, body } = await registerRaw({ application_type: 'web', redirect_uris: [uri] });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_redirect_uri');
    expect(body.error_description).toMatch(why);
    expect(await clientCount()).toBe(before);
  });
});

describe('registering a native application', () => {
  it.each([
    ['a loopback http URL', ['http://127.0.0.1/callback']],
    ['an IPv6 loopback URL', ['http://[::1]:43210/cb']],
    ['a private-use scheme', ['com.example.app:/oauth2redirect']],
    ['a claimed https URL beside a loopback one', ['https://app.example/cb', 'http://localhost:9/cb']],
  ])('accepts %s and echoes application_type native', async (_name, uris) => {
    const { status, body } = await registerRaw({ application_type: 'native', redirect_uris: uris });
    expect(status).toBe(201);
    expect(body.application_type).toBe('native');
    expect(body.redirect_uris).toEqual(uris);
  });

  it.each([
    ['plain http off this machine', 'http://app.example/callback', /must use https/],
    ['a scheme without a domain name', 'myapp:/callback', /private-use scheme named after a domain/],
    ['javascript:', 'javascript:alert(1)', /must use https/],
    ['data:', 'data:text/html,<script>alert(1)</script>', /must use https/],
    ['file:', 'file:///etc/passwd', /must use https/],
    ['a fragment', 'com.example.app:/cb#frag', /fragment/],
  ])('still refuses %s', async (_name, uri, why) => {
    const { status, body } = await registerRaw({ application_type: 'native', redirect_uris: [uri] });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_redirect_uri');
    expect(body.error_description).toMatch(why);
  });
});

describe('an application_type that is not web or native', () => {
  it.each([
    ['another word', 'service'],
    ['another case', 'Native'],
    ['a number', 5],
    ['markup', '<script>alert(1)</script>'],
    ['an over-long string', 'native'.repeat(1000)],
  ])('is refused as invalid_client_metadata (%s), nothing stored, the value not echoed', async (_name, value) => {
    const before = await clientCount();
    const { status, body } = await registerRaw({
      application_type: value,
      redirect_uris: ['https://app.example/callback'],
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'invalid_client_metadata',
      error_description: 'application_type must be web or native',
    });
    expect(await clientCount()).toBe(before);
  });
});

describe('a client that does not say', () => {
  it.each([
    ['loopback redirect URIs', ['http://127.0.0.1:9/callback'], 'native'],
    ['a private-use scheme', ['com.example.app:/cb'], 'native'],
    ['https redirect URIs', ['https://app.example/cb'], 'web'],
    ['https and loopback', ['https://app.example/cb', 'http://localhost:9/cb'], 'native'],
  ])('with %s is registered as %s', async (_name, uris, type) => {
    const { status, body } = await registerRaw({ redirect_uris: uris });
    expect(status).toBe(201);
    expect(body.application_type).toBe(type);
  });
});

describe('a native app returning through a private-use scheme', () => {
  it('names the app on the consent page, allows the scheme as a form target, and gets a code it can exchange', async () => {
    const redirectUri = 'com.example.app:/oauth2redirect';
    const { body } = await registerRaw({
      application_type: 'native',
      client_name: 'Example App',
      redirect_uris: [redirectUri],
    });
    const client: oauth.Client = { client_id: body.client_id as string, token_endpoint_auth_method: 'none' };
    const browser = new Browser(env.server.url);
    await signUpThroughPages(browser, person.email, person.password);
    const pending = await authorizationRequest(as, client, { resource: mcpUrl(env.server), redirectUri });

    const consent = await browser.follow(pending.url);
    const page = await consent.res.text();
    expect(page).toContain('you go back to <strong>the application (com.example.app)</strong>');
    expect(consent.res.headers.get('content-security-policy')).toContain("form-action 'self' com.example.app:;");

    const { callback } = await authorizeThroughPages(browser, pending.url, person);
    expect(callback!.protocol).toBe('com.example.app:');
    expect(callback!.pathname).toBe('/oauth2redirect');
    expect(callback!.searchParams.get('iss')).toBe(env.server.url);
    const tokens = await exchangeCode(as, client, pending, callback!);
    expect(tokens.access_token).toBeTruthy();
  });
});
