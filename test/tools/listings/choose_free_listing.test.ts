// The free launch end to end: reserve a week, the badge check against a
// fixture homepage without and then with the badge, and the rollover.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import tool from '../../../tools/listings/choose_free_listing.js';
import { checkAllBadges } from '../../../src/launches/free-launch.js';
import { launchWeek } from '../../../src/launches/launches.js';
import { runWeeklyRollover } from '../../../src/launches/rollover.js';
import { TEST_NOW, testContext, type TestContext } from '../../helpers/context.js';
import { given } from '../../helpers/given.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { userWithKey } from '../../helpers/users.js';

let ctx: TestContext;
let server: TestServer;
let site: Server;
let homepage = '<html><body><h1>Acme</h1></body></html>';
let maker: Awaited<ReturnType<typeof userWithKey>>;
let listingId: number;
beforeAll(async () => {
  ctx = await testContext({ allowPrivateFetch: true });
  site = createServer((_req, res) => res.setHeader('content-type', 'text/html').end(homepage));
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  maker = await userWithKey(ctx, ['listings:write']);
  const g = given(ctx);
  listingId = await g.listing({ slug: 'acme', status: 'draft', fields: { owner_id: maker.userId, url } });
  await g.listing({ slug: 'live-one', status: 'live', fields: { owner_id: maker.userId } });
  server = await startServer(ctx, [tool]);
});
beforeEach(() => ctx.clock.set(TEST_NOW));
afterAll(async () => {
  await server?.close();
  await new Promise((r) => site.close(r));
  await ctx?.close();
});

const choose = (id: number) =>
  fetch(`${server.url}/api/v1/me/listings/${id}/free`, { method: 'POST', headers: maker.auth });

describe('choose_free_listing', () => {
  it('reserves a week 6–8 weeks out, then goes scheduled only once the badge is on the homepage, then live', async () => {
    const res = await choose(listingId);
    expect(res.status).toBe(200);
    const body = await res.json();
    // The clock is Sunday 2026-11-22 (week of Monday 11-16): six weeks on is 2026-12-28.
    expect(body).toMatchObject({ status: 'awaiting_badge', plan: 'free', launch_week: '2026-12-28' });
    expect(body.badge.html).toContain('/badges/acme/listed.svg');

    expect(await checkAllBadges(ctx)).toEqual({ checked: 1, found: 0 });
    let row = await ctx.db
      .selectFrom('listings')
      .select(['status', 'badge_check_result'])
      .where('id', '=', listingId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('awaiting_badge');
    expect(row.badge_check_result).toContain('no link');

    homepage = `<html><body><footer>${body.badge.html}</footer></body></html>`;
    expect(await checkAllBadges(ctx)).toEqual({ checked: 1, found: 1 });
    row = await ctx.db
      .selectFrom('listings')
      .select(['status', 'badge_check_result'])
      .where('id', '=', listingId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('scheduled');

    ctx.clock.set('2026-12-28T00:00:05.000Z');
    await runWeeklyRollover(ctx);
    const week = await launchWeek(ctx, '2026-12-28');
    expect(week.items.map((i) => i.listing.slug)).toContain('acme');
  });

  it("refuses a live listing, a second choice and another maker's listing", async () => {
    const live = await ctx.db
      .selectFrom('listings')
      .select('id')
      .where('slug', '=', 'live-one')
      .executeTakeFirstOrThrow();
    expect((await choose(live.id)).status).toBe(409);
    expect((await choose(listingId)).status).toBe(409);
    const other = await userWithKey(ctx, ['listings:write']);
    const res = await fetch(`${server.url}/api/v1/me/listings/${listingId}/free`, {
      method: 'POST',
      headers: other.auth,
    });
    expect(res.status).toBe(404);
  });

  it('slides a listing whose week starts without the badge to the next free week', async () => {
    const g = given(ctx);
    const late = await g.listing({
      slug: 'late',
      status: 'awaiting_badge',
      fields: { owner_id: maker.userId, plan: 'free', launch_week: '2026-11-16' },
    });
    await runWeeklyRollover(ctx);
    const row = await ctx.db
      .selectFrom('listings')
      .select(['status', 'launch_week'])
      .where('id', '=', late)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'awaiting_badge', launch_week: '2026-11-23' });
  });
});
