// create_webhook: an HTTPS endpoint that receives signed events of the caller's listings and orders.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { createEndpoint } from '../../src/webhooks/endpoints.js';
import { defineTool } from '../define.js';
import { docsOnly } from '../schemas.js';
import { endpoint, webhookEvents } from './schemas.js';

export default defineTool({
  name: 'create_webhook',
  title: 'Create a webhook',
  description:
    'Registers an https URL to receive events of your listings and orders as signed POSTs (Standard Webhooks). The signing secret is shown once.',
  scope: 'listings:write',
  http: { method: 'POST', path: '/me/webhooks', status: 201 },
  input: z.strictObject({
    url: z.string().max(500),
    events: webhookEvents,
    description: z.string().max(200).optional(),
  }),
  output: endpoint.extend({
    secret: z.string().meta(docsOnly('whsec_… key that verifies webhook-signature; shown once')),
  }),
  keyOutputs: ['id', 'secret'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  idempotencyKey: true,
  handler: (ctx, input, caller) => createEndpoint(ctx, signedInUserId(caller), 'own', input),
});
