// A database that cannot take a write right now — locked by another
// process, out of space, its connection killed — is an outage, not a bug:
// the API answers 503 problem+json with Retry-After (never 500), nothing is
// half-written, and the next request after it clears succeeds. SQLite: a
// second connection holding the write lock, and a size cap (max_page_count)
// standing in for a full disk. PostgreSQL: the server terminating the
// backend of a request that waits on a lock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteFile } from '../../db/dialect.js';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { buildContext, type Context } from '../../src/context.js';
import { ensureMainSite } from '../../src/directory/sites.js';
import { testContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';
import { connectHttp } from '../mcp/clients.js';
import { api, type ApiResponse } from './serve-process.js';

const onPostgres = /^postgres/.test(process.env.TEST_DATABASE_URL ?? '');
const faults = { injected: 0, answered503: 0, recovered: 0 };
afterAll(() => console.log(`outage: faults ${JSON.stringify(faults)}`));

function expectUnavailable(res: ApiResponse): void {
  expect(res.status).toBe(503);
  expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(res.body).toMatchObject({
    status: 503,
    title: 'Service unavailable',
    type: expect.stringMatching(/#unavailable$/),
  });
  expect(JSON.stringify(res.body)).not.toMatch(/SQLITE|at .*\.ts:\d+/);
  faults.answered503++;
}

describe.skipIf(onPostgres)('SQLite locked or full', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lb-outage-'));
  const file = join(dir, 'launchboard.db');
  let ctx: Context & { close(): Promise<void> };
  let server: TestServer;
  let maker: { auth: Record<string, string> };
  let listingId: number;
  let slug: string;

  beforeAll(async () => {
    ctx = await buildContext(loadConfig({ DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent' }), {
      logger: pino({ level: 'silent' }),
    });
    await ensureMainSite(ctx);
    const m = await userWithKey(ctx, ['listings:write']);
    maker = m;
    slug = 'outage-listing';
    listingId = await given(ctx).listing({ slug, fields: { owner_id: m.userId, tagline: 'before' } });
    server = await startServer(ctx);
  });
  afterAll(async () => {
    await server?.close();
    await ctx?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    expect(
      await sql<{ integrity_check: string }>`PRAGMA integrity_check`
        .execute(ctx.db)
        .then((r) => r.rows[0]?.integrity_check),
    ).toBe('ok');
  });

  const edit = (tagline: string, description?: string) =>
    api(server.url, 'PATCH', `/me/listings/${listingId}`, {
      auth: maker.auth,
      body: { fields: { tagline, ...(description ? { description } : {}) } },
    });
  const tagline = async () =>
    (await ctx.db.selectFrom('listings').select('tagline').where('id', '=', listingId).executeTakeFirstOrThrow())
      .tagline;

  it('answers a write 503 while another process holds the write lock, serves reads meanwhile, and writes once it is released', async () => {
    const other = openSqliteFile(file);
    other.exec('BEGIN EXCLUSIVE');
    other.prepare("update settings set value = value where key = 'none'").run();
    faults.injected++;
    try {
      // The server waits its busy timeout (5 s) for the lock, then gives up cleanly.
      expectUnavailable(await edit('while locked'));
      expect((await api(server.url, 'GET', `/listings/${slug}`)).status).toBe(200);
    } finally {
      other.exec('COMMIT');
      other.close();
    }
    expect(await tagline()).toBe('before');
    expect((await edit('after the lock')).status).toBe(200);
    expect(await tagline()).toBe('after the lock');
    faults.recovered++;
  }, 30_000);

  it('answers 503 when the disk is full, keeps the database whole, and writes again once there is room', async () => {
    // A size cap at the current size: the next page the database needs is refused, as on a full disk.
    const pages = await sql<{ page_count: number }>`PRAGMA page_count`
      .execute(ctx.db)
      .then((r) => Number(r.rows[0]!.page_count));
    await sql.raw(`PRAGMA max_page_count = ${pages}`).execute(ctx.db);
    faults.injected++;
    try {
      expectUnavailable(await edit('too big to fit', 'a long description that needs new pages '.repeat(400)));
      // MCP: the same outage as an isError result carrying the 503 problem.
      const client = await connectHttp('v2-2026-07-28', `${server.url}/mcp`, maker.auth);
      try {
        const result = await client.callTool('update_my_listing', {
          listing_id: listingId,
          fields: { tagline: 'too big over MCP', description: 'more pages '.repeat(1500) },
        });
        expect(result.isError).toBe(true);
        expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toMatchObject({
          status: 503,
          title: 'Service unavailable',
        });
      } finally {
        await client.close();
      }
    } finally {
      await sql.raw('PRAGMA max_page_count = 1073741823').execute(ctx.db);
    }
    expect(await tagline()).toBe('after the lock');
    const versions = await ctx.db
      .selectFrom('listing_versions')
      .select('changes')
      .where('listing_id', '=', listingId)
      .execute();
    expect(versions.some((v) => v.changes.includes('too big to fit'))).toBe(false);
    expect((await edit('room again', 'a long description that needs new pages '.repeat(400))).status).toBe(200);
    expect(await tagline()).toBe('room again');
    faults.recovered++;
  });
});

describe.skipIf(!onPostgres)('PostgreSQL backend terminated mid-request', () => {
  let ctx: Awaited<ReturnType<typeof testContext>>;
  let server: TestServer;
  let admin: pg.Client;

  beforeAll(async () => {
    ctx = await testContext();
    server = await startServer(ctx);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await server?.close();
    await ctx?.close();
  });

  it('answers 503 when the server kills the connection of a request, and the next request succeeds', async () => {
    const maker = await userWithKey(ctx, ['listings:write']);
    const listingId = await given(ctx).listing({
      slug: 'pg-outage',
      fields: { owner_id: maker.userId, tagline: 'before' },
    });
    const database = (await sql<{ db: string }>`select current_database() as db`.execute(ctx.db)).rows[0]!.db;
    const locker = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL!.replace(/\/[^/]*$/, `/${database}`),
    });
    await locker.connect();
    try {
      // The edit's version row waits on this lock; the database then terminates the waiting backend.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE listing_versions IN ACCESS EXCLUSIVE MODE');
      const editing = api(server.url, 'PATCH', `/me/listings/${listingId}`, {
        auth: maker.auth,
        body: { fields: { tagline: 'while terminated' } },
      });
      let waiting: number | undefined;
      await expect
        .poll(
          async () => {
            const { rows } = await admin.query(
              "select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> $2",
              [database, (locker as unknown as { processID: number }).processID],
            );
            waiting = rows[0]?.pid;
            return waiting;
          },
          { timeout: 10_000, interval: 50 },
        )
        .toBeDefined();
      await admin.query('select pg_terminate_backend($1)', [waiting]);
      faults.injected++;
      expectUnavailable(await editing);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    const row = await ctx.db
      .selectFrom('listings')
      .select('tagline')
      .where('id', '=', listingId)
      .executeTakeFirstOrThrow();
    expect(row.tagline).toBe('before');
    // The pool dropped the dead connection: the next requests work.
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await api(server.url, 'PATCH', `/me/listings/${listingId}`, {
            auth: maker.auth,
            body: { fields: { tagline: `after ${i}` } },
          })
        ).status,
      ).toBe(200);
    }
    faults.recovered++;
  });
});
