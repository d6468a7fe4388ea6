// A small persistent job queue on the `jobs` table, so background work
// (weekly rollover, and later crawl, badge checks, fulfilment, email) survives
// restarts and is shared between instances. Statuses: queued → running →
// done, or back to queued with a backoff after a failure, until max_attempts
// makes it `failed`. Workers (scheduler.ts) claim due jobs on a timer and run
// them through runJob with p-queue concurrency; tests drain with runDueJobs.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Context } from '../context.js';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface Job {
  id: number;
  kind: string;
  payload: unknown;
  /** Attempts so far, this one included (a claim counts as an attempt). */
  attempts: number;
  max_attempts: number;
  run_at: string;
}

/** Runs one job; `job` tells a handler which attempt this is (to give up cleanly on the last). */
export type JobHandler = (ctx: Context, payload: unknown, job: Job) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

export interface EnqueueOptions {
  /** When the job may run first (default now). */
  runAt?: Date;
  /** Attempts before the job is marked failed (default 5). */
  maxAttempts?: number;
  /** Skip the insert when a queued job of the same kind and payload exists. */
  dedupe?: boolean;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 6 * 3_600_000;
const MAX_ERROR_LENGTH = 2000;

/** Delay before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min … capped at 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

/**
 * Tells this process's workers that a job was queued, so a due job starts at once
 * rather than at the next poll (other instances still find it by polling).
 */
export interface JobSignal {
  notify(): void;
  /** Calls `fn` on every notify; returns the way to stop. */
  listen(fn: () => void): () => void;
}

export function createJobSignal(): JobSignal {
  const listeners = new Set<() => void>();
  return {
    notify: () => {
      for (const fn of listeners) fn();
    },
    listen: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

/** A worker id unique to this process: host, pid and a random suffix. */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export async function enqueue(
  ctx: Context,
  kind: string,
  payload: unknown = {},
  opts: EnqueueOptions = {},
): Promise<{ id: number; created: boolean }> {
  const nowIso = ctx.clock.now().toISOString();
  const json = JSON.stringify(payload ?? {});
  const row = {
    kind,
    payload: json,
    status: 'queued',
    max_attempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    run_at: (opts.runAt ?? ctx.clock.now()).toISOString(),
    created_at: nowIso,
    updated_at: nowIso,
  };
  if (!opts.dedupe) {
    const inserted = await ctx.db.insertInto('jobs').values(row).returning('id').executeTakeFirstOrThrow();
    if (!opts.runAt) ctx.jobSignal.notify();
    return { id: inserted.id, created: true };
  }
  const queued = await ctx.db.transaction().execute(async (trx) => {
    // Serialize dedupe checks of one kind between instances (PostgreSQL);
    // SQLite has a single writer already.
    if (ctx.dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtext(${`launchboard.jobs.${kind}`}))`.execute(trx);
    const existing = await trx
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', kind)
      .where('payload', '=', json)
      .where('status', '=', 'queued')
      .orderBy('id')
      .executeTakeFirst();
    if (existing) return { id: existing.id, created: false };
    const inserted = await trx.insertInto('jobs').values(row).returning('id').executeTakeFirstOrThrow();
    return { id: inserted.id, created: true };
  });
  if (queued.created && !opts.runAt) ctx.jobSignal.notify();
  return queued;
}

function toJob(row: {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
  max_attempts: number;
  run_at: string;
}): Job {
  let payload: unknown;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    payload = null;
  }
  return {
    id: row.id,
    kind: row.kind,
    payload,
    attempts: Number(row.attempts),
    max_attempts: Number(row.max_attempts),
    run_at: row.run_at,
  };
}

/**
 * Claims the oldest due job for `workerId`, or returns null. The claim is a
 * conditional UPDATE (still queued?), so two workers never run one job; on
 * PostgreSQL the candidate is also locked with FOR UPDATE SKIP LOCKED, so
 * instances pass over each other's claims instead of colliding.
 */
export async function claimNext(ctx: Context, workerId: string): Promise<Job | null> {
  const nowIso = ctx.clock.now().toISOString();
  for (let tries = 0; tries < 5; tries++) {
    const claimed = await ctx.db.transaction().execute(async (trx) => {
      let candidate = trx
        .selectFrom('jobs')
        .select('id')
        .where('status', '=', 'queued')
        .where('run_at', '<=', nowIso)
        .orderBy('run_at')
        .orderBy('id')
        .limit(1);
      if (ctx.dialect === 'postgres') candidate = candidate.forUpdate().skipLocked();
      const next = await candidate.executeTakeFirst();
      if (!next) return 'none' as const;
      const updated = await trx
        .updateTable('jobs')
        .set({
          status: 'running',
          attempts: sql`attempts + 1`,
          locked_at: nowIso,
          locked_by: workerId,
          updated_at: nowIso,
        })
        .where('id', '=', next.id)
        .where('status', '=', 'queued')
        .returning(['id', 'kind', 'payload', 'attempts', 'max_attempts', 'run_at'])
        .executeTakeFirst();
      return updated ? toJob(updated) : ('lost' as const);
    });
    if (claimed === 'none') return null;
    if (claimed !== 'lost') return claimed;
  }
  return null;
}

/** Marks a job this worker holds as done. False when the worker no longer holds it. */
export async function complete(ctx: Context, job: Job, workerId: string): Promise<boolean> {
  const nowIso = ctx.clock.now().toISOString();
  const result = await ctx.db
    .updateTable('jobs')
    .set({ status: 'done', locked_at: null, last_error: null, updated_at: nowIso })
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records a failed attempt: back to queued after retryDelayMs, or `failed`
 * once max_attempts is reached. The error text stays in the table (for
 * admins), never in an API response.
 */
export async function fail(
  ctx: Context,
  job: Job,
  workerId: string,
  error: unknown,
): Promise<'retrying' | 'failed' | 'not_held'> {
  const now = ctx.clock.now();
  const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
  const final = job.attempts >= job.max_attempts;
  const result = await ctx.db
    .updateTable('jobs')
    .set({
      status: final ? 'failed' : 'queued',
      run_at: final ? job.run_at : new Date(now.getTime() + retryDelayMs(job.attempts)).toISOString(),
      locked_at: null,
      locked_by: null,
      last_error: message,
      updated_at: now.toISOString(),
    })
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return 'not_held';
  return final ? 'failed' : 'retrying';
}

/**
 * How long a running job's lease lasts. A worker renews the leases of its
 * running jobs (renewLeases) every third of it; a job whose lease ran out lost
 * its worker, whatever became of that worker's process id (a zombie, a reused
 * pid, another host), and recoverStale queues it again.
 */
export const LEASE_MS = 30_000;

/** Renews the lease (locked_at) of every job this worker is running. */
export async function renewLeases(ctx: Context, workerId: string): Promise<number> {
  const result = await ctx.db
    .updateTable('jobs')
    .set({ locked_at: ctx.clock.now().toISOString() })
    .where('status', '=', 'running')
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Re-queues jobs whose lease (locked_at, renewed by their worker) is older
 * than `olderThanMs`: their worker died mid-job. Ones that already used every
 * attempt become `failed`. Returns how many rows changed.
 */
export async function recoverStale(ctx: Context, olderThanMs: number): Promise<number> {
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - olderThanMs).toISOString();
  const lostWorker = 'the worker stopped while running this job';
  const exhausted = await ctx.db
    .updateTable('jobs')
    .set({ status: 'failed', locked_at: null, locked_by: null, last_error: lostWorker, updated_at: nowIso })
    .where('status', '=', 'running')
    .where('locked_at', '<', cutoff)
    .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
    .executeTakeFirst();
  const requeued = await ctx.db
    .updateTable('jobs')
    .set({
      status: 'queued',
      run_at: nowIso,
      locked_at: null,
      locked_by: null,
      last_error: lostWorker,
      updated_at: nowIso,
    })
    .where('status', '=', 'running')
    .where('locked_at', '<', cutoff)
    .executeTakeFirst();
  return Number(exhausted.numUpdatedRows) + Number(requeued.numUpdatedRows);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * At start-up, re-queues at once the jobs left `running` by an earlier
 * process on this host that is gone, instead of waiting for their lease to
 * run out; ones out of attempts become `failed`. Worker ids are
 * host:pid:random (newWorkerId). Only a shortcut: a pid that looks alive (a
 * zombie, or reused by another process) is left to the lease.
 */
export async function recoverOrphaned(ctx: Context, isAlive: (pid: number) => boolean = processAlive): Promise<number> {
  const host = `${hostname()}:`;
  const running = await ctx.db
    .selectFrom('jobs')
    .select(['id', 'locked_by', 'attempts', 'max_attempts'])
    .where('status', '=', 'running')
    .execute();
  const nowIso = ctx.clock.now().toISOString();
  let changed = 0;
  for (const job of running) {
    if (!job.locked_by?.startsWith(host)) continue;
    const pid = Number(job.locked_by.slice(host.length).split(':')[0]);
    if (!Number.isInteger(pid) || pid === process.pid || isAlive(pid)) continue;
    const exhausted = Number(job.attempts) >= Number(job.max_attempts);
    const result = await ctx.db
      .updateTable('jobs')
      .set({
        status: exhausted ? 'failed' : 'queued',
        ...(exhausted ? {} : { run_at: nowIso }),
        locked_at: null,
        locked_by: null,
        last_error: 'the worker stopped while running this job',
        updated_at: nowIso,
      })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('locked_by', '=', job.locked_by)
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
}

/**
 * Claims and runs due jobs one after another until none is due (or `limit`
 * have run, so one drain cannot starve the caller). A kind without a handler
 * fails like a throwing handler: it is retried, then marked failed.
 */
export async function runDueJobs(
  ctx: Context,
  handlers: JobHandlers,
  workerId: string,
  opts: { limit?: number } = {},
): Promise<{ ran: number; failed: number }> {
  const limit = opts.limit ?? 100;
  let ran = 0;
  let failed = 0;
  while (ran < limit) {
    const job = await claimNext(ctx, workerId);
    if (!job) break;
    ran++;
    if (!(await runJob(ctx, handlers, job, workerId))) failed++;
  }
  return { ran, failed };
}

/** Runs one claimed job with its handler and records the outcome; false when it failed. */
export async function runJob(ctx: Context, handlers: JobHandlers, job: Job, workerId: string): Promise<boolean> {
  try {
    const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
    if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
    await handler(ctx, job.payload, job);
    await complete(ctx, job, workerId);
    return true;
  } catch (err) {
    const outcome = await fail(ctx, job, workerId, err);
    ctx.logger.warn({ err, job: { id: job.id, kind: job.kind, attempts: job.attempts }, outcome }, 'job failed');
    return false;
  }
}
