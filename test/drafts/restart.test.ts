// A real restart: `launchboard serve` is killed (SIGKILL) while it is
// crawling a draft's site; a new `serve` on the same database picks the job
// up again and the draft reaches ready.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { buildContext, type Context } from '../../src/context.js';
import { createDraft, draftById } from '../../src/drafts/drafts.js';
import { ensureMainSite } from '../../src/directory/sites.js';
import { createUser } from '../../src/accounts/users.js';
import { testDatabaseUrl } from '../helpers/context.js';
import { serveSite, type FixtureSite } from '../fixtures/sites/serve.js';

let dir: string;
let databaseUrl: string;
let dropDatabase: () => Promise<void> = async () => undefined;
let site: FixtureSite;
let ctx: Context & { close(): Promise<void> };
const children: ChildProcess[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lb-restart-'));
  const database = await testDatabaseUrl({ sqliteFile: join(dir, 'launchboard.db') });
  [databaseUrl, dropDatabase] = [database.url, database.drop];
  // The homepage answers only once released: the first server dies while waiting for it.
  site = await serveSite('rich', { hold: ['/'] });
  ctx = await buildContext(loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }));
  await ensureMainSite(ctx);
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await site?.close();
  await ctx?.close();
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
});

function serve(): { child: ChildProcess; log: () => string } {
  let log = '';
  const child = spawn(process.execPath, ['bin/launchboard.js', 'serve'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      LOG_LEVEL: 'warn',
      LAUNCHBOARD_UNSAFE_ALLOW_PRIVATE_FETCH: '1',
      TEST_DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  children.push(child);
  return { child, log: () => log };
}

const status = async (id: string) => (await draftById(ctx, ctx.db, id))?.status;

it('finishes a draft after the server is killed while crawling it', async () => {
  const userId = await createUser(ctx.db, { email: 'restart@example.com', name: 'Restart', now: new Date() });
  const draft = await createDraft({ ...ctx, clock: { now: () => new Date() } }, userId, site.url);

  const first = serve();
  await expect.poll(() => site.requests.includes('/'), { timeout: 30_000, interval: 100 }).toBe(true);
  expect(await status(draft.id)).toBe('crawling');
  first.child.kill('SIGKILL');
  await new Promise((r) => first.child.once('exit', r));
  const job = await ctx.db
    .selectFrom('jobs')
    .select(['status', 'locked_by'])
    .where('kind', '=', 'draft_site')
    .executeTakeFirstOrThrow();
  expect(job.status).toBe('running');
  site.release();

  const second = serve();
  await expect.poll(() => status(draft.id), { timeout: 40_000, interval: 200 }).toBe('ready');
  const done = await draftById(ctx, ctx.db, draft.id);
  expect(done!.fields.name.value).toBe('Tallyho');
  second.child.kill('SIGTERM');
  await new Promise((r) => second.child.once('exit', r));
}, 90_000);
