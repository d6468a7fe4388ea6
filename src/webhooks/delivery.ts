// Sending one delivery: a POST of the event's JSON to the endpoint, signed
// the Standard Webhooks way (webhook-id, webhook-timestamp, and
// webhook-signature: v1,base64 HMAC-SHA256 of "id.timestamp.body" under the
// endpoint's whsec_ secret), through the SSRF-safe fetcher, so a private or
// reserved address is never reached, whatever the name resolves to then.
// Anything but a 2xx answer within 10 s is a failure: the job queue tries
// again with its backoff until the delivery's attempts are spent; an
// address that may never be reached (private, not a URL) fails at once.
import { Webhook } from 'standardwebhooks';
import type { Context } from '../context.js';
import type { Job } from '../platform/jobs.js';
import { FetchError } from '../platform/fetcher.js';

export interface DeliveryOutcome {
  delivered: boolean;
  /** The endpoint's HTTP status, when it answered. */
  response_status: number | null;
  error: string | null;
  /** No further attempt will be made (delivered, failed for good, or gone with its endpoint). */
  settled: boolean;
}

const TIMEOUT_MS = 10_000;
/** Failures no later attempt can mend: the address is refused or not a URL. */
const PERMANENT: ReadonlySet<string> = new Set(['blocked', 'invalid_url']);

/** The headers of one signed delivery. */
function signedHeaders(secret: string, messageId: string, at: Date, payload: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, payload),
  };
}

/**
 * Makes one attempt at a pending delivery and records it. `last` marks the
 * final attempt: a failure then makes the delivery `failed`.
 */
export async function attemptDelivery(ctx: Context, deliveryId: number, last: boolean): Promise<DeliveryOutcome> {
  const row = await ctx.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select(['d.message_id', 'd.payload', 'd.status', 'e.url', 'e.secret'])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
  if (!row) return { delivered: false, response_status: null, error: 'the endpoint was deleted', settled: true };
  if (row.status !== 'pending')
    return { delivered: row.status === 'delivered', response_status: null, error: null, settled: true };

  const at = ctx.clock.now();
  let responseStatus: number | null = null;
  let error: string | null = null;
  let permanent = false;
  try {
    const answer = await ctx.fetcher.post(row.url, {
      body: row.payload,
      headers: signedHeaders(row.secret, row.message_id, at, row.payload),
      timeoutMs: TIMEOUT_MS,
      maxBytes: 64 * 1024,
      truncate: true,
    });
    responseStatus = answer.status;
    if (answer.status < 200 || answer.status > 299) error = `the endpoint answered HTTP ${answer.status}`;
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    error = err.message;
    permanent = PERMANENT.has(err.reason);
  }
  const delivered = error === null;
  const settled = delivered || permanent || last;
  await ctx.db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_attempt_at: at.toISOString(),
      response_status: responseStatus,
      error: error?.slice(0, 500) ?? null,
      status: delivered ? 'delivered' : settled ? 'failed' : 'pending',
    }))
    .where('id', '=', deliveryId)
    .execute();
  return { delivered, response_status: responseStatus, error, settled };
}

/** The webhook_delivery job: one attempt; an unsettled failure throws, so the queue retries it later. */
export async function runDeliveryJob(ctx: Context, payload: unknown, job: Job): Promise<void> {
  const deliveryId = Number((payload as { delivery_id?: unknown } | null)?.delivery_id);
  if (!Number.isInteger(deliveryId)) throw new Error('webhook_delivery job without a delivery_id');
  const outcome = await attemptDelivery(ctx, deliveryId, job.attempts >= job.max_attempts);
  if (!outcome.settled) throw new Error(`webhook delivery ${deliveryId}: ${outcome.error}`);
}
