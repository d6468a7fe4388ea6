// Input nested deeper than any operation takes (issue 37, N3) is a 400 naming the field on every
// operation and every face, never a stack overflow answered as a 500 or an "Internal error".
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { tools } from '../../tools/index.js';
import { anonymous } from '../../src/auth/caller.js';
import { AppError } from '../../src/errors.js';
import { mcpServerFactory } from '../../src/mcp/server.js';
import { MAX_INPUT_DEPTH } from '../../src/platform/text.js';
import { parseInput } from '../../src/registry/invoke.js';
import { testContext } from '../helpers/context.js';
import { servedTestContext } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';

/** A list inside a list … `levels` deep, around a string. */
const nested = (levels: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};
const served = servedTestContext();

describe('deeply nested input', () => {
  it.each(tools.map((tool) => [tool.name, tool] as const))('%s: a 400 naming the field', (_, tool) => {
    const key = Object.keys(tool.input.shape)[0] ?? 'anything';
    let thrown: unknown;
    try {
      parseInput(tool, { [key]: nested(10_000) });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).kind).toBe('invalid');
    expect((thrown as AppError).errors[0]!.path).toMatch(new RegExp(`^${key}(\\.0)+$`));
  });

  it('keeps input as deep as the limit to the schema, which judges it as usual', () => {
    const tool = tools.find((t) => t.name === 'get_listing')!;
    expect(() => parseInput(tool, { slug: nested(MAX_INPUT_DEPTH) })).toThrow(/slug/);
  });

  it('is a 400 problem naming the field over REST, signed in or not', async () => {
    const { key } = await userWithKey(served.ctx, ['listings:write']);
    const res = await fetch(`${served.server.url}/api/v1/drafts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      // Written out: JSON.stringify itself would overflow on this depth.
      body: `{"url":${'['.repeat(10_000)}"x"${']'.repeat(10_000)}}`,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].message).toMatch(/nested too deeply/);
  });

  it('is a tool error naming the field over MCP, not an internal error', async () => {
    const ctx = await testContext();
    try {
      const server = await mcpServerFactory(
        ctx,
        tools,
      )({
        era: 'legacy',
        authInfo: { token: '', clientId: 'anonymous', scopes: [], extra: { caller: anonymous() } },
      });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client({ name: 'nesting-test', version: '1.0.0' });
      await client.connect(clientSide);
      const result = await client.callTool({ name: 'get_listing', arguments: { slug: nested(10_000) } });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toMatch(/slug\.0.*nested too deeply|nested too deeply/);
      await client.close();
    } finally {
      await ctx.close();
    }
  });
});
