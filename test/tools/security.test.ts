// The shared security suite, looped over every signed-in tool on both faces:
// no credential → 401, a credential without the scope → 403, and nothing runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/auth/caller.js';
import { tools } from '../../tools/index.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';

const signedIn = tools.filter((t) => t.scope !== null);

let ctx: TestContext;
let server: TestServer;
beforeAll(async () => {
  ctx = await testContext();
  server = await startServer(ctx);
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

function restCall(tool: (typeof tools)[number], headers: Record<string, string>) {
  // Path parameters get placeholder values; the scope check comes before input validation.
  const path = tool.http.path.replace(/\{[a-z_]+\}/g, '1');
  const hasBody = ['POST', 'PATCH', 'PUT'].includes(tool.http.method);
  return fetch(`${server.url}/api/v1${path}`, {
    method: tool.http.method,
    headers: { ...headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { body: '{}' } : {}),
  });
}

describe.each(signedIn.map((t) => [t.name, t] as const))('%s', (_name, tool) => {
  it('answers 401 problem+json without credentials over REST', async () => {
    const res = await restCall(tool, {});
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect(res.headers.get('www-authenticate')).toContain(
      `resource_metadata="${ctx.config.publicUrl}/.well-known/oauth-protected-resource/api/v1"`,
    );
  });

  it('answers 403 with a credential that lacks its scope over REST', async () => {
    const other = SCOPES.filter((s) => s !== tool.scope);
    const { auth } = await userWithKey(ctx, other);
    const res = await restCall(tool, auth);
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toMatch(
      new RegExp(`error="insufficient_scope".*scope="${tool.scope}"`),
    );
  });

  it('answers HTTP 401 with the resource_metadata challenge and 403 insufficient_scope over MCP', async () => {
    const call = (headers: Record<string, string>) =>
      fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: tool.name, arguments: {} },
        }),
      });
    const anon = await call({});
    expect(anon.status).toBe(401);
    expect(anon.headers.get('www-authenticate')).toContain(
      `resource_metadata="${ctx.config.publicUrl}/.well-known/oauth-protected-resource/mcp"`,
    );
    const { auth } = await userWithKey(
      ctx,
      SCOPES.filter((s) => s !== tool.scope),
    );
    const limited = await call(auth);
    expect(limited.status).toBe(403);
    expect(limited.headers.get('www-authenticate')).toMatch(
      new RegExp(`error="insufficient_scope".*scope="${tool.scope}"`),
    );
  });
});

describe('credentials', () => {
  it('refuses a revoked or expired API key with 401', async () => {
    const revoked = await userWithKey(ctx, ['account:read']);
    await ctx.db
      .updateTable('api_keys')
      .set({ revoked_at: ctx.clock.now().toISOString() })
      .where('id', '=', revoked.keyId)
      .execute();
    expect((await fetch(`${server.url}/api/v1/me`, { headers: revoked.auth })).status).toBe(401);
    const expired = await userWithKey(ctx, ['account:read'], {
      expiresAt: new Date(ctx.clock.now().getTime() - 1000).toISOString(),
    });
    expect((await fetch(`${server.url}/api/v1/me`, { headers: expired.auth })).status).toBe(401);
  });

  it('stores API keys only as SHA-256 hashes', async () => {
    const { key, keyId } = await userWithKey(ctx, ['account:read']);
    const row = await ctx.db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
