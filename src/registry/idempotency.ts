// Idempotency-Key (ARCHITECTURE §5): 1–255 printable ASCII, scoped to caller +
// operation, kept 24 h. A replay returns the stored status and body; the same
// key with a different request is 422; the same key still running is 409
// (until it has been in flight so long that its request must have died).
import { createHash } from 'node:crypto';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A key still in flight after this long belongs to a request that died with
 * its process (a crash, a kill -9) or lost its database mid-way: the next
 * request with it takes it over instead of meeting 409 for 24 hours. Far
 * longer than any request runs (Node's own request timeout is 5 minutes).
 */
export const IN_FLIGHT_ABANDONED_MS = 10 * 60 * 1000;
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

export function isValidIdempotencyKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export interface StoredResponse {
  status: number;
  body: unknown;
  replayed: boolean;
}

/** Deterministic JSON (sorted keys) so equal requests hash equally. */
function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

export function requestHash(input: unknown): string {
  return createHash('sha256').update(stableJson(input)).digest('hex');
}

export async function withIdempotency(
  ctx: Context,
  scope: { callerKey: string; operation: string; key: string; input: unknown },
  run: () => Promise<{ status: number; body: unknown }>,
): Promise<StoredResponse> {
  const now = ctx.clock.now();
  const hash = requestHash(scope.input);
  const where = { caller_key: scope.callerKey, operation: scope.operation, key: scope.key };

  await ctx.db
    .deleteFrom('idempotency_keys')
    .where('caller_key', '=', where.caller_key)
    .where('operation', '=', where.operation)
    .where('key', '=', where.key)
    .where('expires_at', '<=', now.toISOString())
    .execute();

  // An abandoned claim (see IN_FLIGHT_ABANDONED_MS) is released, so the claim below can take the key.
  await ctx.db
    .deleteFrom('idempotency_keys')
    .where('caller_key', '=', where.caller_key)
    .where('operation', '=', where.operation)
    .where('key', '=', where.key)
    .where('state', '=', 'in_flight')
    .where('created_at', '<=', new Date(now.getTime() - IN_FLIGHT_ABANDONED_MS).toISOString())
    .execute();

  const claimed = await ctx.db
    .insertInto('idempotency_keys')
    .values({
      ...where,
      request_hash: hash,
      state: 'in_flight',
      response_status: null,
      response_body: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();

  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
    const existing = await ctx.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('caller_key', '=', where.caller_key)
      .where('operation', '=', where.operation)
      .where('key', '=', where.key)
      .executeTakeFirstOrThrow();
    if (existing.request_hash !== hash) {
      throw new AppError(
        'unprocessable',
        'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
      );
    }
    if (existing.state === 'in_flight' || existing.response_status === null) {
      throw new AppError(
        'conflict',
        'A request with this Idempotency-Key is still in progress. Retry after it finishes.',
      );
    }
    return { status: existing.response_status, body: JSON.parse(existing.response_body ?? 'null'), replayed: true };
  }

  try {
    const response = await run();
    await ctx.db
      .updateTable('idempotency_keys')
      .set({ state: 'done', response_status: response.status, response_body: JSON.stringify(response.body) })
      .where('caller_key', '=', where.caller_key)
      .where('operation', '=', where.operation)
      .where('key', '=', where.key)
      .execute();
    return { ...response, replayed: false };
  } catch (err) {
    // A failed attempt leaves nothing behind, so the client may retry with the same key.
    await ctx.db
      .deleteFrom('idempotency_keys')
      .where('caller_key', '=', where.caller_key)
      .where('operation', '=', where.operation)
      .where('key', '=', where.key)
      .execute();
    throw err;
  }
}
