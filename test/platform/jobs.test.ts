import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/platform/db.js';
import { claimNext, complete, enqueue, fail, recoverStale, retryDelayMs, runDueJobs } from '../../src/platform/jobs.js';
import { ensureRolloverScheduled, jobHandlers, startWorkers, WEEKLY_ROLLOVER } from '../../src/scheduler.js';
import { TEST_NOW, testContext, type TestContext } from '../helpers/context.js';
import { launches } from '../helpers/launches.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testContext();
});
afterAll(async () => ctx?.close());
beforeEach(async () => {
  ctx.clock.set(TEST_NOW);
  await ctx.db.deleteFrom('jobs').execute();
});

const job = (id: number) => ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const at = (ms: number) => new Date(Date.parse(TEST_NOW) + ms);

describe('the job queue', () => {
  it('runs due jobs oldest first, and leaves future ones queued', async () => {
    const seen: unknown[] = [];
    const later = await enqueue(ctx, 'note', { n: 3 }, { runAt: at(60_000) });
    const second = await enqueue(ctx, 'note', { n: 2 }, { runAt: at(-1_000) });
    const first = await enqueue(ctx, 'note', { n: 1 }, { runAt: at(-5_000) });
    const result = await runDueJobs(ctx, { note: async (_ctx, payload) => void seen.push(payload) }, 'w1');
    expect(result).toEqual({ ran: 2, failed: 0 });
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect((await job(first.id)).status).toBe('done');
    expect((await job(second.id)).status).toBe('done');
    expect((await job(later.id)).status).toBe('queued');
  });

  it('never hands one job to two workers', async () => {
    const { id } = await enqueue(ctx, 'note');
    const claims = await Promise.all([claimNext(ctx, 'a'), claimNext(ctx, 'b'), claimNext(ctx, 'c')]);
    const won = claims.filter((c) => c !== null);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ id, kind: 'note', attempts: 1 });
    const winner = ['a', 'b', 'c'][claims.findIndex((c) => c !== null)];
    expect(await job(id)).toMatchObject({ status: 'running', locked_by: winner, locked_at: TEST_NOW });
  });

  it('retries a failing job with exponential backoff, then marks it failed with the error', async () => {
    const { id } = await enqueue(ctx, 'flaky', {}, { maxAttempts: 3 });
    const handlers = {
      flaky: async () => {
        throw new Error('upstream said no');
      },
    };
    expect(await runDueJobs(ctx, handlers, 'w1')).toEqual({ ran: 1, failed: 1 });
    expect(await job(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'upstream said no',
      locked_by: null,
      run_at: at(30_000).toISOString(),
    });

    // Not due yet: nothing runs.
    expect(await runDueJobs(ctx, handlers, 'w1')).toEqual({ ran: 0, failed: 0 });

    ctx.clock.set(at(30_000));
    await runDueJobs(ctx, handlers, 'w1');
    expect(await job(id)).toMatchObject({ status: 'queued', attempts: 2, run_at: at(30_000 + 60_000).toISOString() });

    ctx.clock.set(at(90_000));
    await runDueJobs(ctx, handlers, 'w1');
    expect(await job(id)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'upstream said no' });

    ctx.clock.set(at(24 * 3_600_000));
    expect(await runDueJobs(ctx, handlers, 'w1')).toEqual({ ran: 0, failed: 0 });
  });

  it('doubles the delay each attempt, up to six hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(6 * 3_600_000);
  });

  it('fails a job of an unknown kind like a throwing handler', async () => {
    const { id } = await enqueue(ctx, 'mystery', {}, { maxAttempts: 1 });
    await runDueJobs(ctx, {}, 'w1');
    expect(await job(id)).toMatchObject({ status: 'failed', last_error: 'no handler for job kind "mystery"' });
  });

  it('re-queues jobs a dead worker left running, and fails those out of attempts', async () => {
    const alive = await enqueue(ctx, 'slow');
    const exhausted = await enqueue(ctx, 'slow', { last: true }, { maxAttempts: 1 });
    expect((await claimNext(ctx, 'dead-worker'))?.id).toBe(alive.id);
    expect((await claimNext(ctx, 'dead-worker'))?.id).toBe(exhausted.id);

    ctx.clock.advance(5 * 60_000);
    expect(await recoverStale(ctx, 10 * 60_000)).toBe(0);

    ctx.clock.advance(10 * 60_000);
    expect(await recoverStale(ctx, 10 * 60_000)).toBe(2);
    expect(await job(alive.id)).toMatchObject({
      status: 'queued',
      locked_by: null,
      attempts: 1,
      last_error: 'the worker stopped while running this job',
    });
    expect(await job(exhausted.id)).toMatchObject({ status: 'failed', locked_by: null });

    // The dead worker cannot complete a job it no longer holds; a new worker can.
    const stale = { id: alive.id, kind: 'slow', payload: {}, attempts: 1, max_attempts: 5, run_at: TEST_NOW };
    expect(await complete(ctx, stale, 'dead-worker')).toBe(false);
    expect(await fail(ctx, stale, 'dead-worker', new Error('late'))).toBe('not_held');
    const again = await claimNext(ctx, 'new-worker');
    expect(again).toMatchObject({ id: alive.id, attempts: 2 });
    expect(await complete(ctx, again!, 'new-worker')).toBe(true);
  });

  it('dedupes queued jobs of the same kind and payload on request', async () => {
    const a = await enqueue(ctx, 'digest', { week: '2026-11-16' }, { dedupe: true });
    const b = await enqueue(ctx, 'digest', { week: '2026-11-16' }, { dedupe: true });
    const c = await enqueue(ctx, 'digest', { week: '2026-11-23' }, { dedupe: true });
    expect(a.created).toBe(true);
    expect(b).toEqual({ id: a.id, created: false });
    expect(c.created).toBe(true);
    expect((await enqueue(ctx, 'digest', { week: '2026-11-16' })).created).toBe(true);
  });
});

describe('the scheduler', () => {
  it('keeps exactly one weekly rollover queued for next Monday 00:00 UTC', async () => {
    await Promise.all([ensureRolloverScheduled(ctx), ensureRolloverScheduled(ctx)]);
    await ensureRolloverScheduled(ctx);
    const queued = await ctx.db.selectFrom('jobs').selectAll().where('kind', '=', WEEKLY_ROLLOVER).execute();
    expect(queued.map((j) => [j.status, j.run_at])).toEqual([['queued', '2026-11-23T00:00:00.000Z']]);
  });

  it('runs the rollover when Monday comes and schedules the next one', async () => {
    const listing = await launches(ctx).launch({ slug: 'monday-launch', week: '2026-11-23', status: 'scheduled' });
    await ensureRolloverScheduled(ctx);
    ctx.clock.set('2026-11-23T00:00:05.000Z');
    expect(await runDueJobs(ctx, jobHandlers, 'w1')).toEqual({ ran: 1, failed: 0 });
    const row = await ctx.db
      .selectFrom('listings')
      .select('status')
      .where('id', '=', listing)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('live');
    const jobs = await ctx.db
      .selectFrom('jobs')
      .select(['status', 'run_at'])
      .where('kind', '=', WEEKLY_ROLLOVER)
      .orderBy('id')
      .execute();
    expect(jobs).toEqual([
      { status: 'done', run_at: '2026-11-23T00:00:00.000Z' },
      { status: 'queued', run_at: '2026-11-30T00:00:00.000Z' },
    ]);
  });

  it('startWorkers recovers, catches up the rollover, schedules it and drains jobs until stopped', async () => {
    const listing = await launches(ctx).launch({ slug: 'missed-monday', week: '2026-11-16', status: 'scheduled' });
    const stuck = await enqueue(ctx, 'note', { stuck: true });
    await claimNext(ctx, 'crashed');
    ctx.clock.advance(60 * 60_000);
    const seen: unknown[] = [];
    const workers = await startWorkers(ctx, {
      intervalMs: 10,
      handlers: { ...jobHandlers, note: async (_c, p) => void seen.push(p) },
    });
    try {
      const row = await ctx.db
        .selectFrom('listings')
        .select('status')
        .where('id', '=', listing)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('live');
      await expect.poll(async () => (await job(stuck.id)).status).toBe('done');
      expect(seen).toEqual([{ stuck: true }]);
      const queued = await ctx.db
        .selectFrom('jobs')
        .select('run_at')
        .where('kind', '=', WEEKLY_ROLLOVER)
        .where('status', '=', 'queued')
        .execute();
      expect(queued).toEqual([{ run_at: '2026-11-23T00:00:00.000Z' }]);
    } finally {
      await workers.stop();
    }
  });
  it('starts a job queued in this process at once, also one queued in a transaction, not at the next poll', async () => {
    const seen: unknown[] = [];
    // An hour between polls: only the signal of the enqueue can start these jobs within the test.
    const workers = await startWorkers(ctx, {
      intervalMs: 3_600_000,
      handlers: { ...jobHandlers, note: async (_c, p) => void seen.push(p) },
    });
    try {
      await expect
        .poll(
          async () =>
            (await ctx.db.selectFrom('jobs').select('status').where('status', '=', 'running').execute()).length,
        )
        .toBe(0);
      const direct = await enqueue(ctx, 'note', { direct: true });
      await expect.poll(async () => (await job(direct.id)).status, { timeout: 2000 }).toBe('done');
      const inTx = await inTransaction(ctx, (tx) => enqueue(tx, 'note', { tx: true }));
      await expect.poll(async () => (await job(inTx.id)).status, { timeout: 2000 }).toBe('done');
      expect(seen).toEqual([{ direct: true }, { tx: true }]);
    } finally {
      await workers.stop();
    }
  });
});
