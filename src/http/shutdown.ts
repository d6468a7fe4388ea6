// Graceful stop of `launchboard serve` (SIGTERM, SIGINT): stop accepting
// connections and claiming jobs at once, let requests in flight and running
// jobs finish, then close. Bounded: whatever is still running after the
// grace period is abandoned; its jobs stay `running` and the next start
// re-queues them (jobs.ts recoverOrphaned, or their lease runs out), and its
// clients retry.
import type { Server } from 'node:http';

/** How long a stop waits for requests in flight and running jobs (under Docker's and Kubernetes' kill timeouts). */
export const SHUTDOWN_GRACE_MS = 25_000;
/** How often keep-alive connections that just went idle are closed while draining. */
const IDLE_SWEEP_MS = 50;

/**
 * Stops `server` listening and resolves once every request in flight has
 * been answered (true), or after `graceMs` with the stragglers cut off
 * (false). A keep-alive connection is closed as soon as its request is
 * answered; Node would otherwise hold it open for keepAliveTimeout.
 */
export async function drainServer(server: Server, graceMs = SHUTDOWN_GRACE_MS): Promise<boolean> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    const drained = await within(closed, graceMs);
    if (!drained) server.closeAllConnections();
    return drained;
  } finally {
    clearInterval(sweep);
  }
}

/** Resolves true when `work` settles within `ms`, false when the time runs out first. */
export async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      work.then(
        () => true as const,
        () => true as const,
      ),
      expired,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
