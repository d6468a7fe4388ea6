// Shapes the webhook tools share: an endpoint, one delivery of the log.
import { z } from 'zod';
import { WEBHOOK_EVENT_NAMES, WEBHOOK_EVENTS } from '../../src/webhooks/events.js';
import { docsOnly } from '../schemas.js';

export const webhookId = z.number().int().min(1).meta(docsOnly('From create_webhook or list_webhooks'));

export const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_NAMES))
  .min(1)
  .max(WEBHOOK_EVENT_NAMES.length)
  .meta(
    docsOnly(
      `Events to receive: ${Object.entries(WEBHOOK_EVENTS)
        .map(([name, meaning]) => `${name} (${meaning})`)
        .join('; ')}`,
    ),
  );

export const delivery = z.object({
  id: z.number().int(),
  message_id: z.string().meta(docsOnly('The webhook-id header')),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
});

export const endpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  created_at: z.string(),
  recent_deliveries: z.array(delivery).meta(docsOnly('The latest deliveries, newest first')),
});

export const testResult = z.object({
  delivery_id: z.number().int(),
  delivered: z.boolean(),
  response_status: z.number().int().nullable(),
  error: z.string().nullable(),
});
