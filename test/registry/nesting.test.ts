// Input nested deeper than any operation takes (N3) is a 400 naming the field on every
// operation and every face, never a stack overflow answered as a 500 or an "Internal error".
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { tools } from '../../tools/index.js';
import { anonymous, webCaller } from '../../src/auth/caller.js';
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

describe('deeply nested input, every operation on every face', () => {
  /** The first input field that is not in the operation's path (any name when there is none: the depth check comes first). */
  const bodyKey = (tool: (typeof tools)[number]) =>
    Object.keys(tool.input.shape).find((k) => !tool.http.path.includes(`{${k}}`)) ?? 'anything';
  const withBody = tools.filter((t) => t.http.method !== 'GET' && t.http.method !== 'DELETE');

  it.each(withBody.map((t) => [t.name, t] as const))('REST %s: a 400 problem naming the field', async (_, tool) => {
    const { key } = await userWithKey(served.ctx, ['account:read', 'listings:write', 'orders:write']);
    const path = tool.http.path.replace(/\{[^}]+\}/g, '1');
    const field = bodyKey(tool);
    const res = await fetch(`${served.server.url}/api/v1${path}`, {
      method: tool.http.method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: `{"${field}":${'['.repeat(5_000)}"x"${']'.repeat(5_000)}}`,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const paths = (await res.json()).errors.map((e: { path: string }) => e.path);
    expect(paths.some((p: string) => new RegExp(`^${field}(\\.0)+$`).test(p))).toBe(true);
  });

  it('MCP: a tool error naming the field for every tool, signed in with every scope', async () => {
    const ctx = await testContext();
    try {
      const { userId } = await userWithKey(ctx, ['account:read']);
      const caller = webCaller(userId);
      const server = await mcpServerFactory(
        ctx,
        tools,
      )({ era: 'legacy', authInfo: { token: '', clientId: 'test', scopes: [], extra: { caller } } });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client({ name: 'nesting-test', version: '1.0.0' });
      await client.connect(clientSide);
      for (const tool of tools) {
        const field = Object.keys(tool.input.shape)[0] ?? 'anything';
        const result = await client.callTool({ name: tool.name, arguments: { [field]: nested(5_000) } });
        expect(result.isError, tool.name).toBe(true);
        expect(JSON.stringify(result.content), tool.name).toMatch(/nested too deeply/);
      }
      await client.close();
    } finally {
      await ctx.close();
    }
  });
});
