// MCP resources and the launch prompt, read by real clients of both eras.
import { describe, expect, it } from 'vitest';
import { given } from '../helpers/given.js';
import { servedTools } from '../helpers/server.js';
import { connectHttp, type ClientKind } from '../mcp/clients.js';

const served = servedTools({
  seed: async (ctx) => {
    const g = given(ctx);
    const dev = await g.category({ slug: 'dev', name: 'Dev' });
    await g.listing({ slug: 'hookly', categories: [dev], fields: { name: 'Hookly' } });
    await g.listing({ slug: 'hidden', status: 'draft' });
  },
});

describe.each(['v2-2026-07-28', 'v2-2025-11-25'] as ClientKind[])('resources over %s', (kind) => {
  it('lists and reads the site, category tree, OpenAPI document and a listing by slug', async () => {
    const client = await connectHttp(kind, `${served.server.url}/mcp`);
    try {
      const uris = (await client.listResources()).resources.map((r) => r.uri);
      expect(uris).toEqual(
        expect.arrayContaining(['launchboard://site', 'launchboard://categories', 'launchboard://openapi.json']),
      );
      const read = async (uri: string) => JSON.parse((await client.readResource(uri)).contents[0]!.text!);
      expect((await read('launchboard://categories')).items[0]).toMatchObject({ slug: 'dev', listing_count: 1 });
      expect((await read('launchboard://openapi.json')).openapi).toBe('3.1.0');
      expect(await read('launchboard://listings/hookly')).toMatchObject({ slug: 'hookly', name: 'Hookly' });
      await expect(client.readResource('launchboard://listings/hidden')).rejects.toThrow();
    } finally {
      await client.close();
    }
  });
});
