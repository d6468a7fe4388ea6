// The whole MCP authorization flow end to end, the way an assistant meets it:
// a person signs up on the pages; the client is refused with a 401 challenge,
// discovers the resource and the authorization server, registers itself,
// sends the person through sign-in and consent, exchanges the code with PKCE,
// calls a tool with the token, refreshes (rotation), and a replay of the old
// refresh token ends the grant. oauth4webapi plays the client.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo } from '../../src/platform/mail.js';
import { connectHttp, postMcp, toolCallRequest } from '../mcp/clients.js';
import { authorizeThroughPages, Browser, signUpThroughPages } from './browser.js';
import { authorizationRequest, discover, exchangeCode, insecure, oauthErrorOf, refresh, register } from './client.js';
import { apiUrl, mcpUrl, oauthServer } from './server.js';

let env: Awaited<ReturnType<typeof oauthServer>>;
const person = { email: 'ada@example.com', password: 'correct horse battery' };

beforeAll(async () => {
  env = await oauthServer();
});
afterAll(async () => {
  await env?.close();
});

const callTool = (token: string | null, name: string) =>
  postMcp(mcpUrl(env.server), toolCallRequest(name, 7), token ? { authorization: `Bearer ${token}` } : {});

describe('the MCP authorization flow with oauth4webapi', () => {
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;
  let first: oauth.TokenEndpointResponse;
  let second: oauth.TokenEndpointResponse;

  it('signs a person up through the pages and confirms the address from the mailed link', async () => {
    const browser = new Browser(env.server.url);
    await signUpThroughPages(browser, person.email, person.password);
    const mail = await latestMailTo(env.ctx, person.email);
    expect(mail?.subject).toMatch(/confirm/i);
    const link = /(http\S+verify-email\S+)/.exec(mail!.text)![1];
    const res = await browser.request(link);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('confirmed');
  });

  it('lets anonymous clients list tools and call public ones', async () => {
    const anon = await connectHttp('v2-2026-07-28', mcpUrl(env.server));
    try {
      expect((await anon.listTools()).tools.some((t) => t.name === 'get_account')).toBe(true);
      expect((await anon.callTool('get_site_info', {})).isError).toBeFalsy();
    } finally {
      await anon.close();
    }
  });

  it('answers a signed-in tool call without a token with 401 and the resource metadata URL', async () => {
    const res = await callTool(null, 'get_account');
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate')!;
    expect(challenge).toMatch(/^Bearer /);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1];
    expect(metadataUrl).toBe(`${env.server.url}/.well-known/oauth-protected-resource/mcp`);
    // A read tool's challenge asks for the maker's whole journey (not the paying scope), so no client widens its grant mid-task.
    expect(challenge).toContain('scope="account:read listings:write"');
  });

  it('discovers the protected resource and the authorization server', async () => {
    const resource = new URL(mcpUrl(env.server));
    const prm = await oauth.processResourceDiscoveryResponse(
      resource,
      await oauth.resourceDiscoveryRequest(resource, insecure),
    );
    expect(prm.resource).toBe(mcpUrl(env.server));
    expect(prm.authorization_servers).toEqual([env.server.url]);
    expect(prm.scopes_supported).toEqual(['account:read', 'listings:write', 'orders:write']);

    as = await discover(prm.authorization_servers![0]);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.token_endpoint_auth_methods_supported).toEqual(['none']);
    expect(as.client_id_metadata_document_supported).toBe(true);
    expect(as.registration_endpoint).toBe(`${env.server.url}/oauth/register`);
  });

  it('registers the client dynamically', async () => {
    client = await register(as);
    expect(client.client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(client.token_endpoint_auth_method).toBe('none');
  });

  it('sends the person through sign-in and consent, and exchanges the code with PKCE', async () => {
    const pending = await authorizationRequest(as, client, {
      resource: mcpUrl(env.server),
      scope: 'account:read listings:write',
    });
    const browser = new Browser(env.server.url);
    const { callback, page } = await authorizeThroughPages(browser, pending.url, person);
    expect(page).toBeUndefined();
    expect(callback!.origin + callback!.pathname).toBe(pending.redirectUri);
    expect(callback!.searchParams.get('state')).toBe(pending.state);
    expect(callback!.searchParams.get('iss')).toBe(env.server.url);

    first = await exchangeCode(as, client, pending, callback!);
    expect(first.token_type).toBe('bearer');
    expect(first.expires_in).toBe(3600);
    expect(first.scope).toBe('account:read listings:write');
    expect(first.refresh_token).toMatch(/^lbr_/);
  });

  it('issues an RFC 9068 access token bound to the MCP resource', async () => {
    const skew = Math.round((env.ctx.clock.now().getTime() - Date.now()) / 1000);
    const request = new Request(mcpUrl(env.server), { headers: { authorization: `Bearer ${first.access_token}` } });
    const claims = await oauth.validateJwtAccessToken({ ...as }, request, mcpUrl(env.server), {
      ...insecure,
      [oauth.clockSkew]: skew,
    } as never);
    expect(claims).toMatchObject({
      iss: env.server.url,
      aud: mcpUrl(env.server),
      client_id: client.client_id,
      scope: 'account:read listings:write',
    });
    expect(claims.exp - claims.iat).toBe(3600);
  });

  it.each(['v2-2026-07-28', 'v2-2025-11-25'] as const)(
    'calls get_account over MCP with the token (%s client)',
    async (kind) => {
      const mcp = await connectHttp(kind, mcpUrl(env.server), { authorization: `Bearer ${first.access_token}` });
      try {
        const result = await mcp.callTool('get_account', {});
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toMatchObject({
          user: { email: person.email },
          credential: { kind: 'oauth', scopes: ['account:read', 'listings:write'] },
        });
      } finally {
        await mcp.close();
      }
    },
  );

  it('refuses the MCP token on the REST API (another audience)', async () => {
    const res = await fetch(`${apiUrl(env.server)}/me`, { headers: { authorization: `Bearer ${first.access_token}` } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(res.headers.get('www-authenticate')).toContain('oauth-protected-resource/api/v1');
  });

  it('rotates the refresh token', async () => {
    second = await refresh(as, client, first.refresh_token!);
    expect(second.refresh_token).toMatch(/^lbr_/);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await callTool(second.access_token, 'get_account')).status).toBe(200);
  });

  it('refuses a reused refresh token and revokes the whole grant', async () => {
    expect(await oauthErrorOf(refresh(as, client, first.refresh_token!))).toBe('invalid_grant');
    expect(await oauthErrorOf(refresh(as, client, second.refresh_token!))).toBe('invalid_grant');
    const res = await callTool(second.access_token, 'get_account');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});
