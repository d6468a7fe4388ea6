// The endpoints a person registers: a maker's receive the events of their own
// listings and orders, an admin's (reach 'site') every event. Managed through
// the registry: create_webhook, list_webhooks, delete_webhook and
// send_test_webhook for makers (REST and MCP), and the admin's web
// operations, all on these functions.
import { randomBytes } from 'node:crypto';
import type { Context } from '../context.js';
import { AppError, invalid, notFound } from '../errors.js';
import { inTransaction, lockUser } from '../platform/db.js';
import ipaddr from 'ipaddr.js';
import { attemptDelivery } from './delivery.js';
import { eventPayload, recordDelivery, TEST_EVENT, type WebhookEvent } from './events.js';

export type Reach = 'own' | 'site';

/** Endpoints one person may have, per reach. */
export const MAX_ENDPOINTS = 10;
/** Deliveries list_webhooks shows per endpoint, newest first. */
export const RECENT_DELIVERIES = 10;
/** A test per endpoint at most this often: each one is a request this server sends where the caller chose. */
export const TEST_INTERVAL_SECONDS = 10;

export interface NewEndpoint {
  url: string;
  events: WebhookEvent[];
  description?: string;
}

export interface EndpointView {
  id: number;
  url: string;
  events: string[];
  description: string | null;
  created_at: string;
  recent_deliveries: DeliveryView[];
}

export interface TestResult {
  delivery_id: number;
  delivered: boolean;
  response_status: number | null;
  error: string | null;
}

export interface DeliveryView {
  id: number;
  message_id: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  response_status: number | null;
  error: string | null;
  created_at: string;
  last_attempt_at: string | null;
}

/** A URL deliveries may go to: https (http only where private fetching is allowed, in tests), no credentials, no private IP. */
function checkedUrl(ctx: Context, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('The url is not a URL.', [{ path: 'url', message: 'must be an https URL' }]);
  }
  const plainAllowed = ctx.config.allowPrivateFetch && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !plainAllowed)
    throw invalid('Webhooks are sent over HTTPS only.', [{ path: 'url', message: 'must be an https URL' }]);
  if (url.username || url.password)
    throw invalid('The url must not hold a user name or password.', [
      { path: 'url', message: 'remove the credentials; verify deliveries by their signature' },
    ]);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A name is checked when a delivery connects (the fetcher); an address written out is refused here already.
  const literal = ipaddr.isValid(host) ? ipaddr.process(host) : null;
  const inward = host === 'localhost' || (literal !== null && literal.range() !== 'unicast');
  if (!ctx.config.allowPrivateFetch && inward)
    throw invalid('Webhooks are never sent to private or reserved addresses.', [
      { path: 'url', message: 'must be a public address' },
    ]);
  return url.href;
}

function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Registers an endpoint; the answer holds its signing secret, shown this once. */
export async function createEndpoint(
  ctx: Context,
  userId: number,
  reach: Reach,
  input: NewEndpoint,
): Promise<EndpointView & { secret: string }> {
  const url = checkedUrl(ctx, input.url);
  const events = [...new Set(input.events)];
  const description = input.description?.trim() || null;
  const createdAt = ctx.clock.now().toISOString();
  const secret = newSecret();
  // Counted and added under the person's lock, so concurrent requests cannot all pass the count.
  const row = await inTransaction(ctx, async (tx) => {
    await lockUser(tx.db, tx.dialect, userId);
    const held = await tx.db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('reach', '=', reach)
      .executeTakeFirstOrThrow();
    if (Number(held.n) >= MAX_ENDPOINTS)
      throw new AppError('conflict', `You have ${MAX_ENDPOINTS} webhooks already; delete one first.`);
    return tx.db
      .insertInto('webhook_endpoints')
      .values({
        user_id: userId,
        reach,
        url,
        events: JSON.stringify(events),
        secret,
        description,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  return {
    id: row.id,
    url,
    events,
    description,
    created_at: createdAt,
    recent_deliveries: [],
    secret,
  };
}

/** A person's endpoints of one reach, each with its latest deliveries. */
export async function listEndpoints(ctx: Context, userId: number, reach: Reach): Promise<EndpointView[]> {
  const endpoints = await ctx.db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'events', 'description', 'created_at'])
    .where('user_id', '=', userId)
    .where('reach', '=', reach)
    .orderBy('id')
    .execute();
  const views: EndpointView[] = [];
  for (const e of endpoints) {
    const deliveries = await ctx.db
      .selectFrom('webhook_deliveries')
      .select([
        'id',
        'message_id',
        'event',
        'status',
        'attempts',
        'response_status',
        'error',
        'created_at',
        'last_attempt_at',
      ])
      .where('endpoint_id', '=', e.id)
      .orderBy('id', 'desc')
      .limit(RECENT_DELIVERIES)
      .execute();
    views.push({
      id: e.id,
      url: e.url,
      events: JSON.parse(e.events) as string[],
      description: e.description,
      created_at: e.created_at,
      recent_deliveries: deliveries.map((d) => ({ ...d, attempts: Number(d.attempts) })),
    });
  }
  return views;
}

async function ownEndpoint(ctx: Context, userId: number, reach: Reach, endpointId: number): Promise<void> {
  const found = await ctx.db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('id', '=', endpointId)
    .where('user_id', '=', userId)
    .where('reach', '=', reach)
    .executeTakeFirst();
  if (!found) throw notFound(`You have no webhook ${endpointId}.`);
}

/** Deletes an endpoint and its delivery log; pending deliveries are not sent. */
export async function deleteEndpoint(ctx: Context, userId: number, reach: Reach, endpointId: number): Promise<void> {
  await ownEndpoint(ctx, userId, reach, endpointId);
  await ctx.db.deleteFrom('webhook_endpoints').where('id', '=', endpointId).execute();
}

/**
 * Sends a `webhook.test` event to the endpoint now, once (no retries), and
 * records it in the delivery log: what the endpoint answered, or why it
 * could not be reached. One test per endpoint every TEST_INTERVAL_SECONDS.
 */
export async function sendTestEvent(
  ctx: Context,
  userId: number,
  reach: Reach,
  endpointId: number,
): Promise<TestResult> {
  await ownEndpoint(ctx, userId, reach, endpointId);
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - TEST_INTERVAL_SECONDS * 1000).toISOString();
  const recent = await ctx.db
    .selectFrom('webhook_deliveries')
    .select('created_at')
    .where('endpoint_id', '=', endpointId)
    .where('event', '=', TEST_EVENT)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (recent) {
    const wait = Math.max(
      1,
      Math.ceil((Date.parse(recent.created_at) + TEST_INTERVAL_SECONDS * 1000 - now.getTime()) / 1000),
    );
    throw new AppError('rate_limited', `A test was sent to this webhook moments ago; send another in ${wait} s.`, {
      headers: { 'Retry-After': String(wait) },
    });
  }
  const payload = eventPayload(TEST_EVENT, { endpoint_id: endpointId, message: 'A test from Launchboard.' }, now);
  const deliveryId = await recordDelivery(ctx, endpointId, TEST_EVENT, payload, now);
  const { delivered, response_status, error } = await attemptDelivery(ctx, deliveryId, true);
  return { delivery_id: deliveryId, delivered, response_status, error };
}
