// revoke_api_key (website only): a person stops one of their keys at once.
import { z } from 'zod';
import { revokeApiKey } from '../../src/accounts/api-key-list.js';
import { webUserId } from '../../src/auth/caller.js';
import { AppError } from '../../src/errors.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'revoke_api_key',
  title: 'Revoke an API key',
  description: 'Revokes one of your API keys: programs using it are refused from then on.',
  scope: null,
  input: z.strictObject({ key_id: z.number().int().min(1) }),
  output: z.object({ revoked: z.literal(true) }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    if (!(await revokeApiKey(ctx, webUserId(caller), input.key_id)))
      throw new AppError('not_found', 'That key is not one of yours, or it is revoked already.');
    return { revoked: true as const };
  },
});
