// The shared security suite, looped over every signed-in tool on both faces:
// no credential → 401, a credential without the scope → 403, and nothing runs.
import { describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/auth/caller.js';
import { tools } from '../../tools/index.js';
import { servedTools } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';
import { postMcp, toolCallRequest } from '../mcp/clients.js';

const signedIn = tools.filter((t) => t.scope !== null);

const served = servedTools();

function restCall(tool: (typeof tools)[number], headers: Record<string, string>) {
  // Path parameters get placeholder values; the scope check comes before input validation.
  const path = tool.http.path.replace(/\{[a-z_]+\}/g, '1');
  const hasBody = ['POST', 'PATCH', 'PUT'].includes(tool.http.method);
  return fetch(`${served.server.url}/api/v1${path}`, {
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
      `resource_metadata="${served.ctx.config.publicUrl}/.well-known/oauth-protected-resource/api/v1"`,
    );
  });

  it('answers 403 with a credential that lacks its scope over REST', async () => {
    const other = SCOPES.filter((s) => s !== tool.scope);
    const { auth } = await userWithKey(served.ctx, other);
    const res = await restCall(tool, auth);
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toMatch(
      // The scope needed beside those the credential holds (here: every scope), so signing in again never narrows it.
      new RegExp(`error="insufficient_scope".*scope="${SCOPES.join(' ')}"`),
    );
  });

  it('answers HTTP 401 with the resource_metadata challenge and 403 insufficient_scope over MCP', async () => {
    const call = (headers: Record<string, string>) =>
      postMcp(`${served.server.url}/mcp`, toolCallRequest(tool.name), headers);
    const anon = await call({});
    expect(anon.status).toBe(401);
    expect(anon.headers.get('www-authenticate')).toContain(
      `resource_metadata="${served.ctx.config.publicUrl}/.well-known/oauth-protected-resource/mcp"`,
    );
    const { auth } = await userWithKey(
      served.ctx,
      SCOPES.filter((s) => s !== tool.scope),
    );
    const limited = await call(auth);
    expect(limited.status).toBe(403);
    expect(limited.headers.get('www-authenticate')).toMatch(
      // The scope needed beside those the credential holds (here: every scope), so signing in again never narrows it.
      new RegExp(`error="insufficient_scope".*scope="${SCOPES.join(' ')}"`),
    );
  });
});

describe('credentials', () => {
  it('refuses a revoked or expired API key with 401', async () => {
    const revoked = await userWithKey(served.ctx, ['account:read']);
    await served.ctx.db
      .updateTable('api_keys')
      .set({ revoked_at: served.ctx.clock.now().toISOString() })
      .where('id', '=', revoked.keyId)
      .execute();
    expect((await fetch(`${served.server.url}/api/v1/me`, { headers: revoked.auth })).status).toBe(401);
    const expired = await userWithKey(served.ctx, ['account:read'], {
      expiresAt: new Date(served.ctx.clock.now().getTime() - 1000).toISOString(),
    });
    expect((await fetch(`${served.server.url}/api/v1/me`, { headers: expired.auth })).status).toBe(401);
  });

  it('stores API keys only as SHA-256 hashes', async () => {
    const { key, keyId } = await userWithKey(served.ctx, ['account:read']);
    const row = await served.ctx.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', keyId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
