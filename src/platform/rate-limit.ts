// Fixed one-minute windows per caller. One process on SQLite counts in memory;
// several processes on one SQLite file (`serve --workers N`) or several
// instances on PostgreSQL share counters in the rate_limits table.
// Both HTTP faces (REST, MCP) answer with the same headers and 429.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export interface RateLimiter {
  hit(bucket: string, limit: number, nowMs: number): Promise<RateLimitResult>;
}

export const WINDOW_SECONDS = 60;

function result(hits: number, limit: number, windowStart: number, nowMs: number): RateLimitResult {
  const resetSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_SECONDS * 1000 - nowMs) / 1000));
  return { allowed: hits <= limit, limit, remaining: Math.max(0, limit - hits), resetSeconds };
}

const windowOf = (nowMs: number) => nowMs - (nowMs % (WINDOW_SECONDS * 1000));

export function memoryRateLimiter(): RateLimiter {
  const counters = new Map<string, { windowStart: number; hits: number }>();
  return {
    async hit(bucket, limit, nowMs) {
      const windowStart = windowOf(nowMs);
      let entry = counters.get(bucket);
      if (!entry || entry.windowStart !== windowStart) {
        // Drop finished windows now and then so the map stays small.
        if (counters.size > 10_000) for (const [k, v] of counters) if (v.windowStart < windowStart) counters.delete(k);
        entry = { windowStart, hits: 0 };
        counters.set(bucket, entry);
      }
      entry.hits += 1;
      return result(entry.hits, limit, windowStart, nowMs);
    },
  };
}

export function databaseRateLimiter(db: Kysely<Database>): RateLimiter {
  let lastSweep = 0;
  return {
    async hit(bucket, limit, nowMs) {
      const windowStart = windowOf(nowMs);
      const row = await db
        .insertInto('rate_limits')
        .values({ bucket, window_start: windowStart, hits: 1 })
        .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
        .returning('hits')
        .executeTakeFirstOrThrow();
      if (windowStart !== lastSweep) {
        lastSweep = windowStart;
        await db.deleteFrom('rate_limits').where('window_start', '<', windowStart).execute();
      }
      return result(Number(row.hits), limit, windowStart, nowMs);
    },
  };
}

/** The limiter of one process: in the database when other processes count too (`shared`, or PostgreSQL), else in memory. */
export function createRateLimiter(dialect: 'sqlite' | 'postgres', db: Kysely<Database>, shared = false): RateLimiter {
  return dialect === 'postgres' || shared ? databaseRateLimiter(db) : memoryRateLimiter();
}

/** RateLimit and RateLimit-Policy (draft-ietf-httpapi-ratelimit-headers) for one policy. */
export function rateLimitHeaders(policy: string, r: RateLimitResult): Record<string, string> {
  return {
    'RateLimit-Policy': `"${policy}";q=${r.limit};w=${WINDOW_SECONDS}`,
    RateLimit: `"${policy}";r=${r.remaining};t=${r.resetSeconds}`,
  };
}

/** The 429 a spent budget answers with. */
export function tooManyRequests(r: RateLimitResult): AppError {
  return new AppError(
    'rate_limited',
    `Too many requests: at most ${r.limit} per ${WINDOW_SECONDS} s. Retry in ${r.resetSeconds} s.`,
    { headers: { 'Retry-After': String(r.resetSeconds) } },
  );
}

/** The per-minute budget of one caller: per API key or token when signed in, per address when not. */
export function budgetOf(ctx: Context, caller: { kind: string }): number {
  return caller.kind === 'anonymous' ? ctx.config.rateLimit.anonymousPerMinute : ctx.config.rateLimit.signedInPerMinute;
}
