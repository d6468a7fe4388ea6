// The page behind the emailed claim link: opening it verifies the claim and
// hands the listing over; a used, expired or unknown link says so.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo } from '../../src/platform/mail.js';
import { claimsRouter } from '../../src/web/claims.js';
import claimListing from '../../tools/claims/claim_listing.js';
import { given } from '../helpers/given.js';
import { servedTools } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';

const served = servedTools({ tools: [claimListing] });
let web: Server;
let base: string;
beforeAll(async () => {
  const app = express();
  app.use(claimsRouter(served.ctx));
  web = createServer(app);
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});
afterAll(async () => {
  web?.closeAllConnections();
  await new Promise((r) => web?.close(r));
});

/** Claims `slug` by email over REST and returns the path of the mailed link. */
async function claimByEmail(auth: Record<string, string>, slug: string, email: string): Promise<string> {
  const res = await fetch(`${served.server.url}/api/v1/claims`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ slug, method: 'email', email }),
  });
  expect(res.status).toBe(200);
  const mail = await latestMailTo(served.ctx, email);
  const link = mail!.text.match(/http:\/\/localhost:3000(\/claims\/verify\/[A-Za-z0-9_-]+)/);
  expect(link).not.toBeNull();
  return link![1]!;
}

describe('GET /claims/verify/{token}', () => {
  it('verifies the claim from the link in the outbox and moves the listing to the claimant', async () => {
    const maker = await userWithKey(served.ctx, ['listings:write']);
    const id = await given(served.ctx).listing({
      slug: 'mailco',
      fields: { name: 'Mail & Co', domain: 'mailco.test', plan: 'free' },
    });
    const path = await claimByEmail(maker.auth, 'mailco', 'founder@mailco.test');
    expect(
      (await served.ctx.db.selectFrom('listings').select('owner_id').where('id', '=', id).executeTakeFirstOrThrow())
        .owner_id,
    ).toBeNull();

    const page = await fetch(`${base}${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('<h1>Claim verified</h1>');
    expect(html).toContain('Mail &amp; Co');
    expect(
      await served.ctx.db.selectFrom('listings').select(['owner_id', 'plan']).where('id', '=', id).executeTakeFirst(),
    ).toEqual({ owner_id: maker.userId, plan: 'free' });
    expect(await served.ctx.db.selectFrom('claims').select('status').where('listing_id', '=', id).execute()).toEqual([
      { status: 'verified' },
    ]);
    // Opening it again is harmless.
    expect((await fetch(`${base}${path}`)).status).toBe(200);
  });

  it('says when a link expired (14 days) or is unknown', async () => {
    const maker = await userWithKey(served.ctx, ['listings:write']);
    const id = await given(served.ctx).listing({ slug: 'slowco', fields: { domain: 'slowco.test' } });
    const path = await claimByEmail(maker.auth, 'slowco', 'ceo@slowco.test');
    served.ctx.clock.advance(14 * 86_400_000 + 1000);
    try {
      const page = await fetch(`${base}${path}`);
      expect(page.status).toBe(410);
      expect(await page.text()).toContain('expired');
      expect(
        (await served.ctx.db.selectFrom('listings').select('owner_id').where('id', '=', id).executeTakeFirstOrThrow())
          .owner_id,
      ).toBeNull();
    } finally {
      served.ctx.clock.set('2026-11-22T12:00:00.000Z');
    }
    expect((await fetch(`${base}/claims/verify/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await fetch(`${base}/claims/verify/short`)).status).toBe(404);
  });

  it('closes a link once someone else verified the listing first', async () => {
    const first = await userWithKey(served.ctx, ['listings:write']);
    const second = await userWithKey(served.ctx, ['listings:write']);
    await given(served.ctx).listing({ slug: 'raceco', fields: { domain: 'raceco.test' } });
    const a = await claimByEmail(first.auth, 'raceco', 'a@raceco.test');
    const b = await claimByEmail(second.auth, 'raceco', 'b@raceco.test');
    expect((await fetch(`${base}${b}`)).status).toBe(200);
    const late = await fetch(`${base}${a}`);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('already verified ownership');
  });
});
