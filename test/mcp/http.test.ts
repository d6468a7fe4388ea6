import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { tools } from '../../tools/index.js';
import { servedTools } from '../helpers/server.js';
import { type ClientKind, connectHttp, pingRequest, postMcp } from './clients.js';

const served = servedTools();

const kinds: { kind: ClientKind; expected: string }[] = [
  { kind: 'v2-2026-07-28', expected: '2026-07-28' },
  { kind: 'v2-2025-11-25', expected: '2025-11-25' },
  { kind: 'v2-2025-06-18', expected: '2025-06-18' },
  { kind: 'v2-2025-03-26', expected: '2025-03-26' },
  { kind: 'v1', expected: '2025-11-25' },
];

describe.each(kinds)('MCP over Streamable HTTP with a $kind client', ({ kind, expected }) => {
  it(`negotiates ${expected}, lists every tool and calls get_site_info`, async () => {
    const client = await connectHttp(kind, `${served.server.url}/mcp`);
    try {
      expect(client.protocolVersion()).toBe(expected);
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name).sort()).toEqual(tools.map((t) => t.name).sort());
      for (const t of listed.tools) {
        expect(t.outputSchema).toBeDefined();
        expect(t.annotations?.readOnlyHint).toBeTypeOf('boolean');
      }
      const result = await client.callTool('get_site_info', {});
      expect(result.isError).toBeFalsy();
      const rest = await (await fetch(`${served.server.url}/api/v1/site`)).json();
      expect(result.structuredContent).toEqual(rest);
    } finally {
      await client.close();
    }
  });

  it('returns an isError result naming the field for bad input', async () => {
    const client = await connectHttp(kind, `${served.server.url}/mcp`);
    try {
      const result = await client.callTool('list_categories', { include_empty: 'yes', extra: 1 });
      expect(result.isError).toBe(true);
      const text = JSON.stringify(result.content);
      expect(text).toContain('include_empty');
      expect(text).toContain('extra');
    } finally {
      await client.close();
    }
  });
});

describe('MCP endpoint guards', () => {
  it('rejects a foreign Host header (DNS rebinding)', async () => {
    // fetch() may not set Host, so speak plain node:http.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${served.server.url}/mcp`, {
        method: 'POST',
        headers: {
          host: 'evil.example',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(JSON.stringify(pingRequest));
    });
    expect(status).toBe(403);
  });

  it('rejects a foreign Origin header', async () => {
    const res = await postMcp(`${served.server.url}/mcp`, pingRequest, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('answers an invalid bearer token with 401 and a WWW-Authenticate challenge', async () => {
    const res = await postMcp(`${served.server.url}/mcp`, pingRequest, { authorization: 'Bearer lb_wrong' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });

  const post = (body: string, version: string, headers: Record<string, string> = {}) =>
    postMcp(`${served.server.url}/mcp`, body, { 'mcp-protocol-version': version, ...headers });

  it.each(['2026-07-28', '2025-11-25'])(
    'answers a body that is not JSON with a JSON-RPC parse error (%s)',
    async (version) => {
      const res = await post('{"jsonrpc": "2.0", "id": 1, "method": ', version);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 }, id: null });
    },
  );

  it('answers a body over the 4 MiB limit with 413, and still serves the next request', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(4 * 1024 * 1024) } });
    const res = await post(big, '2026-07-28');
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: -32000 } });
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const call = {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'get_site_info', arguments: {}, _meta: meta },
    };
    const next = await post(JSON.stringify(call), '2026-07-28', {
      'mcp-method': 'tools/call',
      'mcp-name': 'get_site_info',
    });
    expect(next.status).toBe(200);
    expect((await next.json()).result.structuredContent).toHaveProperty('name');
  });
});
