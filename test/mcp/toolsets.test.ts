// Toolsets over Streamable HTTP: a client that asks for some (`/mcp?toolsets=`)
// is offered and may call only those; the server's LAUNCHBOARD_TOOLSETS
// bounds what any client can ask for.
import { describe, expect, it } from 'vitest';
import { tools, toolsets } from '../../tools/index.js';
import { servedTools } from '../helpers/server.js';
import { connectHttp, postMcp, toolCallRequest, withMcpClient } from './clients.js';

const names = (list: { name: string }[]) => list.map((tool) => tool.name).sort();

describe('MCP toolsets asked for in the endpoint query', () => {
  const served = servedTools();

  it('lists only the read-only tools for ?toolsets=read, to a v2 and a v1 client', async () => {
    for (const kind of ['v2-2026-07-28', 'v2-2025-11-25', 'v1'] as const) {
      await withMcpClient(kind, `${served.server.url}/mcp?toolsets=read`, async (client) => {
        expect(names((await client.listTools()).tools)).toEqual(names(toolsets.read));
      });
    }
  });

  it('answers a call of a tool outside the toolsets as an unknown tool, even without credentials', async () => {
    await withMcpClient('v2-2025-11-25', `${served.server.url}/mcp?toolsets=directory`, async (client) => {
      await expect(client.callTool('quote_order', { items: [] })).rejects.toThrow(/quote_order/);
      const inside = await client.callTool('get_site_info', {});
      expect(inside.isError).toBeFalsy();
    });
  });

  it('asks no sign-in for a signed-in tool outside the toolsets: it is not there to call', async () => {
    const outside = await postMcp(`${served.server.url}/mcp?toolsets=directory`, toolCallRequest('get_account'));
    expect(outside.status).not.toBe(401);
    expect(await outside.text()).toMatch(/get_account.*not found/i);
    const inside = await postMcp(`${served.server.url}/mcp?toolsets=maker`, toolCallRequest('get_account'));
    expect(inside.status).toBe(401);
  });

  it('always lists get_site_info, where the instructions say to start', async () => {
    await withMcpClient('v2-2026-07-28', `${served.server.url}/mcp?toolsets=orders`, async (client) => {
      expect(names((await client.listTools()).tools)).toEqual(names([tools[0]!, ...toolsets.orders]));
    });
  });

  it('lists every tool for ?toolsets=all', async () => {
    await withMcpClient('v2-2026-07-28', `${served.server.url}/mcp?toolsets=all`, async (client) => {
      expect((await client.listTools()).tools).toHaveLength(tools.length);
    });
  });

  it('answers an unknown toolset with 400, naming the known ones', async () => {
    const res = await postMcp(`${served.server.url}/mcp?toolsets=read,billing`, {
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error_description).toMatch(/billing.*directory, maker, orders, read/);
  });
});

describe('MCP toolsets of the whole server (LAUNCHBOARD_TOOLSETS)', () => {
  const served = servedTools({ config: { mcpToolsets: 'directory,orders' } });

  it('offers only those toolsets, and a client chooses within them', async () => {
    const client = await connectHttp('v2-2025-11-25', `${served.server.url}/mcp`);
    try {
      const offered = names((await client.listTools()).tools);
      expect(offered).toEqual(names([...new Set([...toolsets.directory, ...toolsets.orders])]));
      expect(offered).not.toContain('submit_listing');
    } finally {
      await client.close();
    }
    await withMcpClient('v2-2025-11-25', `${served.server.url}/mcp?toolsets=maker`, async (narrowed) => {
      expect(names((await narrowed.listTools()).tools)).toEqual(['get_site_info']);
    });
  });

  it('keeps REST serving every operation', async () => {
    expect((await fetch(`${served.server.url}/api/v1/me`)).status).toBe(401);
  });
});
