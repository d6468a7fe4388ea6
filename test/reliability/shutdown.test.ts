// Graceful stop: SIGTERM to `launchboard serve` while a request is in flight
// (its body still arriving) and a job is running (a crawl held mid-way).
// The server stops taking connections at once, answers the request in
// flight, lets the job finish, and exits 0: nothing is cut off.
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { buildContext, type Context } from '../../src/context.js';
import { ensureMainSite } from '../../src/directory/sites.js';
import { serveSite, type FixtureSite } from '../fixtures/sites/serve.js';
import { testDatabaseUrl } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { userWithKey } from '../helpers/users.js';
import { api, killHard, startServe, type ServeProcess } from './serve-process.js';

let dir: string;
let databaseUrl: string;
let dropDatabase: () => Promise<void> = async () => undefined;
let ctx: Context & { close(): Promise<void> };
let site: FixtureSite;
let server: ServeProcess | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lb-shutdown-'));
  const database = await testDatabaseUrl({ sqliteFile: join(dir, 'launchboard.db') });
  [databaseUrl, dropDatabase] = [database.url, database.drop];
  ctx = await buildContext(loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }));
  await ensureMainSite(ctx);
  site = await serveSite('rich', { hold: ['/'] });
}, 60_000);

afterAll(async () => {
  if (server) await killHard(server);
  await site?.close();
  await ctx?.close();
  await dropDatabase();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A PATCH whose body is sent in two halves: in flight on the server until `finish()` sends the rest. */
function slowPatch(base: string, path: string, auth: Record<string, string>, body: unknown) {
  const bytes = Buffer.from(JSON.stringify(body));
  const half = Math.floor(bytes.length / 2);
  const { port } = new URL(base);
  let finish!: () => void;
  const response = new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: `/api/v1${path}`,
        headers: { ...auth, 'content-type': 'application/json', 'content-length': bytes.length },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.write(bytes.subarray(0, half));
    finish = () => req.end(bytes.subarray(half));
  });
  return { response, finish: () => finish() };
}

it('on SIGTERM answers the request in flight and finishes the running job, then exits 0', async () => {
  const maker = await userWithKey(ctx, ['listings:write']);
  const listingId = await given(ctx).listing({ slug: 'draining', fields: { owner_id: maker.userId } });
  server = await startServe(databaseUrl);
  const s = server;

  // A job running: the crawl waits on the held homepage.
  const draft = await api(s.url, 'POST', '/drafts', { auth: maker.auth, body: { url: site.url } });
  expect(draft.status).toBe(201);
  await expect.poll(() => site.requests.includes('/'), { timeout: 30_000, interval: 50 }).toBe(true);

  // A request in flight: headers and half the body are in.
  const edit = slowPatch(s.url, `/me/listings/${listingId}`, maker.auth, {
    fields: { tagline: 'sent while the server stops' },
  });
  await new Promise((r) => setTimeout(r, 300));

  let exitedAt = 0;
  void s.exited.then(() => (exitedAt = Date.now()));
  s.child.kill('SIGTERM');
  // New connections are refused at once…
  await expect.poll(async () => (await api(s.url, 'GET', '/site')).status, { timeout: 5_000, interval: 50 }).toBe(0);
  // …while the request in flight is still answered, in full.
  edit.finish();
  const answered = await edit.response;
  expect(answered.status).toBe(200);
  expect(answered.body.changed).toEqual(['tagline']);
  const stored = await ctx.db
    .selectFrom('listings')
    .select('tagline')
    .where('id', '=', listingId)
    .executeTakeFirstOrThrow();
  expect(stored.tagline).toBe('sent while the server stops');

  // The process waits for the running job.
  await new Promise((r) => setTimeout(r, 500));
  expect(exitedAt).toBe(0);
  const releasedAt = Date.now();
  site.release();
  expect(await s.exited).toEqual({ code: 0, signal: null });
  expect(exitedAt).toBeGreaterThanOrEqual(releasedAt);

  // The job finished (not left running for the next start) and the draft is ready.
  const job = await ctx.db
    .selectFrom('jobs')
    .select(['status', 'locked_by'])
    .where('kind', '=', 'draft_site')
    .executeTakeFirstOrThrow();
  expect(job).toEqual({ status: 'done', locked_by: expect.any(String) });
  const stopped = await ctx.db
    .selectFrom('drafts')
    .select('status')
    .where('id', '=', draft.body.id)
    .executeTakeFirstOrThrow();
  expect(stopped.status).toBe('ready');
  server = undefined;
}, 60_000);

it('on SIGTERM with no job running, still answers the request in flight before exiting 0', async () => {
  const maker = await userWithKey(ctx, ['listings:write']);
  const listingId = await given(ctx).listing({ slug: 'draining-alone', fields: { owner_id: maker.userId } });
  server = await startServe(databaseUrl);
  const s = server;
  const edit = slowPatch(s.url, `/me/listings/${listingId}`, maker.auth, { fields: { tagline: 'the last request' } });
  await new Promise((r) => setTimeout(r, 300));
  s.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  expect(s.child.exitCode).toBeNull();
  edit.finish();
  expect((await edit.response).status).toBe(200);
  expect(await s.exited).toEqual({ code: 0, signal: null });
  const stored = await ctx.db
    .selectFrom('listings')
    .select('tagline')
    .where('id', '=', listingId)
    .executeTakeFirstOrThrow();
  expect(stored.tagline).toBe('the last request');
  server = undefined;
}, 60_000);
