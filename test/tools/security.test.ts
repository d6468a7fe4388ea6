// The shared security suite, looped over every signed-in tool on both faces:
// no credential → 401, a credential without the scope → 403, and nothing runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/auth/caller.js';
import { tools } from '../../tools/index.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';
import { connectHttp } from '../mcp/clients.js';

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
  });

  it('answers 403 with a credential that lacks its scope over REST', async () => {
    const other = SCOPES.filter((s) => s !== tool.scope);
    const { auth } = await userWithKey(ctx, other);
    const res = await restCall(tool, auth);
    expect(res.status).toBe(403);
  });

  it('returns isError 401 / 403 over MCP', async () => {
    const anon = await connectHttp('v2-2026-07-28', `${server.url}/mcp`);
    const { auth } = await userWithKey(ctx, SCOPES.filter((s) => s !== tool.scope));
    const limited = await connectHttp('v2-2026-07-28', `${server.url}/mcp`, auth);
    try {
      const a = await anon.callTool(tool.name, {});
      expect(a.isError).toBe(true);
      expect(JSON.parse((a.content as { text: string }[])[0].text).status).toBe(401);
      const b = await limited.callTool(tool.name, {});
      expect(b.isError).toBe(true);
      expect(JSON.parse((b.content as { text: string }[])[0].text).status).toBe(403);
    } finally {
      await anon.close();
      await limited.close();
    }
  });
});

describe('credentials', () => {
  it('refuses a revoked or expired API key with 401', async () => {
    const revoked = await userWithKey(ctx, ['account:read']);
    await ctx.db.updateTable('api_keys').set({ revoked_at: ctx.clock.now().toISOString() }).where('id', '=', revoked.keyId).execute();
    expect((await fetch(`${server.url}/api/v1/me`, { headers: revoked.auth })).status).toBe(401);
    const expired = await userWithKey(ctx, ['account:read'], { expiresAt: new Date(ctx.clock.now().getTime() - 1000).toISOString() });
    expect((await fetch(`${server.url}/api/v1/me`, { headers: expired.auth })).status).toBe(401);
  });

  it('stores API keys only as SHA-256 hashes', async () => {
    const { key, keyId } = await userWithKey(ctx, ['account:read']);
    const row = await ctx.db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
