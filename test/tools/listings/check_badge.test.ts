// check_badge over REST: fetches the owner's homepage now (a fixture server
// on 127.0.0.1), says what is missing, schedules the listing once the badge
// is there; only for a listing awaiting its badge; owner only; at most 4 a
// minute. Scheduling it tells the maker's listing.scheduled webhook.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import choose_free_listing from '../../../tools/listings/choose_free_listing.js';
import tool from '../../../tools/listings/check_badge.js';
import { testContext, type TestContext } from '../../helpers/context.js';
import { given } from '../../helpers/given.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { userWithKey } from '../../helpers/users.js';
import { createEndpoint } from '../../../src/webhooks/endpoints.js';

let ctx: TestContext;
let server: TestServer;
let site: Server;
let homepage = '<html><body><h1>Beacon</h1></body></html>';
let maker: Awaited<ReturnType<typeof userWithKey>>;
let listingId: number;
beforeAll(async () => {
  ctx = await testContext({ allowPrivateFetch: true });
  site = createServer((_req, res) => res.setHeader('content-type', 'text/html').end(homepage));
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  maker = await userWithKey(ctx, ['listings:write']);
  listingId = await given(ctx).listing({ slug: 'beacon', status: 'draft', fields: { owner_id: maker.userId, url } });
  server = await startServer(ctx, [tool, choose_free_listing]);
});
afterAll(async () => {
  await server?.close();
  await new Promise((r) => site.close(r));
  await ctx?.close();
});

const check = (auth = maker.auth) =>
  fetch(`${server.url}/api/v1/me/listings/${listingId}/badge-check`, { method: 'POST', headers: auth });

describe('check_badge', () => {
  it('refuses a listing that is not awaiting its badge, then finds the badge once it is on the homepage', async () => {
    const early = await check();
    expect(early.status).toBe(409);
    expect((await early.json()).detail).toContain('choose_free_listing');

    const chosen = await (
      await fetch(`${server.url}/api/v1/me/listings/${listingId}/free`, { method: 'POST', headers: maker.auth })
    ).json();
    const missing = await check();
    expect(missing.status).toBe(200);
    expect(await missing.json()).toMatchObject({
      result: 'missing',
      status: 'awaiting_badge',
      next_check_within_minutes: 60,
      next_steps: [{ tool: 'get_badges' }],
    });

    const hook = await createEndpoint(ctx, maker.userId, 'own', {
      url: 'https://hooks.example.com/in',
      events: ['listing.scheduled'],
    });
    const announced = () =>
      ctx.db.selectFrom('webhook_deliveries').select('event').where('endpoint_id', '=', hook.id).execute();
    expect(await announced()).toEqual([]);
    homepage = `<html><body><footer>${chosen.badge.html}</footer></body></html>`;
    const found = await (await check()).json();
    expect(found).toMatchObject({ result: 'found', status: 'scheduled', detail: 'badge found on the homepage' });
    // The maker's webhook hears of the booked week with the change itself.
    expect(await announced()).toEqual([{ event: 'listing.scheduled' }]);
  });

  it("is 404 for someone else's listing, and allows 4 checks a minute", async () => {
    const other = await userWithKey(ctx, ['listings:write']);
    expect((await check(other.auth)).status).toBe(404);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await check()).status);
    expect(statuses.at(-1)).toBe(429);
  });
});
