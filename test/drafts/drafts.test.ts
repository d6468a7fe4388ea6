// Drafting in the background: restart recovery, resuming from the last saved
// step, retries with backoff, clean failures, redrafts that respect the
// maker's work, and the p-queue bounded worker loop.
import { hostname } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { builtinDrafter } from '../../src/drafts/drafter/index.js';
import type { Drafter } from '../../src/drafts/drafter/fields.js';
import { createDraft, draftById, DRAFT_SITE } from '../../src/drafts/drafts.js';
import { runDraftJob } from '../../src/drafts/job.js';
import { updateDraft } from '../../src/drafts/update.js';
import {
  claimNext,
  enqueue,
  LEASE_MS,
  recoverOrphaned,
  recoverStale,
  renewLeases,
  runDueJobs,
} from '../../src/platform/jobs.js';
import { jobHandlers, startWorkers } from '../../src/scheduler.js';
import { TEST_NOW, testContext, type TestContext } from '../helpers/context.js';
import { userWithKey } from '../helpers/users.js';
import { serveSite, type FixtureSite } from '../fixtures/sites/serve.js';

let ctx: TestContext;
let production: TestContext;
let rich: FixtureSite;
beforeAll(async () => {
  ctx = await testContext({ allowPrivateFetch: true });
  production = await testContext({ allowPrivateFetch: false });
  rich = await serveSite('rich');
});
afterAll(async () => {
  await rich?.close();
  await ctx?.close();
  await production?.close();
});
afterEach(() => ctx.clock.set(TEST_NOW));

const status = async (id: string, c = ctx) => (await draftById(c, c.db, id))!;
const homeRequests = (site: FixtureSite) => site.requests.filter((r) => r === '/').length;

describe('a draft whose worker died', () => {
  it('is picked up again after a restart and reaches ready', async () => {
    const { userId } = await userWithKey(ctx, ['listings:write']);
    const draft = await createDraft(ctx, userId, rich.url);
    // The old process claimed the job, started crawling, and died.
    const claimed = await claimNext(ctx, 'old-host:4242:dead');
    expect(claimed).toMatchObject({ kind: DRAFT_SITE, payload: { draft_id: draft.id } });
    expect((await status(draft.id)).status).toBe('crawling');
    expect(await runDueJobs(ctx, jobHandlers, 'new-worker')).toEqual({ ran: 0, failed: 0 });

    // The new process: once the dead worker's lease runs out the job is queued again, and its worker finishes the draft.
    ctx.clock.advance(LEASE_MS + 1000);
    expect(await recoverStale(ctx, LEASE_MS)).toBe(1);
    expect(await runDueJobs(ctx, jobHandlers, 'new-worker')).toEqual({ ran: 1, failed: 0 });
    expect(await status(draft.id)).toMatchObject({ status: 'ready', failure_reason: null, drafter: 'builtin' });
  });

  it('resumes from the saved pages when it died while drafting, without reading the site again', async () => {
    const { userId } = await userWithKey(ctx, ['listings:write']);
    const draft = await createDraft(ctx, userId, rich.url);
    const before = homeRequests(rich);
    const crashing: Drafter = {
      name: 'builtin',
      draft: async () => Promise.reject(new Error('the process was killed')),
    };
    await expect(runDraftJob(ctx, { draft_id: draft.id }, { attempts: 1 }, { drafter: crashing })).rejects.toThrow(
      'the process was killed',
    );
    expect((await status(draft.id)).status).toBe('drafting');
    expect(homeRequests(rich)).toBe(before + 1);

    await runDraftJob(ctx, { draft_id: draft.id }, { attempts: 2 }, { drafter: builtinDrafter() });
    expect((await status(draft.id)).status).toBe('ready');
    expect(homeRequests(rich)).toBe(before + 1);
    await ctx.db.deleteFrom('jobs').execute();
  });

  it('keeps a job whose worker renews its lease, and re-queues it when the lease runs out even if its pid looks alive', async () => {
    const host = hostname();
    const { id } = await enqueue(ctx, 'note');
    // Locked by a worker whose pid is "alive" (a zombie, or a pid reused since): the pid says nothing.
    const workerId = `${host}:${process.pid}:zombie`;
    await ctx.db
      .updateTable('jobs')
      .set({ status: 'running', locked_by: workerId, locked_at: ctx.clock.now().toISOString(), attempts: 1 })
      .where('id', '=', id)
      .execute();
    expect(await recoverOrphaned(ctx, () => true)).toBe(0);
    // While its worker lives, the lease is renewed and the job stays with it.
    for (let i = 0; i < 6; i++) {
      ctx.clock.advance(LEASE_MS / 3);
      expect(await renewLeases(ctx, workerId)).toBe(1);
      expect(await recoverStale(ctx, LEASE_MS)).toBe(0);
    }
    // The worker is gone: no renewal, and one lease later the job is queued again.
    ctx.clock.advance(LEASE_MS + 1000);
    expect(await recoverStale(ctx, LEASE_MS)).toBe(1);
    const row = await ctx.db
      .selectFrom('jobs')
      .select(['status', 'locked_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'queued', locked_by: null });
    await ctx.db.deleteFrom('jobs').execute();
  });

  it('re-queues at once the jobs of a process on this host that is gone', async () => {
    const host = hostname();
    const ids = [];
    for (const lockedBy of [`${host}:999999:dead`, `${host}:${process.pid}:mine`, `elsewhere:1:x`]) {
      const { id } = await enqueue(ctx, 'note');
      await ctx.db
        .updateTable('jobs')
        .set({ status: 'running', locked_by: lockedBy, locked_at: TEST_NOW, attempts: 1 })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    expect(await recoverOrphaned(ctx, (pid) => pid !== 999999)).toBe(1);
    const rows = await ctx.db
      .selectFrom('jobs')
      .select(['id', 'status'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['queued', 'running', 'running']);
    await ctx.db.deleteFrom('jobs').execute();
  });
});

describe('failures', () => {
  it('retries a site that answers 503 with backoff, then fails the draft with a reason', async () => {
    const busy = await serveSite('sparse', { routes: { '/': (_q, res) => void res.writeHead(503).end() } });
    try {
      const { userId } = await userWithKey(ctx, ['listings:write']);
      const draft = await createDraft(ctx, userId, busy.url);
      await runDueJobs(ctx, jobHandlers, 'w');
      expect((await status(draft.id)).status).toBe('crawling');
      ctx.clock.advance(30_000);
      await runDueJobs(ctx, jobHandlers, 'w');
      expect((await status(draft.id)).status).toBe('crawling');
      ctx.clock.advance(60_000);
      await runDueJobs(ctx, jobHandlers, 'w');
      expect(await status(draft.id)).toMatchObject({
        status: 'failed',
        failure_reason: 'The homepage answered HTTP 503. Tried 3 times.',
      });
      expect(homeRequests(busy)).toBe(3);
      const job = await ctx.db
        .selectFrom('jobs')
        .select('status')
        .where('kind', '=', DRAFT_SITE)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(job.status).toBe('done');
    } finally {
      await busy.close();
    }
  });

  it('fails a draft at once when nothing listens at the address, naming it', async () => {
    const closed = await serveSite('sparse');
    const url = closed.url;
    await closed.close();
    const { userId } = await userWithKey(ctx, ['listings:write']);
    const draft = await createDraft(ctx, userId, url);
    const started = Date.now();
    await runDueJobs(ctx, jobHandlers, 'w');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await status(draft.id)).toMatchObject({
      status: 'failed',
      failure_reason: `The site could not be reached: nothing accepts connections at ${new URL(url).host} (connection refused). Check the address.`,
    });
  });

  it('fails a draft of a private address in production mode at once, reading nothing', async () => {
    const { userId } = await userWithKey(production, ['listings:write']);
    for (const url of [rich.url, 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/']) {
      const draft = await createDraft(production, userId, url);
      await runDueJobs(production, jobHandlers, 'w');
      expect(await status(draft.id, production)).toMatchObject({
        status: 'failed',
        failure_reason: 'The address is private or reserved; only public websites can be read.',
      });
    }
  });

  it("retries a failed draft on regenerate, keeping the maker's values and locked fields", async () => {
    let up = false;
    const flaky = await serveSite('rich', {
      routes: { '/': (_q, res) => (up ? false : void res.writeHead(404).end()) },
    });
    try {
      const maker = await userWithKey(ctx, ['listings:write']);
      const draft = await createDraft(ctx, maker.userId, flaky.url);
      await runDueJobs(ctx, jobHandlers, 'w');
      expect(await status(draft.id)).toMatchObject({
        status: 'failed',
        failure_reason: 'The homepage answered HTTP 404.',
      });

      await updateDraft(ctx, maker.userId, draft.id, {
        fields: { name: 'Tally Ho!', tagline: 'Mine' },
        lock_fields: ['name'],
      });
      up = true;
      const { draft: retried } = await updateDraft(ctx, maker.userId, draft.id, { regenerate: ['description'] });
      expect(retried.status).toBe('crawling');
      await runDueJobs(ctx, jobHandlers, 'w');
      const done = await status(draft.id);
      expect(done.status).toBe('ready');
      // Locked: never touched by the redraft, not even its AI original.
      expect(done.fields.name).toMatchObject({ value: 'Tally Ho!', state: 'override', ai: null });
      // The maker's value stays; the AI original is there for restore.
      expect(done.fields.tagline).toMatchObject({
        value: 'Mine',
        state: 'edited',
        ai: { value: 'Invoices that chase themselves' },
      });
      expect(done.fields.pricing_model).toMatchObject({ value: 'freemium', state: 'ai' });
    } finally {
      await flaky.close();
    }
  });
});

describe('the worker loop', () => {
  it('runs due jobs with bounded concurrency until stopped', async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    const slow = async (_c: unknown, payload: unknown) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 50));
      seen.push((payload as { n: number }).n);
      running--;
    };
    for (let n = 1; n <= 5; n++) await enqueue(ctx, 'slow', { n });
    const workers = await startWorkers(ctx, { intervalMs: 20, concurrency: 2, handlers: { ...jobHandlers, slow } });
    try {
      await expect.poll(() => seen.length, { timeout: 5000 }).toBe(5);
      expect(peak).toBe(2);
    } finally {
      await workers.stop();
    }
    const left = await ctx.db.selectFrom('jobs').select('status').where('kind', '=', 'slow').execute();
    expect(left.every((j) => j.status === 'done')).toBe(true);
  });
});
