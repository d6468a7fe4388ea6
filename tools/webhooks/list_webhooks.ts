// list_webhooks: the caller's endpoints with their latest deliveries.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { listEndpoints } from '../../src/webhooks/endpoints.js';
import { DELIVERY_ATTEMPTS, retrySpanMinutes } from '../../src/webhooks/events.js';
import { defineTool } from '../define.js';
import { endpoint } from './schemas.js';

export default defineTool({
  name: 'list_webhooks',
  title: 'List your webhooks',
  description: `Lists your webhooks with their latest deliveries (status, attempts, HTTP status or error). A failed delivery is tried ${DELIVERY_ATTEMPTS} times over about ${retrySpanMinutes()} minutes.`,
  scope: 'account:read',
  http: { method: 'GET', path: '/me/webhooks' },
  input: z.strictObject({}),
  output: z.object({ webhooks: z.array(endpoint) }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, _input, caller) => ({ webhooks: await listEndpoints(ctx, signedInUserId(caller), 'own') }),
});
