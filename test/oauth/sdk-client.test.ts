// The same flow driven by the v2 MCP client's own OAuth support: the client
// meets the 401 on a signed-in tool, discovers, registers, and hands us the
// authorization URL; the person signs in and allows; finishAuth exchanges the
// code; the retried call succeeds; an expired token is refreshed on its own.
import { Client, StreamableHTTPClientTransport, type OAuthClientProvider } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeThroughPages, Browser, signUpThroughPages } from './browser.js';
import { REDIRECT_URI } from './client.js';
import { mcpUrl, oauthServer } from './server.js';

type Stored<K extends keyof OAuthClientProvider> = OAuthClientProvider[K] extends (...a: never[]) => infer R
  ? Awaited<R>
  : never;

/** An in-memory provider; redirectToAuthorization only records the URL for the test to follow. */
class RecordingProvider implements OAuthClientProvider {
  info: Stored<'clientInformation'>;
  saved: Stored<'tokens'>;
  verifier = '';
  authorizationUrl: URL | null = null;
  get redirectUrl() {
    return REDIRECT_URI;
  }
  get clientMetadata() {
    return {
      redirect_uris: [REDIRECT_URI],
      client_name: 'SDK client',
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
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

let env: Awaited<ReturnType<typeof oauthServer>>;
const person = { email: 'barbara@example.com', password: 'liskov substitution' };
let browser: Browser;

beforeAll(async () => {
  env = await oauthServer();
  browser = new Browser(env.server.url);
  await signUpThroughPages(browser, person.email, person.password);
});
afterAll(async () => {
  await env?.close();
});

describe.each([
  ['2026-07-28', { versionNegotiation: { mode: { pin: '2026-07-28' } } }],
  ['2025-11-25', {}],
] as const)('the v2 MCP client (%s) with its OAuth provider', (_era, options) => {
  it('authorizes on the first signed-in call, then calls the tool with its token and refreshes it when it expires', async () => {
    const provider = new RecordingProvider();
    const transport = new StreamableHTTPClientTransport(new URL(mcpUrl(env.server)), { authProvider: provider });
    const client = new Client({ name: 'sdk-oauth-test', version: '1.0.0' }, options as never);
    await client.connect(transport);
    try {
      expect((await client.callTool({ name: 'get_site_info', arguments: {} })).isError).toBeFalsy();

      await expect(client.callTool({ name: 'get_account', arguments: {} })).rejects.toThrow();
      expect(provider.authorizationUrl).not.toBeNull();
      const url = provider.authorizationUrl!;
      expect(url.searchParams.get('resource')).toBe(mcpUrl(env.server));
      expect(url.searchParams.get('scope')).toBe('account:read listings:write');
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');

      const { callback } = await authorizeThroughPages(browser, url.toString(), person);
      await transport.finishAuth(callback!.searchParams);
      const result = await client.callTool({ name: 'get_account', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        user: { email: person.email },
        credential: { kind: 'oauth', scopes: ['account:read', 'listings:write'] },
      });

      const before = provider.saved!.refresh_token;
      env.ctx.clock.advance(3601_000);
      expect((await client.callTool({ name: 'get_account', arguments: {} })).isError).toBeFalsy();
      expect(provider.saved!.refresh_token).not.toBe(before);
    } finally {
      await client.close();
    }
  });
});
