// get_account: who the caller is and what their credential allows.
import { z } from 'zod';
import { userById } from '../../src/accounts/users.js';
import { defineTool } from '../define.js';
import { tools } from '../index.js';

export default defineTool({
  name: 'get_account',
  title: 'My account',
  description:
    'Returns who you are signed in as and what this credential allows (scopes, operations). Call it first when acting for a maker.',
  scope: 'account:read',
  http: { method: 'GET', path: '/me' },
  input: z.strictObject({}),
  output: z.object({
    user: z.object({ id: z.number().int(), email: z.string(), name: z.string().nullable(), created_at: z.string() }),
    credential: z.object({
      kind: z.enum(['api_key', 'oauth', 'web_session']).describe('web_session: the person on the website'),
      scopes: z.array(z.string()),
    }),
    allowed_operations: z.array(z.string()),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, _input, caller) => {
    if (caller.kind !== 'user') throw new Error('get_account reached without a signed-in caller');
    const user = await userById(ctx.db, caller.userId);
    return {
      user: { id: user.id, email: user.email, name: user.name, created_at: user.created_at },
      credential: { kind: caller.via, scopes: caller.scopes },
      allowed_operations: tools.filter((t) => t.scope === null || caller.scopes.includes(t.scope)).map((t) => t.name),
    };
  },
});
