// create_site_webhook (website only, admins): an endpoint that receives
// every event of the site, whoever's listing or order it is about. Makers
// register their own with create_webhook.
import { z } from 'zod';
import { webAdminId } from '../../src/accounts/users.js';
import { createEndpoint } from '../../src/webhooks/endpoints.js';
import { defineWebOperation } from '../define.js';
import { endpoint, webhookEvents } from '../webhooks/schemas.js';

export default defineWebOperation({
  name: 'create_site_webhook',
  title: 'Create a site webhook',
  description: 'Registers an https URL that receives the chosen events of every listing and order. Admins only.',
  scope: null,
  input: z.strictObject({
    url: z.string().max(500),
    events: webhookEvents,
    description: z.string().max(200).optional(),
  }),
  output: endpoint.extend({ secret: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (ctx, input, caller) => createEndpoint(ctx, await webAdminId(ctx.db, caller), 'site', input),
});
