// Bad input on both faces, through a fixture tool that uses the shared SPEC
// pieces (pagination, slug, bounded strings): 400 problem+json naming the field
// on REST, an isError result naming it over MCP.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../tools/define.js';
import { tools } from '../../tools/index.js';
import { pagination, slug } from '../../tools/schemas.js';
import { servedTools } from '../helpers/server.js';
import { connectHttp } from '../mcp/clients.js';

const listTool = defineTool({
  name: 'list_test_items',
  title: 'List test items',
  description: 'Fixture tool for bad-input tests: echoes its validated input.',
  scope: null,
  http: { method: 'GET', path: '/test-items/{slug}' },
  input: z.strictObject({ slug, q: z.string().max(200).optional(), ...pagination }),
  output: z.object({ slug: z.string(), page: z.number(), per_page: z.number() }),
  annotations: { readOnlyHint: true },
  handler: async (_ctx, input) => ({ slug: input.slug, page: input.page, per_page: input.per_page }),
});
const createTool = defineTool({
  name: 'create_test_item',
  title: 'Create a test item',
  description: 'Fixture tool for bad-input tests on a JSON body.',
  scope: null,
  http: { method: 'POST', path: '/test-items', status: 201 },
  input: z.strictObject({ url: z.string().max(2048), tags: z.array(z.string().max(200)).max(20).optional() }),
  output: z.object({ ok: z.boolean() }),
  annotations: { readOnlyHint: false },
  handler: async () => ({ ok: true }),
});

const served = servedTools({ tools: [...tools, listTool, createTool] });

async function expect400(res: Response, field: string) {
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = await res.json();
  expect(body.errors.map((e: { path: string }) => e.path)).toContain(field);
}

const get = (query: string, s = 'ok-slug') => fetch(`${served.server.url}/api/v1/test-items/${s}${query}`);
const post = (body: string, contentType = 'application/json') =>
  fetch(`${served.server.url}/api/v1/test-items`, { method: 'POST', headers: { 'content-type': contentType }, body });

describe('bad input over REST', () => {
  it('accepts the defaults and the bounds themselves', async () => {
    expect(await (await get('')).json()).toEqual({ slug: 'ok-slug', page: 1, per_page: 20 });
    expect((await get('?page=1000&per_page=100')).status).toBe(200);
    expect((await get(`?q=${'a'.repeat(200)}`)).status).toBe(200);
  });
  it.each([
    ['?page=0', 'page'],
    ['?page=1001', 'page'],
    ['?page=1.5', 'page'],
    ['?per_page=0', 'per_page'],
    ['?per_page=101', 'per_page'],
    ['?per_page=ten', 'per_page'],
    [`?q=${'a'.repeat(201)}`, 'q'],
    ['?q=a&q=b', 'q'],
    ['?unknown=1', 'unknown'],
  ])('rejects %s naming %s', async (query, field) => {
    await expect400(await get(query), field);
  });
  it('rejects a bad slug in the path naming it', async () => {
    await expect400(await get('', 'Not_A_Slug'), 'slug');
  });
  it('rejects an oversized string, an unknown key and a wrong type in the body', async () => {
    await expect400(await post(JSON.stringify({ url: 'x'.repeat(2049) })), 'url');
    await expect400(await post(JSON.stringify({ url: 'x', extra: true })), 'extra');
    await expect400(await post(JSON.stringify({ url: 42 })), 'url');
    await expect400(await post(JSON.stringify({ url: 'x', tags: Array(21).fill('t') })), 'tags');
    await expect400(await post(JSON.stringify({})), 'url');
  });
  it('rejects invalid JSON, a non-object body and a non-JSON content type', async () => {
    await expect400(await post('{"url":'), '(body)');
    await expect400(await post('[1,2]'), '(body)');
    await expect400(await post('url=x', 'application/x-www-form-urlencoded'), 'Content-Type');
  });
  it('answers a body over 1 MB with 413 problem+json', async () => {
    const res = await post(JSON.stringify({ url: 'x'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
  });
});

describe('bad input over MCP', () => {
  it.each([
    [{ slug: 'ok', page: 0 }, 'page'],
    [{ slug: 'ok', per_page: 101 }, 'per_page'],
    [{ slug: 'ok', q: 'a'.repeat(201) }, 'q'],
    [{ slug: 'ok', nope: 1 }, 'nope'],
    [{ slug: 'BAD SLUG' }, 'slug'],
    [{ slug: 7 }, 'slug'],
  ])('returns isError for %j naming %s', async (args, field) => {
    const client = await connectHttp('v2-2026-07-28', `${served.server.url}/mcp`);
    try {
      const result = await client.callTool('list_test_items', args);
      expect(result.isError).toBe(true);
      const problem = JSON.parse((result.content as { text: string }[])[0].text);
      expect(problem.status).toBe(400);
      expect(problem.errors.map((e: { path: string }) => e.path)).toContain(field);
    } finally {
      await client.close();
    }
  });
});
