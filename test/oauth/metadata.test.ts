// Discovery documents: the protected-resource and authorization-server
// metadata answer JSON, and so does a probe for one we do not serve.
import { describe, expect, it } from 'vitest';
import { servedTestContext } from '../helpers/server.js';

const served = servedTestContext();

describe('well-known documents', () => {
  it('answers a JSON 404 naming the metadata we serve for other well-known paths', async () => {
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/openid-configuration',
      '/.well-known/oauth-authorization-server/extra',
    ]) {
      const res = await fetch(`${served.server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({
        error: 'not_found',
        error_description: expect.stringContaining('/.well-known/oauth-protected-resource/mcp'),
      });
    }
  });

  it('still serves the metadata itself', async () => {
    const resource = await (await fetch(`${served.server.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(resource.resource).toBe(`${served.ctx.config.publicUrl}/mcp`);
    const server = await fetch(`${served.server.url}/.well-known/oauth-authorization-server`);
    expect(server.status).toBe(200);
  });
});
