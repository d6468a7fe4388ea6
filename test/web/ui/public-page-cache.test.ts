// Public pages rendered once per data version: the home, listing
// and week pages answer anonymous visitors from ctx.pages while nothing they
// show has changed (migration 0018's triggers), byte for byte and header for
// header what an uncached render sends; every write they show invalidates;
// signed-in visitors never get or give a cached page; the cache is bounded.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PAGE_TABLES } from '../../../db/migrations/0018_page_version.js';
import { setSetting } from '../../../src/directory/settings.js';
import { PageCache } from '../../../src/platform/page-cache.js';
import { cachedPage, cachedPageHits, keepForHits } from '../../../src/web/ui/public-page.js';
import { given } from '../../helpers/given.js';
import { servedTestContext } from '../../helpers/server.js';
import { Browser, formFor, signUpThroughPages } from '../../oauth/browser.js';

const served = servedTestContext();
let gizmoId: number;

beforeAll(async () => {
  const ctx = served.ctx;
  const monday = '2026-11-16'; // the test clock says Sunday 2026-11-22
  gizmoId = await given(ctx).listing({
    slug: 'gizmo',
    fields: {
      name: 'Gizmo',
      tagline: 'Gadgets for everyone',
      launch_week: monday,
      launched_at: '2026-11-22T08:00:00.000Z',
    },
  });
  for (let i = 0; i < 3; i++)
    await given(ctx).listing({
      fields: {
        name: `Widget ${i}`,
        tagline: 'A widget',
        launch_week: monday,
        launched_at: '2026-11-18T08:00:00.000Z',
      },
    });
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One GET as it comes off the wire: no decompression, no cookie unless given. */
function raw(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${served.server.url}${path}`,
      { headers: { 'user-agent': 'Mozilla/5.0 test', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The headers that must match between a cached and an uncached answer (not the date or the request id). */
function comparable(headers: Raw['headers']): Record<string, unknown> {
  const { date: _d, 'x-request-id': _r, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return rest;
}

const counts = () => ({ hits: served.ctx.pages.hits, stores: served.ctx.pages.stores });
const text = async (path: string) => (await raw(path)).body.toString('utf8');

let n = 0;
async function person(): Promise<Browser> {
  n += 1;
  const browser = new Browser(served.server.url);
  const email = `cache${n}@example.com`;
  await signUpThroughPages(browser, email, 'long enough password');
  await served.ctx.db
    .updateTable('users')
    .set({ email_verified_at: served.ctx.clock.now().toISOString() })
    .where('email', '=', email)
    .execute();
  return browser;
}

describe('anonymous visitors', () => {
  for (const path of ['/', '/listings/gizmo', '/launches/weeks/this']) {
    it(`get ${path} from the cache the second time, the same bytes and headers in every coding`, async () => {
      // This visitor's view of the day is written now, not between two renders compared below.
      await raw(path, {});
      await served.ctx.views.flush();
      served.ctx.pages.clear();
      for (const coding of ['br', 'gzip', 'identity']) {
        const before = counts();
        const first = await raw(path, { 'accept-encoding': coding });
        const second = await raw(path, { 'accept-encoding': coding });
        expect(first.status).toBe(200);
        expect(second.status).toBe(200);
        expect(first.headers['cache-control']).toBe('public, max-age=60');
        expect(first.headers['content-encoding']).toBe(coding === 'identity' ? undefined : coding);
        expect(second.body.equals(first.body)).toBe(true);
        expect(comparable(second.headers)).toEqual(comparable(first.headers));
        // Rendered (and stored) once, by the first GET of the three codings; the rest are hits.
        expect(counts().hits - before.hits).toBe(coding === 'br' ? 1 : 2);
        expect(counts().stores - before.stores).toBe(coding === 'br' ? 1 : 0);
      }
      // An uncached render again, in another coding than the first: still the same bytes.
      const cached = await raw(path, { 'accept-encoding': 'gzip' });
      served.ctx.pages.clear();
      const fresh = await raw(path, { 'accept-encoding': 'gzip' });
      expect(fresh.body.equals(cached.body)).toBe(true);
      expect(comparable(fresh.headers)).toEqual(comparable(cached.headers));
    });
  }

  it('keeps each path and query apart, and never a 404', async () => {
    served.ctx.pages.clear();
    const page1 = await text('/listings/gizmo');
    const withQuery = await text('/listings/gizmo?comments=1');
    expect(withQuery).toContain('Gizmo');
    expect(served.ctx.pages.size).toBe(2);
    expect(page1).toContain('Gadgets for everyone');
    expect((await raw('/listings/nothing-here')).status).toBe(404);
    expect((await raw('/listings/nothing-here')).status).toBe(404);
    expect(served.ctx.pages.size).toBe(2);
  });

  it('sends a query the page does not read to the page without it, so junk never renders nor fills the cache', async () => {
    served.ctx.pages.clear();
    await text('/listings/gizmo');
    const before = counts();
    for (const [asked, location] of [
      ['/listings/gizmo?utm_source=x', '/listings/gizmo'],
      ['/listings/gizmo?', null],
      ['/listings/gizmo?comments=abc&ref=badge', '/listings/gizmo?ref=badge'],
      ['/listings/gizmo?comments=2&ref=badge', '/listings/gizmo?ref=badge&comments=2'],
      ['/listings/gizmo?ref=badge&ref=badge', '/listings/gizmo?ref=badge'],
      ['/listings/gizmo?comments=0', '/listings/gizmo'],
      ['/launches/weeks/2026-11-16?page=1&per_page=500', '/launches/weeks/2026-11-16?page=1'],
      ['/?q=%3Cscript%3E', '/'],
    ] as const) {
      const answer = await raw(asked);
      if (location === null) expect(answer.status, asked).toBe(200);
      else expect([answer.status, answer.headers.location], asked).toEqual([301, location]);
    }
    for (let i = 0; i < 50; i++) expect((await raw(`/listings/gizmo?junk=${i}`)).status).toBe(301);
    expect(counts().stores).toBe(before.stores);
    expect(served.ctx.pages.size).toBe(1);
  });

  it('still counts the view of a listing answered from the cache', async () => {
    served.ctx.pages.clear();
    const added: unknown[] = [];
    const daily = served.ctx.views.daily;
    const add = daily.add.bind(daily);
    daily.add = (hit) => {
      added.push(hit);
      add(hit);
    };
    try {
      await raw('/listings/gizmo');
      await raw('/listings/gizmo');
      expect(counts().hits).toBeGreaterThan(0);
      expect(added).toHaveLength(2);
      expect(added[1]).toMatchObject({ listingId: gizmoId, kind: 'view' });
    } finally {
      daily.add = add;
    }
  });

  it('is rebuilt once the time cap passes, and on a new UTC day', async () => {
    served.ctx.pages.clear();
    await text('/');
    const stores = counts().stores;
    await text('/');
    expect(counts().stores).toBe(stores);
    served.ctx.clock.advance(served.ctx.pages.maxAgeMs);
    try {
      await text('/');
      expect(counts().stores).toBe(stores + 1);
    } finally {
      served.ctx.clock.advance(-served.ctx.pages.maxAgeMs);
    }
    // Ten seconds apart, but across midnight (UTC): "launching today" is another day's.
    const now = served.ctx.clock.now();
    try {
      served.ctx.clock.set('2026-11-22T23:59:50.000Z');
      await text('/');
      const before = counts().stores;
      served.ctx.clock.set('2026-11-23T00:00:00.000Z');
      await text('/');
      expect(counts().stores).toBe(before + 1);
    } finally {
      served.ctx.clock.set(now);
    }
  });
});

describe('every change a page shows invalidates it', () => {
  it('a vote', async () => {
    served.ctx.pages.clear();
    const count = (page: string) => Number(/id="vote-count" data-votes="(\d+)"/.exec(page)?.[1]);
    expect(count(await text('/listings/gizmo'))).toBe(0);
    expect(count(await text('/listings/gizmo'))).toBe(0); // from the cache
    const voter = await person();
    const form = formFor(await (await voter.request('/listings/gizmo')).text(), '/listings/gizmo/vote');
    expect((await voter.request('/listings/gizmo/vote', { form: form.hidden })).status).toBe(303);
    expect(count(await text('/listings/gizmo'))).toBe(1);
    expect(await text('/')).toContain('Gizmo');
  });

  it('a listing edit, on the listing, home and week pages', async () => {
    served.ctx.pages.clear();
    for (const path of ['/', '/listings/gizmo', '/launches/weeks/this']) await text(path);
    await served.ctx.db.updateTable('listings').set({ tagline: 'Edited tagline' }).where('id', '=', gizmoId).execute();
    for (const path of ['/', '/listings/gizmo', '/launches/weeks/this'])
      expect(await text(path), path).toContain('Edited tagline');
  });

  it('but not a view count written by the view counter', async () => {
    served.ctx.pages.clear();
    await text('/');
    const hits = counts().hits;
    await served.ctx.db.updateTable('listings').set({ views_count: 99 }).where('id', '=', gizmoId).execute();
    await text('/');
    expect(counts().hits).toBe(hits + 1);
  });

  it('a new comment', async () => {
    served.ctx.pages.clear();
    expect(await text('/listings/gizmo')).toContain('No comments yet.');
    const writer = await person();
    const form = formFor(await (await writer.request('/listings/gizmo')).text(), '/listings/gizmo/comments');
    const posted = await writer.request('/listings/gizmo/comments', {
      form: { ...form.hidden, body: 'A cached page must show this' },
    });
    expect(posted.status).toBe(303);
    const page = await text('/listings/gizmo');
    expect(page).toContain('A cached page must show this');
    expect(page).not.toContain('No comments yet.');
  });

  it('a setting change', async () => {
    served.ctx.pages.clear();
    await text('/');
    await setSetting(served.ctx.db, 'site_purpose', 'Freshly set purpose', served.ctx.clock.now());
    expect(await text('/')).toContain('Freshly set purpose');
  });
});

describe('migration 0018', () => {
  it('watches every table the pages show, on either database', async () => {
    const db = served.ctx.db;
    const watched =
      served.ctx.dialect === 'postgres'
        ? (
            await sql<{
              table: string;
            }>`SELECT DISTINCT c.relname AS "table" FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname LIKE '%pages%' AND NOT t.tgisinternal`.execute(
              db,
            )
          ).rows.map((r) => r.table)
        : (
            await sql<{
              table: string;
            }>`SELECT DISTINCT tbl_name AS "table" FROM sqlite_master WHERE type = 'trigger' AND name GLOB '*_pages_*'`.execute(
              db,
            )
          ).rows.map((r) => r.table);
    expect(watched.sort()).toEqual([...PAGE_TABLES, 'listings'].sort());
  });

  it('bumps the version for a write, and not for a view count', async () => {
    const version = async () =>
      Number(
        (
          await served.ctx.db
            .selectFrom('data_versions')
            .select('version')
            .where('name', '=', 'pages')
            .executeTakeFirstOrThrow()
        ).version,
      );
    let v = await version();
    await served.ctx.db.updateTable('listings').set({ views_count: 1234 }).where('id', '=', gizmoId).execute();
    expect(await version()).toBe(v);
    await served.ctx.db.updateTable('categories').set({ name: 'Renamed' }).where('id', '=', -1).execute();
    if (served.ctx.dialect === 'sqlite') expect(await version()).toBe(v); // SQLite: per row; none matched
    v = await version();
    await given(served.ctx).category({ slug: 'fresh-shelf', name: 'Fresh shelf' });
    expect(await version()).toBeGreaterThan(v);
  });
});

describe('signed-in people', () => {
  it('never get a cached page, and never leave theirs in the cache', async () => {
    served.ctx.pages.clear();
    const someone = await person(); // (signing up writes users, which the pages show: sign up first)
    const anonymous = await text('/listings/gizmo');
    expect(anonymous).not.toContain('Sign out');
    const before = counts();
    for (const path of ['/', '/listings/gizmo', '/launches/weeks/this']) {
      const res = await someone.request(path);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const page = await res.text();
      expect(page).toContain('Sign out');
      expect(page).toContain('name="_csrf"');
    }
    expect(counts()).toEqual(before);
    // The anonymous page kept is still the anonymous one.
    const again = await raw('/listings/gizmo');
    expect(again.body.toString('utf8')).toBe(anonymous);
    expect(again.body.toString('utf8')).not.toContain('_csrf');
    expect(counts().hits).toBe(before.hits + 1);
  });

  it('are not redirected for a query the page does not read (a notice after a post is one)', async () => {
    const browser = await person();
    const res = await browser.request('/listings/gizmo?notice=voted');
    expect(res.status).toBe(200);
  });

  it('any session cookie, even a stale one, is rendered for, not cached', async () => {
    served.ctx.pages.clear();
    await text('/');
    const before = counts();
    const res = await raw('/', { cookie: 'lb_session=not-a-real-session' });
    expect(res.status).toBe(200);
    expect(counts()).toEqual(before);
  });
});

describe('cachedPageHits', () => {
  it('answers a kept page before the routers, to anonymous visitors only, and passes every other request on', async () => {
    const app = express();
    let rendered = 0;
    let routed = 0;
    const counted: unknown[] = [];
    app.use(cachedPageHits(served.ctx));
    app.use((_req, _res, next) => {
      routed++;
      next();
    });
    const page = cachedPage(
      (_ctx, _req, res) => {
        rendered++;
        keepForHits(res, { n: rendered });
        res.setHeader('Cache-Control', 'public, max-age=60');
        res.type('html').send(`<p>page ${rendered}</p>`);
      },
      { onHit: (_ctx, _req, _res, meta) => counted.push(meta) },
    );
    app.get('/kept', (req, res) => page(served.ctx, req, res));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/kept`;
    try {
      expect(await (await fetch(url)).text()).toBe('<p>page 1</p>');
      expect(await (await fetch(url)).text()).toBe('<p>page 1</p>');
      expect({ rendered, routed, counted }).toEqual({ rendered: 1, routed: 1, counted: [{ n: 1 }] });
      // A session cookie, another path or another method goes through the routers as before.
      const cookie = { cookie: 'lb_session=whatever' };
      expect(await (await fetch(url, { headers: cookie })).text()).toBe('<p>page 2</p>');
      // A query the page does not read is sent to the page without it.
      const other = await fetch(`${url}?other`, { redirect: 'manual' });
      expect([other.status, other.headers.get('location')]).toEqual([301, '/kept']);
      expect((await fetch(url, { method: 'HEAD' })).status).toBe(200);
      expect({ rendered, routed }).toEqual({ rendered: 3, routed: 4 });
    } finally {
      server.close();
    }
  });
});

describe('PageCache', () => {
  const page = (size: number) => ({ headers: [], body: Buffer.alloc(size, 'a') });

  it('holds at most maxEntries, least recently used out first', () => {
    const cache = new PageCache({ maxEntries: 2 });
    cache.set('/a', 1, 0, page(10));
    cache.set('/b', 1, 0, page(10));
    expect(cache.get('/a', 1, 0)).toBeDefined(); // /a is now the most recent
    cache.set('/c', 1, 0, page(10));
    expect(cache.size).toBe(2);
    expect(cache.get('/b', 1, 0)).toBeUndefined();
    expect(cache.get('/a', 1, 0)).toBeDefined();
    expect(cache.get('/c', 1, 0)).toBeDefined();
  });

  it('holds at most maxBytes, compressed codings included, and never one page larger than that', () => {
    const cache = new PageCache({ maxBytes: 5000 });
    cache.set('/a', 1, 0, page(2000));
    cache.set('/b', 1, 0, page(2000));
    expect(cache.size).toBe(2);
    cache.set('/c', 1, 0, page(2000));
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(5000);
    const b = cache.get('/b', 1, 0)!;
    cache.coded(b, 'gzip');
    expect(cache.bytes).toBeLessThanOrEqual(5000);
    cache.set('/huge', 1, 0, page(6000));
    expect(cache.get('/huge', 1, 0)).toBeUndefined();
  });

  it('answers only at the version it was built at, while young, and keeps no older version over a newer one', () => {
    const cache = new PageCache({ maxAgeMs: 1000 });
    cache.set('/a', 2, 5000, page(10));
    cache.set('/a', 1, 5000, page(20));
    expect(cache.get('/a', 2, 5999)?.body.length).toBe(10);
    expect(cache.get('/a', 2, 4999)).toBeUndefined(); // a clock that went back
    cache.set('/a', 2, 5000, page(10));
    expect(cache.get('/a', 2, 6000)).toBeUndefined();
    cache.set('/a', 2, 5000, page(10));
    expect(cache.get('/a', 1, 5000)).toBeUndefined(); // a request that read an older version
    expect(cache.get('/a', 2, 5000)).toBeDefined(); // does not take it from the next ones
    expect(cache.get('/a', 3, 5000)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});
