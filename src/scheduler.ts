// Background workers of `launchboard serve`: the job kinds this program runs,
// the weekly rollover kept scheduled for the next Monday 00:00 UTC, and a
// polling loop that runs due jobs from the persistent queue, a bounded number
// at a time (p-queue).
import PQueue from 'p-queue';
import type { Context } from './context.js';
import { DRAFT_COMPETITOR, DRAFT_SITE } from './drafts/drafts.js';
import { runCompetitorJob, runDraftJob } from './drafts/job.js';
import {
  claimNext,
  enqueue,
  type JobHandlers,
  LEASE_MS,
  newWorkerId,
  recoverOrphaned,
  recoverStale,
  renewLeases,
  runJob,
} from './platform/jobs.js';
import { BADGE_CHECK_EVERY_MS, checkAllBadges } from './launches/free-launch.js';
import { pruneListingStats } from './listings/stats.js';
import { deliverOutboxMail, SEND_MAIL } from './platform/mail.js';
import { orderJobHandlers } from './orders/fulfilment.js';
import { pruneUnusedImages } from './media/images.js';
import { LISTING_LOGO, runLogoJob } from './media/logos.js';
import { runWeeklyRollover } from './launches/rollover.js';
import { runDeliveryJob } from './webhooks/delivery.js';
import { DELIVERY_JOB } from './webhooks/events.js';
import { runVoteDigest, VOTE_DIGEST, VOTE_DIGEST_EVERY_MS } from './community/vote-digest.js';
import { addWeeks, mondayOf, weekStartsAt } from './launches/weeks.js';

export const WEEKLY_ROLLOVER = 'weekly_rollover';
export const BADGE_CHECKS = 'badge_checks';

/** Deletes the visitor hashes and salts of finished days (the daily counts stay). */
export const STATS_PRUNE = 'listing_stats_prune';

/** Deletes uploaded images nothing came to show (media/images.ts). */
export const IMAGES_PRUNE = 'unused_images_prune';

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

/** Makes sure one queued badge_checks job exists, due within the hour. */
export async function ensureBadgeChecksScheduled(
  ctx: Context,
  delayMs = BADGE_CHECK_EVERY_MS,
): Promise<{ id: number; created: boolean }> {
  return enqueue(ctx, BADGE_CHECKS, {}, { runAt: new Date(ctx.clock.now().getTime() + delayMs), dedupe: true });
}

/** Just after the next midnight UTC: when the daily prunes run. */
function afterMidnight(ctx: Context): Date {
  const next = new Date(ctx.clock.now());
  next.setUTCHours(24, 1, 0, 0);
  return next;
}

/** Makes sure one queued listing_stats_prune job exists, due just after the next midnight UTC. */
export async function ensureStatsPruneScheduled(ctx: Context): Promise<{ id: number; created: boolean }> {
  return enqueue(ctx, STATS_PRUNE, {}, { runAt: afterMidnight(ctx), dedupe: true });
}

/** Makes sure one queued unused_images_prune job exists, due just after the next midnight UTC. */
export async function ensureImagesPruneScheduled(ctx: Context): Promise<{ id: number; created: boolean }> {
  return enqueue(ctx, IMAGES_PRUNE, {}, { runAt: afterMidnight(ctx), dedupe: true });
}

/** Makes sure one queued vote_digest job exists, due within the hour (community/vote-digest.ts). */
export async function ensureVoteDigestScheduled(
  ctx: Context,
  delayMs = VOTE_DIGEST_EVERY_MS,
): Promise<{ id: number; created: boolean }> {
  return enqueue(ctx, VOTE_DIGEST, {}, { runAt: new Date(ctx.clock.now().getTime() + delayMs), dedupe: true });
}

/** Every job kind this program runs, by kind. */
export const jobHandlers: JobHandlers = {
  [SEND_MAIL]: deliverOutboxMail,
  // Runs the rollover, then queues the next one (this job is `running`, so
  // the dedupe check does not see it and a fresh job is created).
  [WEEKLY_ROLLOVER]: async (ctx) => {
    await runWeeklyRollover(ctx);
    await ensureRolloverScheduled(ctx);
  },
  [BADGE_CHECKS]: async (ctx) => {
    const result = await checkAllBadges(ctx);
    if (result.checked > 0) ctx.logger.info(result, 'badge checks');
    await ensureBadgeChecksScheduled(ctx);
  },
  // Visitors are told apart only within their day: yesterday's hashes and salt go (listings/stats.ts).
  [STATS_PRUNE]: async (ctx) => {
    await pruneListingStats(ctx.db, ctx.clock.now().toISOString().slice(0, 10));
    await ensureStatsPruneScheduled(ctx);
  },
  // An upload waits a day for a draft or a listing to show it.
  [IMAGES_PRUNE]: async (ctx) => {
    const deleted = await pruneUnusedImages(ctx.db, ctx.clock.now());
    if (deleted > 0) ctx.logger.info({ deleted }, 'unused images pruned');
    await ensureImagesPruneScheduled(ctx);
  },
  // Makers hear of new votes once an hour, one notification per listing.
  [VOTE_DIGEST]: async (ctx) => {
    const result = await runVoteDigest(ctx);
    if (result.listings > 0) ctx.logger.info(result, 'vote digest');
    await ensureVoteDigestScheduled(ctx);
  },
  // Submit by URL: read the site, draft, gate (drafts-job.ts).
  [DRAFT_SITE]: (ctx, payload, job) => runDraftJob(ctx, payload, job),
  [DRAFT_COMPETITOR]: (ctx, payload, job) => runCompetitorJob(ctx, payload, job),
  // Orders: fulfilment per paid line, and unpaid orders expiring after 24 h (fulfilment.ts).
  ...orderJobHandlers,
  // A listing's logo copied to our side when its logo_url changes (media/logos.ts).
  [LISTING_LOGO]: runLogoJob,
  // An event sent to a webhook endpoint, retried with the queue's backoff (webhooks/delivery.ts).
  [DELIVERY_JOB]: runDeliveryJob,
};

export interface WorkerOptions {
  /** How often to look for due jobs (default 5 s). */
  intervalMs?: number;
  workerId?: string;
  handlers?: JobHandlers;
  /** Jobs run at once by this process (default 2): crawls are network- and parse-bound. */
  concurrency?: number;
}

export interface Workers {
  workerId: string;
  /** Stops claiming jobs and waits for the running ones to finish. */
  stop(): Promise<void>;
}

/**
 * Starts the in-process workers: re-queues jobs a dead process left running
 * (at once when it ran on this host, else once stale),
 * runs the rollover once (it is idempotent, so a Monday missed while the
 * server was down is caught up), makes sure the next one is scheduled, then
 * claims due jobs every intervalMs, whenever a job ends and whenever this
 * process queues one (ctx.jobSignal), running at most
 * `concurrency` at once. The timer is unref'd: it never keeps the
 * process alive on its own.
 */
export async function startWorkers(ctx: Context, opts: WorkerOptions = {}): Promise<Workers> {
  const workerId = opts.workerId ?? newWorkerId();
  const handlers = opts.handlers ?? jobHandlers;
  const intervalMs = opts.intervalMs ?? 5000;

  await recoverStale(ctx, LEASE_MS);
  await recoverOrphaned(ctx);
  await runWeeklyRollover(ctx);
  await ensureRolloverScheduled(ctx);
  await ensureBadgeChecksScheduled(ctx, 0);
  await ensureStatsPruneScheduled(ctx);
  await ensureImagesPruneScheduled(ctx);
  await ensureVoteDigestScheduled(ctx);

  // Claims due jobs while a p-queue slot is free; each finished job makes room for the next at once.
  const queue = new PQueue({ concurrency: opts.concurrency ?? 2 });
  let claiming: Promise<void> | null = null;
  let claimAgain = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    // A job queued while claiming may have been missed by that claim: look once more when it ends.
    if (claiming) {
      claimAgain = true;
      return;
    }
    claimAgain = false;
    claiming = (async () => {
      try {
        await recoverStale(ctx, LEASE_MS);
        while (!stopped && queue.size + queue.pending < queue.concurrency) {
          const job = await claimNext(ctx, workerId);
          if (!job) break;
          void queue.add(() => runJob(ctx, handlers, job, workerId));
        }
      } catch (err) {
        ctx.logger.error({ err, workerId }, 'job worker tick failed');
      } finally {
        claiming = null;
        if (claimAgain) tick();
      }
    })();
  };
  queue.on('next', tick);
  const stopListening = ctx.jobSignal.listen(tick);
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  // The leases of this worker's running jobs, renewed well before they run out.
  const heartbeat = setInterval(() => {
    renewLeases(ctx, workerId).catch((err) => ctx.logger.error({ err, workerId }, 'renewing job leases failed'));
  }, LEASE_MS / 3);
  heartbeat.unref();
  tick();

  return {
    workerId,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      clearInterval(heartbeat);
      stopListening();
      queue.off('next', tick);
      await claiming;
      await queue.onIdle();
    },
  };
}
