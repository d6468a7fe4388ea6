// Background workers of `launchboard serve`: the job kinds this program runs,
// the weekly rollover kept scheduled for the next Monday 00:00 UTC, and a
// polling loop that drains due jobs from the persistent queue.
import type { Context } from '../context.js';
import { enqueue, type JobHandlers, newWorkerId, recoverStale, runDueJobs } from './jobs.js';
import { runWeeklyRollover } from './rollover.js';
import { addWeeks, mondayOf, weekStartsAt } from './weeks.js';

export const WEEKLY_ROLLOVER = 'weekly_rollover';

/** A job still `running` after this long lost its worker (see recoverStale). */
export const STALE_AFTER_MS = 15 * 60_000;

/** Monday 00:00 UTC after `now`. */
export function nextMonday(now: Date): Date {
  return weekStartsAt(addWeeks(mondayOf(now), 1));
}

/**
 * Makes sure one queued weekly_rollover job exists; a new one is due next
 * Monday 00:00 UTC. Safe to call from every instance and on every start.
 */
export async function ensureRolloverScheduled(ctx: Context): Promise<{ id: number; created: boolean }> {
  return enqueue(ctx, WEEKLY_ROLLOVER, {}, { runAt: nextMonday(ctx.clock.now()), dedupe: true });
}

/** Every job kind this program runs, by kind. */
export const jobHandlers: JobHandlers = {
  // Runs the rollover, then queues the next one (this job is `running`, so
  // the dedupe check does not see it and a fresh job is created).
  [WEEKLY_ROLLOVER]: async (ctx) => {
    await runWeeklyRollover(ctx);
    await ensureRolloverScheduled(ctx);
  },
};

export interface WorkerOptions {
  /** How often to look for due jobs (default 5 s). */
  intervalMs?: number;
  workerId?: string;
  handlers?: JobHandlers;
}

export interface Workers {
  workerId: string;
  /** Stops polling and waits for the drain in progress, if any. */
  stop(): Promise<void>;
}

/**
 * Starts the in-process workers: re-queues jobs a dead process left running,
 * runs the rollover once (it is idempotent, so a Monday missed while the
 * server was down is caught up), makes sure the next one is scheduled, then
 * drains due jobs every intervalMs. The timer is unref'd: it never keeps the
 * process alive on its own.
 */
export async function startWorkers(ctx: Context, opts: WorkerOptions = {}): Promise<Workers> {
  const workerId = opts.workerId ?? newWorkerId();
  const handlers = opts.handlers ?? jobHandlers;
  const intervalMs = opts.intervalMs ?? 5000;

  await recoverStale(ctx, STALE_AFTER_MS);
  await runWeeklyRollover(ctx);
  await ensureRolloverScheduled(ctx);

  let draining: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || draining) return;
    draining = (async () => {
      try {
        await recoverStale(ctx, STALE_AFTER_MS);
        await runDueJobs(ctx, handlers, workerId);
      } catch (err) {
        ctx.logger.error({ err, workerId }, 'job worker tick failed');
      } finally {
        draining = null;
      }
    })();
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();

  return {
    workerId,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await draining;
    },
  };
}
