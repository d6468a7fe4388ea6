// The per-request server factory: a request the HTTP gate found to be one
// tools/call gets a server holding only that tool; any other gets them all.
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { tools } from '../../tools/index.js';
import { anonymous } from '../../src/auth/caller.js';
import { mcpServerFactory, ONLY_TOOL } from '../../src/mcp/server.js';
import { testContext, type TestContext } from '../helpers/context.js';

let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function connect(extra: Record<string, unknown>) {
  t = await testContext();
  const server = await mcpServerFactory(
    t,
    tools,
  )({
    era: 'legacy',
    authInfo: { token: '', clientId: 'anonymous', scopes: [], extra: { caller: anonymous(), ...extra } },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'factory-test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

describe('mcpServerFactory', () => {
  it('builds a server with only the tool a single call names, which answers that call', async () => {
    const client = await connect({ [ONLY_TOOL]: 'get_site_info' });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['get_site_info']);
    const result = await client.callTool({ name: 'get_site_info', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ name: 'Launchboard' });
    await client.close();
  });

  it('builds every tool and the resources for any other request', async () => {
    const client = await connect({});
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(
      tools.map((tool) => tool.name).sort(),
    );
    expect((await client.listResources()).resources.length).toBeGreaterThan(0);
    await client.close();
  });

  it('ignores a tool name it does not know', async () => {
    const client = await connect({ [ONLY_TOOL]: 'no_such_tool' });
    expect((await client.listTools()).tools).toHaveLength(tools.length);
    await client.close();
  });
});
