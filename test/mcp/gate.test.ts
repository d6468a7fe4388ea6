// The MCP gate passes on the body mcp-node.ts parsed, and names the one tool
// a single tools/call calls so the server factory can build that tool alone.
import type { McpHandlerRequestOptions } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../tools/index.js';
import { anonymous } from '../../src/auth/caller.js';
import { mcpAuthorizationGate } from '../../src/mcp/gate.js';
import { ONLY_TOOL } from '../../src/mcp/server.js';
import { testContext, type TestContext } from '../helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testContext();
});
afterAll(() => ctx.close());

const anonymousAuth = { token: '', clientId: 'anonymous', scopes: [], extra: { caller: anonymous() } };

async function passedOptions(body: unknown): Promise<McpHandlerRequestOptions | undefined> {
  let seen: McpHandlerRequestOptions | undefined;
  const gate = mcpAuthorizationGate(ctx, tools, {
    fetch: async (_request, options) => {
      seen = options;
      return new Response(null, { status: 202 });
    },
  });
  const request = new Request('http://localhost:3000/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  });
  await gate.fetch(request, { authInfo: anonymousAuth, parsedBody: body });
  return seen;
}

const call = (name: string) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } });

describe('mcpAuthorizationGate', () => {
  it('names the tool of a single tools/call and passes the parsed body', async () => {
    const options = await passedOptions(call('get_listing'));
    expect(options?.authInfo?.extra).toMatchObject({ [ONLY_TOOL]: 'get_listing', caller: { kind: 'anonymous' } });
    expect(options?.parsedBody).toEqual(call('get_listing'));
  });

  it('names no tool for other methods, unknown tools or batches', async () => {
    for (const body of [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }, call('no_such_tool'), [call('get_listing')]]) {
      expect((await passedOptions(body))?.authInfo?.extra?.[ONLY_TOOL]).toBeUndefined();
    }
  });

  it('passes a request without a parsed body (not JSON) to the SDK as sent', async () => {
    let seen: Request | undefined;
    const gate = mcpAuthorizationGate(ctx, tools, {
      fetch: async (request) => {
        seen = request;
        return new Response(null, { status: 400 });
      },
    });
    const request = new Request('http://localhost:3000/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":',
    });
    await gate.fetch(request, { authInfo: anonymousAuth });
    expect(seen).toBe(request);
    expect(await seen!.text()).toBe('{"jsonrpc":');
  });
});

describe('a signed-in tool called without credentials', () => {
  it('answers 401 with the sign-in challenge and no error code, in the header or the body (RFC 6750 §3.1)', async () => {
    const gate = mcpAuthorizationGate(ctx, tools, {
      fetch: async () => new Response(null, { status: 202 }),
    });
    const res = await gate.fetch(new Request('http://localhost:3000/mcp', { method: 'POST' }), {
      authInfo: anonymousAuth,
      parsedBody: call('list_my_drafts'),
    });
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource\/mcp"/);
    expect(challenge).not.toMatch(/error=/);
    expect(await res.json()).toEqual({ error_description: expect.stringContaining('list_my_drafts needs sign-in') });
  });
});
