// What the server claims at the handshake, for both eras over HTTP: only what
// it does (completions; lists that never change, so no listChanged; no
// resource subscriptions, no logging), its icon in serverInfo, and the cache
// hints of 2026-07-28 list and read results.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedTestContext } from '../helpers/server.js';
import { postMcp } from './clients.js';

const served = servedTestContext();

async function connect(version: string): Promise<Client> {
  const client = new Client(
    { name: 'capabilities-test', version: '1.0.0' },
    version === '2026-07-28' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(`${served.server.url}/mcp`)));
  return client;
}

describe.each(['2026-07-28', '2025-11-25'])('a v2 client on %s', (version) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(version);
  });
  afterAll(async () => {
    await client.close();
  });

  it('is told of completions and of lists that never change, and of no subscriptions or logging', () => {
    const capabilities = client.getServerCapabilities()!;
    expect(capabilities.tools).toEqual({ listChanged: false });
    expect(capabilities.resources).toEqual({ listChanged: false });
    expect(capabilities.prompts).toEqual({ listChanged: false });
    expect(capabilities.completions).toEqual({});
    expect(capabilities.logging).toBeUndefined();
  });

  it("sees the site's mark as the server's icon, at a URL that serves it", async () => {
    const info = client.getServerVersion()!;
    expect(info).toMatchObject({ name: 'launchboard', title: 'Launchboard' });
    expect(info.icons).toEqual([
      { src: `${served.server.url}/favicon.svg`, mimeType: 'image/svg+xml', sizes: ['any'] },
    ]);
    const icon = await fetch(info.icons![0]!.src);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toMatch(/^<svg /);
  });

  it('lists the resources, templates and prompts', async () => {
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([
      'launchboard://site',
      'launchboard://categories',
      'launchboard://openapi.json',
      'ui://launchboard/draft-review',
    ]);
    expect((await client.listResourceTemplates()).resourceTemplates.map((r) => r.uriTemplate)).toEqual([
      'launchboard://listings/{slug}',
      'launchboard://categories/{slug}',
      'launchboard://weeks/{week}',
    ]);
    const prompts = (await client.listPrompts()).prompts;
    expect(prompts.map((p) => p.name)).toEqual(['launch_my_product', 'weekly_launches']);
    expect(prompts[1]!.arguments).toEqual([
      expect.objectContaining({ name: 'week', required: false }),
      expect.objectContaining({ name: 'category', required: false }),
    ]);
  });

  it('fills the weekly_launches prompt, this week by default', async () => {
    const got = await client.getPrompt({ name: 'weekly_launches', arguments: { category: 'dev' } });
    const text = (got.messages[0]!.content as { text: string }).text;
    expect(text).toContain('get_launch_week with week "this"');
    expect(text).toContain('get_category with slug "dev"');
    await expect(
      client.getPrompt({ name: 'weekly_launches', arguments: { week: '"><img src=x onerror=alert(1)>' } }),
    ).rejects.toThrow();
  });
});

describe('2026-07-28 cache hints', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect('2026-07-28');
  });
  afterAll(async () => {
    await client.close();
  });

  it('marks the lists public for five minutes, but the tool list, which differs by host (the App view), private', async () => {
    expect(await client.listTools(undefined, { cacheMode: 'bypass' })).toMatchObject({
      ttlMs: 300_000,
      cacheScope: 'private',
    });
    for (const list of [
      () => client.listPrompts(undefined, { cacheMode: 'bypass' }),
      () => client.listResources(undefined, { cacheMode: 'bypass' }),
      () => client.listResourceTemplates(undefined, { cacheMode: 'bypass' }),
    ]) {
      expect(await list()).toMatchObject({ ttlMs: 300_000, cacheScope: 'public' });
    }
  });

  it('marks public reads public for 30 seconds, as the REST API does, and the OpenAPI document and the App view for five minutes', async () => {
    const read = (uri: string) => client.readResource({ uri }, { cacheMode: 'bypass' });
    expect(await read('launchboard://site')).toMatchObject({ ttlMs: 30_000, cacheScope: 'public' });
    expect(await read('launchboard://categories')).toMatchObject({ ttlMs: 30_000, cacheScope: 'public' });
    expect(await read('launchboard://weeks/this')).toMatchObject({ ttlMs: 30_000, cacheScope: 'public' });
    expect(await read('launchboard://openapi.json')).toMatchObject({ ttlMs: 300_000, cacheScope: 'public' });
    expect(await read('ui://launchboard/draft-review')).toMatchObject({ ttlMs: 300_000, cacheScope: 'public' });
  });
});

describe('what the server does not claim, asked anyway (2025-11-25, raw JSON-RPC)', () => {
  const headers = { 'mcp-protocol-version': '2025-11-25' };

  const answer = async (method: string, params: unknown) => {
    const res = await postMcp(`${served.server.url}/mcp`, { jsonrpc: '2.0', id: 1, method, params }, headers);
    // The answer may come as one SSE message event.
    const text = await res.text();
    return JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? text) as { result?: unknown; error?: { code: number } };
  };

  it('answers what it claims the same way (the control)', async () => {
    const body = await answer('completion/complete', {
      ref: { type: 'ref/resource', uri: 'launchboard://weeks/{week}' },
      argument: { name: 'week', value: 'th' },
    });
    expect(body.result).toMatchObject({ completion: { values: ['this'] } });
  });

  it.each([
    ['logging/setLevel', { level: 'debug' }],
    ['resources/subscribe', { uri: 'launchboard://site' }],
  ])('answers %s with method not found', async (method, params) => {
    expect((await answer(method, params)).error?.code).toBe(-32601);
  });
});
