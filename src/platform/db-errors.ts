// Recognising a unique-constraint violation in either dialect, for the few
// inserts that race on purpose (order numbers, one pending claim per listing)
// and retry instead of failing; and recognising a database that is
// unavailable for now (locked, full, unreachable), which the faces answer
// with 503 instead of 500.
import { AppError } from '../errors.js';

export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Runs `attempt` again (up to `times` in all) while it fails on a unique constraint. */
export async function retryOnUniqueViolation<T>(times: number, attempt: (n: number) => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (n >= times || !isUniqueViolation(err)) throw err;
    }
  }
}

// SQLite result codes (better-sqlite3 puts the extended one in `code`, e.g.
// SQLITE_IOERR_WRITE) that mean "the database cannot take this now": locked,
// full, or failing I/O. SQLITE_CORRUPT is deliberately not here: it is a bug
// or a broken file, not something a retry fixes.
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|PROTOCOL|NOMEM|READONLY)(_|$)/;
// PostgreSQL SQLSTATEs of the same kind: connection exceptions (class 08),
// serialization failure and deadlock (40001, 40P01), insufficient resources
// such as disk full (class 53), lock not available (55P03), operator
// intervention such as an admin or crash shutdown (class 57P), system I/O (58030).
const POSTGRES_UNAVAILABLE = /^(08...|40001|40P01|53...|55P03|57P0[1-4]|58030)$/;
// The pg driver's own failures to reach the server carry Node's errno codes,
// or none at all for a dropped connection.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
const POOL_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * True when `err` says the database is unavailable for now (locked, full,
 * unreachable, shutting down) rather than that the request or the code is
 * wrong: the faces answer 503 with Retry-After instead of 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err === null || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (SQLITE_UNAVAILABLE.test(code) || POSTGRES_UNAVAILABLE.test(code) || NETWORK_CODES.has(code)) return true;
  }
  return typeof message === 'string' && POOL_MESSAGES.test(message);
}

/** Seconds a client is asked to wait (Retry-After) when the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The AppError the faces send for a database that is unavailable for now (503, Retry-After). */
export function databaseUnavailable(): AppError {
  return new AppError('unavailable', 'The database is busy or unavailable right now. Retry in a few seconds.', {
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}

/** `err` as the AppError a face sends when it is a database outage; anything else unchanged. */
export function asUnavailable(err: unknown): unknown {
  return !(err instanceof AppError) && isDatabaseUnavailable(err) ? databaseUnavailable() : err;
}
