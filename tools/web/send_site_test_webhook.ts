// send_site_test_webhook (website only, admins): a signed webhook.test event
// to one of the admin's site endpoints, now, with its answer.
import { z } from 'zod';
import { webAdminId } from '../../src/accounts/users.js';
import { sendTestEvent } from '../../src/webhooks/endpoints.js';
import { defineWebOperation } from '../define.js';
import { testResult, webhookId } from '../webhooks/schemas.js';

export default defineWebOperation({
  name: 'send_site_test_webhook',
  title: 'Send a test to a site webhook',
  description: 'Sends a signed webhook.test event to one of your site webhooks now, once. Admins only.',
  scope: null,
  input: z.strictObject({ webhook_id: webhookId }),
  output: testResult,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  handler: async (ctx, input, caller) => sendTestEvent(ctx, await webAdminId(ctx.db, caller), 'site', input.webhook_id),
});
