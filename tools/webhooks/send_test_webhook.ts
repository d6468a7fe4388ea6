// send_test_webhook: one signed webhook.test event, sent now, with the endpoint's answer.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { sendTestEvent } from '../../src/webhooks/endpoints.js';
import { defineTool } from '../define.js';
import { testResult, webhookId } from './schemas.js';

export default defineTool({
  name: 'send_test_webhook',
  title: 'Send a test webhook',
  description:
    'Sends a signed webhook.test event to your webhook now, once, and returns its answer or why it was not reached.',
  scope: 'listings:write',
  http: { method: 'POST', path: '/me/webhooks/{webhook_id}/test' },
  input: z.strictObject({ webhook_id: webhookId }),
  output: testResult,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  handler: async (ctx, input, caller) => sendTestEvent(ctx, signedInUserId(caller), 'own', input.webhook_id),
});
