// RFC 9207: every authorization response names its issuer in `iss`, success
// and error alike, and the metadata says so, so a client can tell our answer
// from a mix-up attacker's. oauth4webapi, which insists on `iss` once the
// metadata promises it, plays the client. The metadata also advertises client
// ID metadata documents, the registration MCP clients should prefer.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeThroughPages, Browser, signUpThroughPages } from './browser.js';
import { authorizationRequest, discover, exchangeCode, register, REDIRECT_URI } from './client.js';
import { mcpUrl, oauthServer } from './server.js';

let env: Awaited<ReturnType<typeof oauthServer>>;
let as: oauth.AuthorizationServer;
let client: oauth.Client;
let browser: Browser;
const person = { email: 'hedy@example.com', password: 'frequency hopping' };

beforeAll(async () => {
  env = await oauthServer();
  browser = new Browser(env.server.url);
  await signUpThroughPages(browser, person.email, person.password);
  as = await discover(env.server.url);
  client = await register(as);
});
afterAll(async () => {
  await env?.close();
});

/** The callback with `iss` removed, or replaced by `value`. */
function withIss(callback: URL, value: string | null): URL {
  const copy = new URL(callback);
  if (value === null) copy.searchParams.delete('iss');
  else copy.searchParams.set('iss', value);
  return copy;
}

/** What oauth4webapi says of an authorization response: accepted, its error, or why it refused it. */
function verdict(callback: URL, state: string): string {
  try {
    oauth.validateAuthResponse(as, client, callback, state);
    return 'accepted';
  } catch (err) {
    if (err instanceof oauth.AuthorizationResponseError) return `error ${err.error}`;
    return (err as Error).message;
  }
}

describe('the authorization server metadata', () => {
  it('promises iss in authorization responses and prefers client ID metadata documents', () => {
    expect(as.issuer).toBe(env.server.url);
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
    expect(as.client_id_metadata_document_supported).toBe(true);
    expect(as.registration_endpoint).toBe(`${env.server.url}/oauth/register`);
  });
});

describe('iss in authorization responses (RFC 9207)', () => {
  it('names the issuer on a code, and oauth4webapi refuses the code without it or with another', async () => {
    const pending = await authorizationRequest(as, client, { resource: mcpUrl(env.server) });
    const { callback } = await authorizeThroughPages(browser, pending.url, person);
    expect(callback!.searchParams.get('code')).toBeTruthy();
    expect(callback!.searchParams.get('iss')).toBe(as.issuer);

    expect(verdict(callback!, pending.state)).toBe('accepted');
    expect(verdict(withIss(callback!, null), pending.state)).toBe('response parameter "iss" (issuer) missing');
    expect(verdict(withIss(callback!, 'https://attacker.example'), pending.state)).toBe(
      'unexpected "iss" (issuer) response parameter value',
    );
    const tokens = await exchangeCode(as, client, pending, callback!);
    expect(tokens.access_token).toBeTruthy();
  });

  it('names the issuer when the person denies access', async () => {
    const pending = await authorizationRequest(as, client, { resource: mcpUrl(env.server) });
    const { callback } = await authorizeThroughPages(browser, pending.url, { ...person, decision: 'deny' });
    expect(callback!.searchParams.get('iss')).toBe(as.issuer);
    expect(verdict(callback!, pending.state)).toBe('error access_denied');
    expect(verdict(withIss(callback!, null), pending.state)).toBe('response parameter "iss" (issuer) missing');
  });

  it('names the issuer on an error sent back for a bad request', async () => {
    const pending = await authorizationRequest(as, client, {
      resource: mcpUrl(env.server),
      params: { scope: 'admin' },
    });
    const res = await browser.request(pending.url);
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('iss')).toBe(as.issuer);
    expect(verdict(back, pending.state)).toBe('error invalid_scope');
  });

  it('keeps the query of a redirect URI and sets iss once, whatever the client sent', async () => {
    const withQuery = 'https://app.example/cb?tenant=7';
    const registered = await register(as, withQuery);
    const pending = await authorizationRequest(as, registered, {
      resource: mcpUrl(env.server),
      redirectUri: withQuery,
      params: { iss: 'https://attacker.example' },
    });
    const { callback } = await authorizeThroughPages(browser, pending.url, person);
    expect(callback!.searchParams.get('tenant')).toBe('7');
    expect(callback!.searchParams.getAll('iss')).toEqual([as.issuer]);
  });
});
