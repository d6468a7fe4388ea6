import { describe, expect, it } from 'vitest';
import { servedTools } from '../../helpers/server.js';
import { userWithKey } from '../../helpers/users.js';
import { connectHttp } from '../../mcp/clients.js';

const served = servedTools();

describe('get_account', () => {
  it('tells who the caller is and which operations the key opens', async () => {
    const maker = await userWithKey(served.ctx, ['account:read']);
    const res = await fetch(`${served.server.url}/api/v1/me`, { headers: maker.auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ id: maker.userId, email: maker.email });
    expect(body.credential).toEqual({ kind: 'api_key', scopes: ['account:read'] });
    expect(body.allowed_operations).toContain('get_account');
    expect(body.allowed_operations).toContain('get_site_info');
    expect(res.headers.get('ratelimit-policy')).toBe('"default";q=600;w=60');
  });

  it('answers the same over MCP with the key as a bearer token', async () => {
    const maker = await userWithKey(served.ctx, ['account:read', 'listings:write']);
    const client = await connectHttp('v1', `${served.server.url}/mcp`, maker.auth);
    try {
      const result = await client.callTool('get_account', {});
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as any).credential.scopes).toEqual(['account:read', 'listings:write']);
    } finally {
      await client.close();
    }
  });
});
