import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import claimListing from '../../../tools/claims/claim_listing.js';
import { CHECK_COOLDOWN_SECONDS } from '../../../src/claims/claims.js';
import verifyClaim from '../../../tools/claims/verify_claim.js';
import { testContext, type TestContext } from '../../helpers/context.js';
import { startTxtServer, type TxtServer } from '../../helpers/dns.js';
import { given } from '../../helpers/given.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { userWithKey } from '../../helpers/users.js';
import { connectHttp } from '../../mcp/clients.js';

let ctx: TestContext;
let server: TestServer;
let dns: TxtServer;
let listingId: number;
beforeAll(async () => {
  dns = await startTxtServer();
  ctx = await testContext({ dnsServers: [dns.address] });
  listingId = await given(ctx).listing({
    slug: 'acme',
    fields: { url: 'https://acme.test/', domain: 'acme.test', plan: 'free' },
  });
  server = await startServer(ctx, [claimListing, verifyClaim]);
});
afterAll(async () => {
  await server?.close();
  await dns?.close();
  await ctx?.close();
});

const call = (auth: Record<string, string>, path: string, body?: unknown) =>
  fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('verify_claim', () => {
  it('checks the TXT record: pending with what was seen, then verified and the listing owned (not paid)', async () => {
    const maker = await userWithKey(ctx, ['listings:write']);
    const claim = await (await call(maker.auth, '/claims', { slug: 'acme', method: 'dns' })).json();
    const before = await call(maker.auth, `/claims/${claim.claim_id}/verify`);
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({
      verified: false,
      status: 'pending',
      last_error: expect.stringContaining('acme.test'),
      next_steps: [{ tool: 'verify_claim' }],
    });

    dns.records.set('acme.test', [claim.token]);
    // A second check at once is refused (each check is an outbound lookup); after the cooldown it runs.
    const soon = await call(maker.auth, `/claims/${claim.claim_id}/verify`);
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    ctx.clock.advance(CHECK_COOLDOWN_SECONDS * 1000);
    const after = await (await call(maker.auth, `/claims/${claim.claim_id}/verify`)).json();
    expect(after).toMatchObject({ verified: true, status: 'verified' });
    expect(after.next_steps[0].tool).toBe('list_my_listings');
    expect(
      await ctx.db.selectFrom('listings').select(['owner_id', 'plan']).where('id', '=', listingId).executeTakeFirst(),
    ).toEqual({ owner_id: maker.userId, plan: 'free' });
  });

  it("answers 404 for another user's claim and 409 for an email claim", async () => {
    const a = await userWithKey(ctx, ['listings:write']);
    const b = await userWithKey(ctx, ['listings:write']);
    await given(ctx).listing({ slug: 'mailme', fields: { url: 'https://mail.test/', domain: 'mail.test' } });
    const claim = await (
      await call(a.auth, '/claims', { slug: 'mailme', method: 'email', email: 'boss@mail.test' })
    ).json();
    const foreign = await call(b.auth, `/claims/${claim.claim_id}/verify`);
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('content-type')).toMatch(/problem\+json/);
    const email = await call(a.auth, `/claims/${claim.claim_id}/verify`);
    expect(email.status).toBe(409);
    expect((await email.json()).detail).toContain('opens the link we mailed');
    expect((await call(a.auth, '/claims/0/verify')).status).toBe(400);
    expect((await call(a.auth, '/claims/abc/verify')).status).toBe(400);
  });

  it('works over MCP', async () => {
    const maker = await userWithKey(ctx, ['listings:write']);
    await given(ctx).listing({ slug: 'mcp-co', fields: { url: 'https://mcp-co.test/', domain: 'mcp-co.test' } });
    const client = await connectHttp('v1', `${server.url}/mcp`, maker.auth);
    try {
      const claim = (await client.callTool('claim_listing', { slug: 'mcp-co', method: 'dns' })).structuredContent as {
        claim_id: number;
        token: string;
      };
      dns.records.set('mcp-co.test', [claim.token]);
      const result = await client.callTool('verify_claim', { claim_id: claim.claim_id });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ verified: true });
    } finally {
      await client.close();
    }
  });

  it('runs one check for many calls at once on the same claim; the others get 429', async () => {
    const maker = await userWithKey(ctx, ['listings:write']);
    const claim = await (await call(maker.auth, '/claims', { slug: 'acme', method: 'dns' })).json();
    ctx.clock.advance(CHECK_COOLDOWN_SECONDS * 1000);
    const statuses = await Promise.all(
      Array.from({ length: 15 }, async () => (await call(maker.auth, `/claims/${claim.claim_id}/verify`)).status),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(14);
  });
});
