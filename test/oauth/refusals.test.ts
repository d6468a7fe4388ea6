// What the authorization server and the resources refuse, each with the
// status and error code the RFCs name: redirect URI mismatches, missing or
// plain PKCE, replayed and expired codes, tokens for another audience,
// expired tokens, revoked API keys and missing scopes.
import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithKey } from '../helpers/users.js';
import { authorizeThroughPages, Browser, signUpThroughPages } from './browser.js';
import {
  authorizationRequest,
  discover,
  exchangeCode,
  oauthErrorOf,
  refresh,
  register,
  REDIRECT_URI,
  tokenRequest,
  type PendingAuthorization,
} from './client.js';
import { apiUrl, mcpUrl, oauthServer } from './server.js';
import { postMcp, toolCallRequest } from '../mcp/clients.js';

let env: Awaited<ReturnType<typeof oauthServer>>;
let as: oauth.AuthorizationServer;
let client: oauth.Client;
const person = { email: 'grace@example.com', password: 'a long enough password' };
let browser: Browser;

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

const mcpCall = (token: string | null, name = 'get_account') =>
  postMcp(mcpUrl(env.server), toolCallRequest(name), token ? { authorization: `Bearer ${token}` } : {});
const restMe = (token: string) => fetch(`${apiUrl(env.server)}/me`, { headers: { authorization: `Bearer ${token}` } });
/** A token request exchanging the code `callback` carries, with the given other parameters. */
const exchangeCodeOf = (callback: URL, params: Record<string, string>) =>
  tokenRequest(as, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    client_id: client.client_id,
    ...params,
  });

/** Runs the person's part and returns the pending request and its callback (with a code). */
async function authorized(
  opts: { resource?: string; scope?: string; untick?: string[] } = {},
): Promise<{ pending: PendingAuthorization; callback: URL }> {
  const pending = await authorizationRequest(as, client, {
    resource: opts.resource ?? mcpUrl(env.server),
    scope: opts.scope,
  });
  const { callback, page } = await authorizeThroughPages(browser, pending.url, { ...person, untick: opts.untick });
  if (!callback) throw new Error(`no callback: ${page?.status} ${page?.text.slice(0, 500)}`);
  return { pending, callback };
}

async function tokens(opts: { resource?: string; scope?: string; untick?: string[] } = {}) {
  const { pending, callback } = await authorized(opts);
  return exchangeCode(as, client, pending, callback);
}

describe('the authorization endpoint', () => {
  it('shows an error page, and does not redirect, for a redirect URI that was not registered', async () => {
    const pending = await authorizationRequest(as, client, {
      resource: mcpUrl(env.server),
      redirectUri: 'https://attacker.example/callback',
    });
    const res = await browser.request(pending.url);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('redirect_uri is not one of the redirect URIs registered');
  });

  it('accepts another port on a loopback redirect URI (RFC 8252), but not another path', async () => {
    const other = await authorizationRequest(as, client, {
      resource: mcpUrl(env.server),
      redirectUri: 'http://127.0.0.1:54321/callback',
    });
    const ok = await authorizeThroughPages(browser, other.url, person);
    expect(ok.callback?.searchParams.get('code')).toBeTruthy();
    const path = await authorizationRequest(as, client, {
      resource: mcpUrl(env.server),
      redirectUri: 'http://127.0.0.1:9/elsewhere',
    });
    expect((await browser.request(path.url)).status).toBe(400);
    // The path is compared as sent: dot segments that normalise to the registered path do not match it.
    for (const redirectUri of [
      'http://127.0.0.1:54322/x/../callback',
      'http://127.0.0.1:54322/./callback',
      'http://127.0.0.1:54322/callback?',
    ]) {
      const dotted = await authorizationRequest(as, client, { resource: mcpUrl(env.server), redirectUri });
      const res = await browser.request(dotted.url);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('redirect_uri is not one of the redirect URIs registered');
    }
  });

  it('shows an error page for an unknown client', async () => {
    const res = await browser.request(
      `/oauth/authorize?client_id=nobody&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&response_type=code`,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('unknown client_id');
  });

  it.each([
    [
      'a missing code_challenge',
      { code_challenge: null, code_challenge_method: null },
      'invalid_request',
      /code_challenge is required/,
    ],
    ['the plain method', { code_challenge_method: 'plain' }, 'invalid_request', /S256/],
    ['no method (plain by default)', { code_challenge_method: null }, 'invalid_request', /S256/],
    ['a response_type other than code', { response_type: 'token' }, 'unsupported_response_type', /code/],
    [
      'a resource that is not ours',
      { resource: 'https://elsewhere.example/mcp' },
      'invalid_target',
      /resource must be/,
    ],
    ['only unknown scopes', { scope: 'admin' }, 'invalid_scope', /scope/],
  ])('redirects %s back with an error and the state', async (_name, params, error, description) => {
    const pending = await authorizationRequest(as, client, { resource: mcpUrl(env.server), params });
    const res = await browser.request(pending.url);
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe(error);
    expect(back.searchParams.get('error_description')).toMatch(description);
    expect(back.searchParams.get('state')).toBe(pending.state);
    expect(back.searchParams.get('iss')).toBe(env.server.url);
  });

  it('answers access_denied when the person denies', async () => {
    const pending = await authorizationRequest(as, client, { resource: mcpUrl(env.server) });
    const { callback } = await authorizeThroughPages(browser, pending.url, { ...person, decision: 'deny' });
    expect(callback!.searchParams.get('error')).toBe('access_denied');
    expect(callback!.searchParams.get('state')).toBe(pending.state);
    expect(callback!.searchParams.get('code')).toBeNull();
  });

  it('refuses a consent decision without the CSRF token', async () => {
    const pending = await authorizationRequest(as, client, { resource: mcpUrl(env.server) });
    const params = Object.fromEntries(new URL(pending.url).searchParams);
    const res = await browser.request('/oauth/authorize', {
      form: { ...params, grant_scope: 'account:read', decision: 'allow' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('location')).toBeNull();
  });

  it('frames no consent page (clickjacking)', async () => {
    const pending = await authorizationRequest(as, client, { resource: mcpUrl(env.server) });
    const res = await browser.request(pending.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('the token endpoint', () => {
  it('refuses a replayed code and revokes the tokens issued from it', async () => {
    const { pending, callback } = await authorized();
    const issued = await exchangeCode(as, client, pending, callback);
    expect((await mcpCall(issued.access_token)).status).toBe(200);
    expect(await oauthErrorOf(exchangeCode(as, client, pending, callback))).toBe('invalid_grant');
    expect((await mcpCall(issued.access_token)).status).toBe(401);
    expect(await oauthErrorOf(refresh(as, client, issued.refresh_token!))).toBe('invalid_grant');
  });

  it('refuses a wrong code_verifier, then still accepts the right one', async () => {
    const { pending, callback } = await authorized();
    const wrong = { ...pending, verifier: 'x'.repeat(43) };
    expect(await oauthErrorOf(exchangeCode(as, client, wrong, callback))).toBe('invalid_grant');
    expect((await exchangeCode(as, client, pending, callback)).access_token).toBeTruthy();
  });

  it('refuses a missing code_verifier', async () => {
    const { pending, callback } = await authorized();
    const r = await exchangeCodeOf(callback, { redirect_uri: pending.redirectUri });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_request');
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a redirect_uri that differs from the authorization request', async () => {
    const { pending, callback } = await authorized();
    const r = await exchangeCodeOf(callback, {
      redirect_uri: 'http://127.0.0.1:9/other',
      code_verifier: pending.verifier,
    });
    expect(r.body.error).toBe('invalid_grant');
  });

  it('refuses a code of another client', async () => {
    const other = await register(as);
    const { pending, callback } = await authorized();
    expect(await oauthErrorOf(exchangeCode(as, other, pending, callback))).toBe('invalid_grant');
  });

  it('refuses a code older than 60 seconds', async () => {
    const { pending, callback } = await authorized();
    env.ctx.clock.advance(61_000);
    expect(await oauthErrorOf(exchangeCode(as, client, pending, callback))).toBe('invalid_grant');
  });

  it('refuses an unsupported grant type and a client secret', async () => {
    expect((await tokenRequest(as, { grant_type: 'password', username: 'a', password: 'b' })).body.error).toBe(
      'unsupported_grant_type',
    );
    const res = await fetch(as.token_endpoint!, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client.client_id}:secret`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=refresh_token&refresh_token=x',
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe('invalid_client');
  });

  it('refuses a refresh token presented by another client', async () => {
    const issued = await tokens();
    const other = await register(as);
    expect(await oauthErrorOf(refresh(as, other, issued.refresh_token!))).toBe('invalid_grant');
    expect((await refresh(as, client, issued.refresh_token!)).access_token).toBeTruthy();
  });
});

describe('access tokens at the resources', () => {
  it('refuses a token issued for the other resource (audience)', async () => {
    const api = await tokens({ resource: apiUrl(env.server) });
    expect((await restMe(api.access_token)).status).toBe(200);
    const res = await mcpCall(api.access_token);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(res.headers.get('www-authenticate')).toContain('oauth-protected-resource/mcp');
  });

  it('refuses an expired token with 401 invalid_token; the refresh token still works', async () => {
    const issued = await tokens();
    env.ctx.clock.advance(3601_000);
    const res = await mcpCall(issued.access_token);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const renewed = await refresh(as, client, issued.refresh_token!);
    expect((await mcpCall(renewed.access_token)).status).toBe(200);
  });

  it('refuses a token whose signature does not verify', async () => {
    const issued = await tokens({ scope: 'listings:write' });
    const [h, p, s] = issued.access_token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, scope: 'account:read listings:write' })).toString(
      'base64url',
    );
    expect((await mcpCall(`${h}.${forged}.${s}`)).status).toBe(401);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${forged}.`;
    expect((await mcpCall(unsigned)).status).toBe(401);
  });

  it('answers a token without the scope with 403 insufficient_scope naming it, on both faces', async () => {
    const mcpToken = await tokens({ scope: 'account:read listings:write', untick: ['account:read'] });
    expect(mcpToken.scope).toBe('listings:write');
    const res = await mcpCall(mcpToken.access_token);
    expect(res.status).toBe(403);
    const challenge = res.headers.get('www-authenticate')!;
    expect(challenge).toContain('error="insufficient_scope"');
    // The scope needed beside the ones held: signing in again never narrows the grant.
    expect(challenge).toContain('scope="account:read listings:write"');
    expect(challenge).toContain('resource_metadata="');

    const apiToken = await tokens({ resource: apiUrl(env.server), scope: 'orders:write' });
    const rest = await restMe(apiToken.access_token);
    expect(rest.status).toBe(403);
    expect(rest.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect((await rest.json()).status).toBe(403);
  });

  it('ends the grant when a token is revoked (RFC 7009)', async () => {
    const issued = await tokens();
    const res = await fetch(as.revocation_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: issued.refresh_token!,
        token_type_hint: 'refresh_token',
        client_id: client.client_id,
      }),
    });
    expect(res.status).toBe(200);
    expect((await mcpCall(issued.access_token)).status).toBe(401);
    expect(await oauthErrorOf(refresh(as, client, issued.refresh_token!))).toBe('invalid_grant');
    const unknown = await fetch(as.revocation_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=nonsense',
    });
    expect(unknown.status).toBe(200);
  });
});

describe('API keys next to OAuth', () => {
  it('work on both faces, and a revoked key is refused with 401 on both', async () => {
    const maker = await userWithKey(env.ctx, ['account:read']);
    expect((await restMe(maker.key)).status).toBe(200);
    expect((await mcpCall(maker.key)).status).toBe(200);
    await env.ctx.db
      .updateTable('api_keys')
      .set({ revoked_at: env.ctx.clock.now().toISOString() })
      .where('id', '=', maker.keyId)
      .execute();
    const rest = await restMe(maker.key);
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect((await mcpCall(maker.key)).status).toBe(401);
  });
});

describe('dynamic client registration', () => {
  const registerRaw = (body: unknown) =>
    fetch(as.registration_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it.each([
    ['no redirect_uris', {}, 'invalid_redirect_uri'],
    ['plain http off loopback', { redirect_uris: ['http://example.com/cb'] }, 'invalid_redirect_uri'],
    ['a fragment', { redirect_uris: ['https://example.com/cb#x'] }, 'invalid_redirect_uri'],
    ['a javascript: URI', { redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
    ['a non-string name', { redirect_uris: ['https://example.com/cb'], client_name: 5 }, 'invalid_client_metadata'],
  ])('refuses %s', async (_name, body, error) => {
    const res = await registerRaw(body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(error);
  });

  it('registers every client as public (PKCE, no secret)', async () => {
    const res = await registerRaw({
      redirect_uris: ['https://app.example/cb'],
      token_endpoint_auth_method: 'client_secret_basic',
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.token_endpoint_auth_method).toBe('none');
    expect(body.client_secret).toBeUndefined();
  });
});
