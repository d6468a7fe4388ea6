// The URL a newcomer pastes: `npm start` (the real CLI, default settings, a
// throwaway SQLite file) prints an MCP URL, and real OAuth clients take exactly
// that URL from a 401 to a signed-in tool call: the v1 SDK client running its
// own discovery, registration, PKCE and refresh, and oauth4webapi step by step
// over plain fetch. The person signs up, signs in and consents on our pages.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMcp, toolCallRequest } from '../mcp/clients.js';
import { authorizeThroughPages, Browser, signUpThroughPages } from './browser.js';
import { authorizationRequest, exchangeCode, insecure, REDIRECT_URI, refresh, register } from './client.js';

const dir = mkdtempSync(join(tmpdir(), 'lb-start-url-'));
const person = { email: 'grace@example.com', password: 'nanoseconds on a wire' };
let child: ChildProcess;
let printed: { site: string; mcp: string };
let browser: Browser;

/** A port nobody listens on now, so the server runs its default PORT path (not --port 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The environment a newcomer has: nothing that changes the URLs the server answers as. */
function defaultEnv(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['PUBLIC_URL', 'HOST', 'ALLOWED_HOSTS', 'OAUTH_ISSUER', 'LAUNCHBOARD_TOOLSETS']) delete env[key];
  return { ...env, PORT: String(port), DATABASE_URL: `sqlite:${join(dir, 'start.db')}`, LOG_LEVEL: 'silent' };
}

beforeAll(async () => {
  const port = await freePort();
  // What `npm start` runs.
  child = spawn(process.execPath, ['bin/launchboard.js', 'serve', '--demo'], { env: defaultEnv(port) });
  let out = '';
  printed = await new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const site = /Site:\s+(\S+)/.exec(out)?.[1];
      const mcp = /MCP:\s+(\S+)/.exec(out)?.[1];
      if (site && mcp) resolve({ site: site.replace(/\/$/, ''), mcp });
    });
    child.stderr!.on('data', (d) => {
      out += d;
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
  browser = new Browser(printed.site);
  await signUpThroughPages(browser, person.email, person.password);
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('the MCP URL `npm start` prints', () => {
  it('is served on this machine with the default settings', () => {
    expect(printed.mcp).toMatch(/^http:\/\/localhost:\d+\/mcp$/);
    expect(printed.site).toBe(new URL(printed.mcp).origin);
  });
});

type Stored<K extends keyof OAuthClientProvider> = OAuthClientProvider[K] extends (...a: never[]) => infer R
  ? Awaited<R>
  : never;

/**
 * An in-memory provider whose "browser" is the person: redirectToAuthorization
 * goes through our sign-in and consent pages and keeps the code the server
 * sends back to the loopback redirect URI.
 */
class PersonAtTheKeyboard implements OAuthClientProvider {
  info: Stored<'clientInformation'>;
  saved: Stored<'tokens'>;
  verifier = '';
  authorizationUrl: URL | null = null;
  callback: URL | null = null;
  get redirectUrl() {
    return REDIRECT_URI;
  }
  get clientMetadata() {
    return {
      redirect_uris: [REDIRECT_URI],
      client_name: 'v1 SDK client',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: NonNullable<Stored<'clientInformation'>>) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: NonNullable<Stored<'tokens'>>) {
    this.saved = tokens;
  }
  async redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
    const { callback, page } = await authorizeThroughPages(browser, url.toString(), person);
    if (!callback) throw new Error(`the authorization ended on a page (${page?.status}): ${page?.text.slice(0, 500)}`);
    this.callback = callback;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** The v1 SDK client given `mcpUrl`: a public call, the 401, its own OAuth flow through the pages, a signed-in call, a refresh. */
async function v1ClientFlow(mcpUrl: string): Promise<void> {
  const provider = new PersonAtTheKeyboard();
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });
  const client = new Client({ name: 'v1-start-url-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    expect((await client.callTool({ name: 'get_site_info', arguments: {} })).isError).toBeFalsy();

    // A signed-in tool without a token: 401, then the SDK's discovery, DCR and PKCE.
    await expect(client.callTool({ name: 'get_account', arguments: {} })).rejects.toThrow(/unauthorized/i);
    const url = provider.authorizationUrl!;
    expect(url.origin).toBe(printed.site);
    expect(url.searchParams.get('resource')).toBe(mcpUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(provider.info?.client_id).toBeTruthy();
    const callback = provider.callback!;
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('iss')).toBe(printed.site);

    await transport.finishAuth(callback.searchParams.get('code')!);
    const result = await client.callTool({ name: 'get_account', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      user: { email: person.email },
      credential: { kind: 'oauth', scopes: ['account:read', 'listings:write'] },
    });
    // Signed in through a read tool, the maker's writes work without a second consent (the v1 SDK cannot widen a grant).
    const written = await client.callTool({
      name: 'update_my_listing',
      arguments: { listing_id: 999_999, fields: { tagline: 'x' } },
    });
    // Past the scope check to the tool itself: no such listing of theirs.
    expect(JSON.stringify(written.content)).toContain('\\"status\\":404');

    // An access token the server no longer accepts: the SDK refreshes (rotation) on its own and retries.
    const before = provider.saved!;
    provider.saved = { ...before, access_token: `${before.access_token}x` };
    expect((await client.callTool({ name: 'get_account', arguments: {} })).isError).toBeFalsy();
    expect(provider.saved!.refresh_token).toMatch(/^lbr_/);
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
    expect(provider.saved!.access_token).not.toBe(before.access_token);
  } finally {
    await client.close();
  }
}

describe('the v1 SDK client with its own OAuth flow', () => {
  it('connects, meets the 401, signs the person in through the pages, calls a signed-in tool and refreshes', () =>
    v1ClientFlow(printed.mcp));

  it('works the same when the person pastes 127.0.0.1 instead of the printed localhost', () =>
    v1ClientFlow(printed.mcp.replace('//localhost:', '//127.0.0.1:')));
});

describe('oauth4webapi step by step over plain fetch', () => {
  const callTool = (token: string | null, name: string) =>
    postMcp(printed.mcp, toolCallRequest(name, 1), token ? { authorization: `Bearer ${token}` } : {});

  it('goes from the 401 challenge to a signed-in tools/call, then refreshes', async () => {
    // 1. The challenge names the protected resource metadata.
    const challenged = await callTool(null, 'get_account');
    expect(challenged.status).toBe(401);
    const challenge = challenged.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    expect(metadataUrl).toBe(`${printed.site}/.well-known/oauth-protected-resource/mcp`);

    // 2. Protected resource metadata (RFC 9728) from the URL the challenge named: its resource must be the URL we were given.
    const resource = new URL(printed.mcp);
    const prm = await oauth.processResourceDiscoveryResponse(resource, await fetch(metadataUrl!));
    expect(prm.resource).toBe(printed.mcp);
    expect(prm.authorization_servers).toHaveLength(1);

    // 3. Authorization server metadata (RFC 8414): its issuer must be the one the resource named.
    const issuer = new URL(prm.authorization_servers![0]!);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
    expect(as.issuer).toBe(prm.authorization_servers![0]);

    // 4. Dynamic client registration, PKCE, the person's pages, the code exchange.
    const client = await register(as);
    const pending = await authorizationRequest(as, client, { resource: printed.mcp, scope: 'account:read' });
    const { callback, page } = await authorizeThroughPages(browser, pending.url, person);
    expect(page).toBeUndefined();
    const tokens = await exchangeCode(as, client, pending, callback!);
    expect(tokens.scope).toBe('account:read');

    // 5. A signed-in tools/call with the bearer token (oauth4webapi's protected resource request: plain fetch).
    const called = await oauth.protectedResourceRequest(
      tokens.access_token,
      'POST',
      resource,
      new Headers({ 'content-type': 'application/json', accept: 'application/json, text/event-stream' }),
      JSON.stringify(toolCallRequest('get_account')),
      insecure,
    );
    expect(called.status).toBe(200);
    const body = await mcpResult(called);
    expect(body.result?.isError).toBeFalsy();
    expect(body.result?.structuredContent).toMatchObject({ user: { email: person.email } });

    // 6. Refresh rotates, and the new access token works.
    const renewed = await refresh(as, client, tokens.refresh_token!);
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    const again = await mcpResult(await callTool(renewed.access_token, 'get_account'));
    expect(again.result?.structuredContent).toMatchObject({ user: { email: person.email } });
  });
});

/** The JSON-RPC response of one POST, whether the server answered JSON or an SSE stream. */
async function mcpResult(
  res: Response,
): Promise<{ result?: { isError?: boolean; structuredContent?: unknown }; error?: unknown }> {
  const text = await res.text();
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) return JSON.parse(text);
  const data = text
    .split('\n')
    .filter((l) => l.startsWith('data:'))
    .map((l) => l.slice(5).trim())
    .find((d) => d.includes('"id"'));
  return JSON.parse(data!);
}
