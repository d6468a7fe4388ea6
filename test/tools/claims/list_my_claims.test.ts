import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import claimListing from '../../../tools/claims/claim_listing.js';
import listMyClaims from '../../../tools/claims/list_my_claims.js';
import { testContext, type TestContext } from '../../helpers/context.js';
import { given } from '../../helpers/given.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { userWithKey } from '../../helpers/users.js';
import { connectHttp } from '../../mcp/clients.js';

let ctx: TestContext;
let server: TestServer;
beforeAll(async () => {
  ctx = await testContext();
  for (const slug of ['one', 'two', 'three'])
    await given(ctx).listing({ slug, fields: { url: `https://${slug}.test/`, domain: `${slug}.test` } });
  server = await startServer(ctx, [claimListing, listMyClaims]);
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

describe('list_my_claims', () => {
  it('lists own claims newest first, paginated, with status and instructions', async () => {
    const maker = await userWithKey(ctx, ['listings:write', 'account:read']);
    const other = await userWithKey(ctx, ['listings:write', 'account:read']);
    for (const slug of ['one', 'two', 'three']) {
      await fetch(`${server.url}/api/v1/claims`, {
        method: 'POST',
        headers: { ...maker.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ slug, method: 'dns' }),
      });
    }
    const res = await fetch(`${server.url}/api/v1/claims?per_page=2`, { headers: maker.auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ page: 1, per_page: 2, total: 3 });
    expect(body.items.map((c: any) => [c.listing.slug, c.status])).toEqual([
      ['three', 'pending'],
      ['two', 'pending'],
    ]);
    expect(body.items[0].instructions.dns).toMatchObject({ name: 'three.test' });
    expect(
      (await (await fetch(`${server.url}/api/v1/claims?page=2&per_page=2`, { headers: maker.auth })).json()).items.map(
        (c: any) => c.listing.slug,
      ),
    ).toEqual(['one']);
    expect((await (await fetch(`${server.url}/api/v1/claims`, { headers: other.auth })).json()).total).toBe(0);
    expect((await fetch(`${server.url}/api/v1/claims?per_page=101`, { headers: maker.auth })).status).toBe(400);

    const client = await connectHttp('v2-2025-11-25', `${server.url}/mcp`, maker.auth);
    try {
      const result = await client.callTool('list_my_claims', { per_page: 1 });
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as any).items[0].listing.slug).toBe('three');
    } finally {
      await client.close();
    }
  });
});
