// A listing's numbers per day for its owner: views and clicks are
// counted once per person a day in the database, so every process agrees; a
// person is stored only as a hash under the day's salt, and both go once the
// day is over; the website link is a counting redirect to the listing's own
// URL only; badge visits are counted from ?ref=badge; votes and follows per
// day are read from their own tables.
import { describe, expect, it } from 'vitest';
import { DailyStatsBuffer, countListingHit, listingStats, pruneListingStats } from '../../src/listings/stats.js';
import { given } from '../helpers/given.js';
import { launches } from '../helpers/launches.js';
import { servedTestContext } from '../helpers/server.js';

const served = servedTestContext();
const DAY = 86_400_000;
const ALICE = 'Mozilla/5.0 (X11; Linux x86_64) Alice';
const BOB = 'Mozilla/5.0 (Macintosh) Bob';

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${served.server.url}${path}`, { headers: { 'user-agent': ALICE, ...headers }, redirect: 'manual' });
}

/** The stored counts of one listing's day, after the pending hits are written. */
async function counts(listingId: number, day = served.ctx.clock.now().toISOString().slice(0, 10)) {
  await served.ctx.views.flush();
  const row = await served.ctx.db
    .selectFrom('listing_daily_stats')
    .select(['views', 'outbound_clicks', 'badge_clicks'])
    .where('listing_id', '=', listingId)
    .where('day', '=', day)
    .executeTakeFirst();
  return {
    views: Number(row?.views ?? 0),
    outbound: Number(row?.outbound_clicks ?? 0),
    badge: Number(row?.badge_clicks ?? 0),
  };
}

async function user(email: string): Promise<number> {
  const row = await served.ctx.db
    .insertInto('users')
    .values({ email, created_at: served.ctx.clock.now().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('views', () => {
  it('counts a view once per person a day, and the same person again the next day', async () => {
    const id = await given(served.ctx).listing({ slug: 'viewed-daily' });
    for (let i = 0; i < 3; i++) expect((await get('/listings/viewed-daily')).status).toBe(200);
    await get('/listings/viewed-daily', { 'user-agent': BOB });
    await get('/listings/viewed-daily', { 'user-agent': BOB, 'x-forwarded-for': '203.0.113.2' });
    // Another user agent, same address: the same client; another address: another person.
    expect(await counts(id)).toEqual({ views: 2, outbound: 0, badge: 0 });

    const today = served.ctx.clock.now();
    served.ctx.clock.advance(DAY);
    try {
      await get('/listings/viewed-daily');
      await get('/listings/viewed-daily');
      expect(await counts(id)).toEqual({ views: 1, outbound: 0, badge: 0 });
      expect(await counts(id, today.toISOString().slice(0, 10))).toEqual({ views: 2, outbound: 0, badge: 0 });
    } finally {
      served.ctx.clock.set(today);
    }
  });

  it('counts a signed-in person once whatever their browser, and never the owner or a crawler', async () => {
    const owner = await user('owner-views@example.com');
    const visitor = await user('visitor-views@example.com');
    const id = await given(served.ctx).listing({ slug: 'viewed-signed-in', fields: { owner_id: owner } });
    const listing = { id, owner_id: owner };
    countListingHit(served.ctx, listing, 'view', { userId: visitor, ip: '198.51.100.1', userAgent: ALICE });
    countListingHit(served.ctx, listing, 'view', { userId: visitor, ip: '203.0.113.9', userAgent: BOB });
    countListingHit(served.ctx, listing, 'view', { userId: owner, ip: '198.51.100.2', userAgent: ALICE });
    countListingHit(served.ctx, listing, 'view', { userId: null, ip: '198.51.100.3', userAgent: 'Googlebot/2.1' });
    countListingHit(served.ctx, listing, 'view', { userId: null, ip: '198.51.100.4', userAgent: '' });
    expect(await counts(id)).toEqual({ views: 1, outbound: 0, badge: 0 });
    // Counting the owner's own view did not stop others being counted.
    countListingHit(served.ctx, listing, 'view', { userId: null, ip: '198.51.100.1', userAgent: ALICE });
    expect(await counts(id)).toEqual({ views: 2, outbound: 0, badge: 0 });
  });

  it('counts an address once a day however many browsers it claims; an IPv6 /64 is one address', async () => {
    const id = await given(served.ctx).listing({ slug: 'one-address' });
    const listing = { id, owner_id: null };
    for (let i = 0; i < 50; i++)
      countListingHit(served.ctx, listing, 'view', { userId: null, ip: '198.51.100.20', userAgent: `Browser ${i}` });
    countListingHit(served.ctx, listing, 'view', { userId: null, ip: '::ffff:198.51.100.20', userAgent: ALICE });
    for (let i = 1; i <= 20; i++)
      countListingHit(served.ctx, listing, 'view', {
        userId: null,
        ip: `2001:db8:1:2::${i.toString(16)}`,
        userAgent: BOB,
      });
    countListingHit(served.ctx, listing, 'view', { userId: null, ip: '2001:db8:1:2:ffff:1:2:3', userAgent: ALICE });
    expect(await counts(id)).toEqual({ views: 2, outbound: 0, badge: 0 });
    countListingHit(served.ctx, listing, 'view', { userId: null, ip: '198.51.100.21', userAgent: ALICE });
    countListingHit(served.ctx, listing, 'view', { userId: null, ip: '2001:db8:1:3::1', userAgent: ALICE });
    expect(await counts(id)).toEqual({ views: 4, outbound: 0, badge: 0 });
  });

  it('dedupes in the database, so two processes count a person once', async () => {
    const id = await given(served.ctx).listing({ slug: 'two-processes' });
    const day = served.ctx.clock.now().toISOString().slice(0, 10);
    const hit = { listingId: id, day, kind: 'view' as const, person: 'anon:192.0.2.7\nSame browser' };
    const errors: unknown[] = [];
    const one = new DailyStatsBuffer();
    const other = new DailyStatsBuffer();
    one.add(hit);
    other.add(hit);
    await one.flush(served.ctx.db, (e) => errors.push(e));
    await other.flush(served.ctx.db, (e) => errors.push(e));
    other.add({ ...hit, person: 'anon:192.0.2.8\nSame browser' });
    await other.flush(served.ctx.db, (e) => errors.push(e));
    expect(errors).toEqual([]);
    expect(await counts(id)).toEqual({ views: 2, outbound: 0, badge: 0 });
  });

  it('stores no address, browser or user id: only hashes under one salt a day', async () => {
    const id = await given(served.ctx).listing({ slug: 'private-views' });
    await get('/listings/private-views', { 'user-agent': 'Mozilla/5.0 Distinctive-Browser-4711' });
    await counts(id);
    const rows = await served.ctx.db
      .selectFrom('listing_stat_visitors')
      .selectAll()
      .where('listing_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.visitor).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(JSON.stringify(rows)).not.toMatch(/Distinctive|127\.0\.0\.1|::1/);
    const salts = await served.ctx.db
      .selectFrom('listing_stat_salts')
      .selectAll()
      .where('day', '=', served.ctx.clock.now().toISOString().slice(0, 10))
      .execute();
    expect(salts).toHaveLength(1);
    expect(salts[0]!.salt.length).toBeGreaterThanOrEqual(40);
  });

  it('never lets counting break the page', async () => {
    await given(served.ctx).listing({ slug: 'counting-broken' });
    const daily = served.ctx.views.daily;
    const add = daily.add;
    daily.add = () => {
      throw new Error('counter out of order');
    };
    try {
      expect((await get('/listings/counting-broken')).status).toBe(200);
      expect((await get('/go/counting-broken')).status).toBe(302);
    } finally {
      daily.add = add;
    }
    // A batch the database refuses is logged and dropped, not retried forever.
    const errors: unknown[] = [];
    const buffer = new DailyStatsBuffer();
    buffer.add({ listingId: 1, day: 'not a day', kind: 'view', person: 'x' });
    const failing = {
      transaction: () => ({ execute: async () => Promise.reject(new Error('database down')) }),
    } as unknown as typeof served.ctx.db;
    await buffer.flush(failing, (e) => errors.push(e));
    expect(errors).toHaveLength(1);
    expect(buffer.size).toBe(0);
  });
});

describe('clicks to the website', () => {
  it('links the website through /go/:slug, nofollow, and redirects there with a 302, counted once a day', async () => {
    const id = await given(served.ctx).listing({
      slug: 'clicked',
      fields: { url: 'https://clicked.example.com/home' },
    });
    const page = await (await get('/listings/clicked')).text();
    expect(page).toMatch(/<a href="\/go\/clicked" rel="nofollow ugc noopener">Visit /);
    expect(page).not.toContain('href="https://clicked.example.com/home"');

    const res = await get('/go/clicked');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://clicked.example.com/home');
    expect(res.headers.get('cache-control')).toBe('no-store');
    await get('/go/clicked');
    await get('/go/clicked', { 'user-agent': BOB, 'x-forwarded-for': '203.0.113.2' });
    expect(await counts(id)).toEqual({ views: 1, outbound: 2, badge: 0 });
  });

  it('redirects only to the listing’s own stored URL, never to one the request names', async () => {
    await given(served.ctx).listing({ slug: 'no-open-redirect', fields: { url: 'https://own.example.com/' } });
    await given(served.ctx).listing({ slug: 'script-url', fields: { url: 'javascript:alert(1)' } });
    await given(served.ctx).listing({ slug: 'still-a-draft', status: 'draft' });
    for (const path of [
      '/go/no-open-redirect?url=https://evil.example.net/',
      '/go/no-open-redirect?to=//evil.example.net',
    ]) {
      const res = await get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://own.example.com/');
    }
    for (const path of [
      '/go/script-url',
      '/go/still-a-draft',
      '/go/unknown-listing',
      '/go/https%3A%2F%2Fevil.example.net',
      '/go/..%2F..%2Fevil',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('location'), path).toBeNull();
    }
  });
});

describe('badge clicks', () => {
  it('hands out badge HTML whose link carries ?ref=badge', async () => {
    await given(served.ctx).listing({ slug: 'badged' });
    const badges = await (await get('/api/v1/listings/badged/badges')).json();
    expect(badges.items[0].link_url).toBe(`${served.server.url}/listings/badged?ref=badge`);
    expect(badges.items[0].html).toContain(`<a href="${served.server.url}/listings/badged?ref=badge">`);
  });

  it('counts a visit from the badge on the product’s site once a day, not clicks on this site’s own pages', async () => {
    const id = await given(served.ctx).listing({ slug: 'badge-visits' });
    await get('/listings/badge-visits?ref=badge', { referer: 'https://badge-visits.example.com/' });
    await get('/listings/badge-visits?ref=badge', { referer: 'https://badge-visits.example.com/' });
    await get('/listings/badge-visits?ref=badge', { 'user-agent': BOB, 'x-forwarded-for': '203.0.113.2' });
    await get('/listings/badge-visits?ref=badge', {
      'user-agent': 'Mozilla/5.0 Carol',
      'x-forwarded-for': '203.0.113.3',
      referer: `${served.server.url}/listings/badge-visits`,
    });
    // Another ref is not one the page reads: sent to the page without it, a view.
    const dave = { 'user-agent': 'Mozilla/5.0 Dave', 'x-forwarded-for': '203.0.113.4' };
    const other = await get('/listings/badge-visits?ref=other', dave);
    expect([other.status, other.headers.get('location')]).toEqual([301, '/listings/badge-visits']);
    await get(other.headers.get('location')!, dave);
    expect(await counts(id)).toEqual({ views: 4, outbound: 0, badge: 2 });
  });
});

describe('votes and followers per day', () => {
  it('reads them from votes and follows by the day they were made, without discounted votes', async () => {
    const ctx = served.ctx;
    const id = await given(ctx).listing({ slug: 'voted-daily' });
    await launches(ctx).votes(id, [
      '2026-11-22T00:00:00.000Z',
      '2026-11-22T11:59:00.000Z',
      '2026-11-20T23:59:59.999Z',
      '2026-10-24T00:00:00.000Z', // the first of the 30 days
      '2026-10-23T23:59:59.999Z', // the day before: not shown
    ]);
    await ctx.db
      .updateTable('votes')
      .set({ discounted_at: '2026-11-21T00:00:00.000Z' })
      .where('listing_id', '=', id)
      .where('created_at', '=', '2026-11-20T23:59:59.999Z')
      .execute();
    for (const [i, at] of [
      '2026-11-21T08:00:00.000Z',
      '2026-11-21T09:00:00.000Z',
      '2026-11-16T10:00:00.000Z',
    ].entries()) {
      const follower = await user(`follower-${i}@example.com`);
      await ctx.db.insertInto('follows').values({ listing_id: id, user_id: follower, created_at: at }).execute();
    }
    await ctx.db.insertInto('listing_daily_stats').values({ listing_id: id, day: '2026-11-19', views: 7 }).execute();

    const stats = await listingStats(ctx, id);
    expect(stats.days).toHaveLength(30);
    expect(stats.days[0]).toBe('2026-10-24');
    expect(stats.days.at(-1)).toBe('2026-11-22');
    const on = (metric: keyof typeof stats.perDay, day: string) => stats.perDay[metric][stats.days.indexOf(day)];
    expect(on('votes', '2026-11-22')).toBe(2);
    expect(on('votes', '2026-11-20')).toBe(0);
    expect(on('followers', '2026-11-21')).toBe(2);
    expect(on('followers', '2026-11-16')).toBe(1);
    expect(on('views', '2026-11-19')).toBe(7);
    expect(on('votes', '2026-10-24')).toBe(1);
    expect(stats.totals.votes).toEqual({ today: 2, last7: 2, last30: 3 });
    expect(stats.totals.followers).toEqual({ today: 0, last7: 3, last30: 3 });
    expect(stats.totals.views).toEqual({ today: 0, last7: 7, last30: 7 });
  });
});

describe('pruning', () => {
  it('deletes who was counted, and the salt, once their day is over; the counts stay', async () => {
    const id = await given(served.ctx).listing({ slug: 'pruned' });
    const today = served.ctx.clock.now();
    const day1 = today.toISOString().slice(0, 10);
    await get('/listings/pruned');
    await counts(id);
    const daysOf = async (table: 'listing_stat_visitors' | 'listing_stat_salts') =>
      [...new Set((await served.ctx.db.selectFrom(table).select('day').execute()).map((r) => r.day))].sort();
    expect(await daysOf('listing_stat_visitors')).toContain(day1);

    // Past every day the other tests counted on.
    served.ctx.clock.advance(10 * DAY);
    try {
      const day2 = served.ctx.clock.now().toISOString().slice(0, 10);
      await get('/listings/pruned');
      await counts(id, day2);
      expect(await daysOf('listing_stat_visitors')).toEqual([day2]);
      expect(await daysOf('listing_stat_salts')).toEqual([day2]);
      expect(await counts(id, day1)).toMatchObject({ views: 1 });
      expect(await counts(id, day2)).toMatchObject({ views: 1 });
      // Safe to run again, by any process or a job.
      expect(await pruneListingStats(served.ctx.db, day2)).toEqual({ visitors: 0, salts: 0 });
    } finally {
      served.ctx.clock.set(today);
    }
  });

  it('runs as a daily job just after midnight, which queues the next one', async () => {
    const { runDueJobs } = await import('../../src/platform/jobs.js');
    const { ensureStatsPruneScheduled, jobHandlers, STATS_PRUNE } = await import('../../src/scheduler.js');
    const now = served.ctx.clock.now();
    await get('/listings/pruned');
    await served.ctx.views.flush();
    await ensureStatsPruneScheduled(served.ctx);
    const due = async () =>
      (
        await served.ctx.db
          .selectFrom('jobs')
          .select('run_at')
          .where('kind', '=', STATS_PRUNE)
          .where('status', '=', 'queued')
          .execute()
      ).map((j) => j.run_at);
    const midnight = new Date(now);
    midnight.setUTCHours(24, 1, 0, 0);
    expect(await due()).toEqual([midnight.toISOString()]);
    served.ctx.clock.set(new Date(midnight.getTime() + 1000));
    try {
      await runDueJobs(served.ctx, jobHandlers, 'test-worker');
      const today = served.ctx.clock.now().toISOString().slice(0, 10);
      const left = await served.ctx.db.selectFrom('listing_stat_visitors').select('day').execute();
      expect(left.filter((r) => r.day < today)).toEqual([]);
      expect(left.length).toBeGreaterThan(0); // the previous test's later day stays
      expect(await due()).toEqual([new Date(midnight.getTime() + DAY).toISOString()]);
    } finally {
      served.ctx.clock.set(now);
    }
  });
});
