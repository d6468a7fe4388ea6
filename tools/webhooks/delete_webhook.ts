// delete_webhook: stop sending to an endpoint; its delivery log goes with it.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { deleteEndpoint } from '../../src/webhooks/endpoints.js';
import { defineTool } from '../define.js';
import { webhookId } from './schemas.js';

export default defineTool({
  name: 'delete_webhook',
  title: 'Delete a webhook',
  description: 'Deletes one of your webhooks with its delivery log; deliveries not yet sent are dropped.',
  scope: 'listings:write',
  http: { method: 'DELETE', path: '/me/webhooks/{webhook_id}' },
  input: z.strictObject({ webhook_id: webhookId }),
  output: z.object({ deleted: z.literal(true), webhook_id: z.number().int() }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  idempotencyKey: true,
  handler: async (ctx, input, caller) => {
    await deleteEndpoint(ctx, signedInUserId(caller), 'own', input.webhook_id);
    return { deleted: true as const, webhook_id: input.webhook_id };
  },
});
