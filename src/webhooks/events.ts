// What a webhook can announce, and how an event becomes deliveries: one row
// per subscribed endpoint (the delivery log) and one job each to send it
// (delivery.ts). Called inside the transaction of the change it announces
// (platform/db.ts inTransaction), so an event is recorded exactly when its
// change commits, and a crash loses neither.
import { randomBytes } from 'node:crypto';
import type { Context } from '../context.js';
import { enqueue, retryDelayMs } from '../platform/jobs.js';

/** Every event, with what it means (the docs, the tools' descriptions and the pages read this). */
export const WEBHOOK_EVENTS = {
  'listing.submitted': 'a draft was submitted as a new listing',
  'listing.scheduled': 'a launch week was booked (the badge was found, or a launch was paid)',
  'listing.live': 'its launch week began',
  'order.paid': 'an order was paid',
  'comment.created': 'someone commented on the listing',
  'review.created': 'someone reviewed the listing',
  'claim.verified': 'a claim of the listing was verified',
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_NAMES = Object.keys(WEBHOOK_EVENTS) as [WebhookEvent, ...WebhookEvent[]];

/** The event `send_test_webhook` sends: delivered to the one endpoint, never subscribed to. */
export const TEST_EVENT = 'webhook.test';

export const DELIVERY_JOB = 'webhook_delivery';
/** Attempts per delivery, spread by the job queue's backoff (30 s, 1 min, 2 min …). */
export const DELIVERY_ATTEMPTS = 8;

/** Minutes from a delivery's first attempt to its last, if every one fails. */
export function retrySpanMinutes(): number {
  let ms = 0;
  for (let attempt = 1; attempt < DELIVERY_ATTEMPTS; attempt++) ms += retryDelayMs(attempt);
  return Math.round(ms / 60_000);
}

/** The JSON body of one event, as the Standard Webhooks spec shapes it. */
export function eventPayload(event: string, data: Record<string, unknown>, at: Date): string {
  return JSON.stringify({ type: event, timestamp: at.toISOString(), data });
}

export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/**
 * Records `event` for every endpoint subscribed to it: the site's (admins')
 * endpoints always, and the endpoints of `ownerId` (the listing's owner, the
 * order's buyer) for their own. Returns how many deliveries were queued.
 */
export async function emitWebhookEvent(
  ctx: Context,
  event: WebhookEvent,
  ownerId: number | null,
  data: Record<string, unknown>,
): Promise<number> {
  // Only accounts that may still hold them: a disabled account's endpoints hear nothing, and a
  // site endpoint stops with its maker's admin role.
  const endpoints = await ctx.db
    .selectFrom('webhook_endpoints as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.events'])
    .where('u.disabled_at', 'is', null)
    .where((eb) => {
      const site = eb.and([eb('e.reach', '=', 'site'), eb('u.role', '=', 'admin')]);
      return ownerId === null
        ? site
        : eb.or([site, eb.and([eb('e.reach', '=', 'own'), eb('e.user_id', '=', ownerId)])]);
    })
    .orderBy('e.id')
    .execute();
  const subscribed = endpoints.filter((e) => (JSON.parse(e.events) as string[]).includes(event));
  if (subscribed.length === 0) return 0;
  const now = ctx.clock.now();
  const payload = eventPayload(event, data, now);
  for (const endpoint of subscribed) await queueDelivery(ctx, endpoint.id, event, payload, now);
  return subscribed.length;
}

/** One delivery row and the job that sends it. */
async function queueDelivery(
  ctx: Context,
  endpointId: number,
  event: string,
  payload: string,
  now: Date,
): Promise<void> {
  const id = await recordDelivery(ctx, endpointId, event, payload, now);
  await enqueue(ctx, DELIVERY_JOB, { delivery_id: id }, { maxAttempts: DELIVERY_ATTEMPTS });
}

/** A pending delivery in the log (sent by its job, or at once by send_test_webhook). */
export async function recordDelivery(
  ctx: Context,
  endpointId: number,
  event: string,
  payload: string,
  now: Date,
): Promise<number> {
  const row = await ctx.db
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: endpointId,
      message_id: newMessageId(),
      event,
      payload,
      status: 'pending',
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An event about a listing, to its owner's endpoints and the site's: `data.listing` names it. */
export async function emitListingEvent(
  ctx: Context,
  event: WebhookEvent,
  listingId: number,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const listing = await ctx.db
    .selectFrom('listings')
    .select(['id', 'slug', 'name', 'owner_id', 'status'])
    .where('id', '=', listingId)
    .executeTakeFirst();
  if (!listing) return 0;
  const ref = {
    id: listing.id,
    slug: listing.slug,
    name: listing.name,
    status: listing.status,
    url: `${ctx.config.publicUrl}/listings/${listing.slug}`,
  };
  return emitWebhookEvent(ctx, event, listing.owner_id, { listing: ref, ...extra });
}
