import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import claimListing from '../../../tools/claims/claim_listing.js';
import { testContext, type TestContext } from '../../helpers/context.js';
import { given } from '../../helpers/given.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { userWithKey } from '../../helpers/users.js';
import { connectHttp } from '../../mcp/clients.js';

let ctx: TestContext;
let server: TestServer;
beforeAll(async () => {
  ctx = await testContext();
  await given(ctx).listing({
    slug: 'acme',
    fields: { name: 'Acme', url: 'https://www.acme.example/', domain: 'www.acme.example' },
  });
  await given(ctx).listing({ slug: 'beta', fields: { url: 'https://beta.example/', domain: 'beta.example' } });
  server = await startServer(ctx, [claimListing]);
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

const post = (auth: Record<string, string>, body: unknown, key?: string) =>
  fetch(`${server.url}/api/v1/claims`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  });

describe('claim_listing', () => {
  it('returns the DNS record to publish and what to call next', async () => {
    const maker = await userWithKey(ctx, ['listings:write']);
    const res = await post(maker.auth, { slug: 'acme', method: 'dns' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      status: 'pending',
      method: 'dns',
      listing: { slug: 'acme', name: 'Acme', domain: 'www.acme.example' },
      verified_at: null,
    });
    expect(body.instructions.dns).toEqual({ type: 'TXT', name: 'acme.example', value: body.token });
    expect(body.instructions.summary).toContain('verify_claim');
    expect(body.next_steps).toEqual([{ tool: 'verify_claim', why: expect.any(String) }]);
  });

  it('returns the meta tag and file for those methods', async () => {
    const maker = await userWithKey(ctx, ['listings:write']);
    const meta = await (await post(maker.auth, { slug: 'beta', method: 'meta' })).json();
    expect(meta.instructions.meta).toEqual({
      html: `<meta name="launchboard-verification" content="${meta.token}">`,
      page_url: 'https://beta.example/',
    });
    const file = await (await post(maker.auth, { slug: 'beta', method: 'file' })).json();
    expect(file).toMatchObject({ claim_id: meta.claim_id, token: meta.token });
    expect(file.instructions.file).toEqual({
      url: 'https://beta.example/.well-known/launchboard-verification.txt',
      content: meta.token,
    });
  });

  it('mails a link for the email method, and names the email field when it is wrong', async () => {
    const maker = await userWithKey(ctx, ['listings:write']);
    const ok = await post(maker.auth, { slug: 'acme', method: 'email', email: 'ceo@acme.example' });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toMatchObject({
      token: null,
      instructions: { email: { sent_to: 'ceo@acme.example' } },
      next_steps: [{ tool: 'list_my_claims' }],
    });
    const outbox = await ctx.db
      .selectFrom('outbox')
      .select(['to', 'subject'])
      .where('to', '=', 'ceo@acme.example')
      .execute();
    expect(outbox).toEqual([{ to: 'ceo@acme.example', subject: 'Confirm you run Acme' }]);

    const bad = await post(maker.auth, { slug: 'acme', method: 'email', email: 'ceo@gmail.com' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await bad.json()).errors).toEqual([
      { path: 'email', message: "must be an address at acme.example, the listing's domain" },
    ]);
  });

  it('refuses bad input with 400 naming the field, and unknown listings with 404', async () => {
    const maker = await userWithKey(ctx, ['listings:write']);
    for (const [body, path] of [
      [{ slug: 'acme', method: 'carrier-pigeon' }, 'method'],
      [{ method: 'dns' }, 'slug'],
      [{ slug: 'Not A Slug', method: 'dns' }, 'slug'],
      [{ slug: 'acme', method: 'dns', extra: 1 }, 'extra'],
    ] as const) {
      const res = await post(maker.auth, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).errors[0].path).toBe(path);
    }
    expect((await post(maker.auth, { slug: 'no-such-thing', method: 'dns' })).status).toBe(404);
  });

  it('replays a retry with the same Idempotency-Key', async () => {
    const maker = await userWithKey(ctx, ['listings:write']);
    const first = await post(maker.auth, { slug: 'acme', method: 'file' }, 'claim-1');
    const again = await post(maker.auth, { slug: 'acme', method: 'file' }, 'claim-1');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
  });

  it('works over MCP', async () => {
    const maker = await userWithKey(ctx, ['listings:write']);
    const client = await connectHttp('v2-2026-07-28', `${server.url}/mcp`, maker.auth);
    try {
      const result = await client.callTool('claim_listing', { slug: 'beta', method: 'dns' });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        status: 'pending',
        instructions: { dns: { name: 'beta.example' } },
      });
      const bad = await client.callTool('claim_listing', { slug: 'beta', method: 'email' });
      expect(bad.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
