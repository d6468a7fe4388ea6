// delete_site_webhook (website only, admins): stop sending the site's events
// to an endpoint; its delivery log goes with it.
import { z } from 'zod';
import { webAdminId } from '../../src/accounts/users.js';
import { deleteEndpoint } from '../../src/webhooks/endpoints.js';
import { defineWebOperation } from '../define.js';
import { webhookId } from '../webhooks/schemas.js';

export default defineWebOperation({
  name: 'delete_site_webhook',
  title: 'Delete a site webhook',
  description: 'Deletes one of your site webhooks with its delivery log. Admins only.',
  scope: null,
  input: z.strictObject({ webhook_id: webhookId }),
  output: z.object({ deleted: z.literal(true), webhook_id: z.number().int() }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    await deleteEndpoint(ctx, await webAdminId(ctx.db, caller), 'site', input.webhook_id);
    return { deleted: true as const, webhook_id: input.webhook_id };
  },
});
