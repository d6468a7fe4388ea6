// create_api_key (website only): a person makes a key for a program to act
// for them with the scopes they choose. Only a person on the site can: a key
// never mints keys. The secret is shown once and stored hashed (auth/api-keys.ts).
import { z } from 'zod';
import { createApiKey } from '../../src/auth/api-keys.js';
import { SCOPES, webUserId } from '../../src/auth/caller.js';
import { AppError } from '../../src/errors.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'create_api_key',
  title: 'Create an API key',
  description:
    'Creates an API key with the scopes chosen, optionally expiring on a date; the key is answered only this once.',
  scope: null,
  input: z.strictObject({
    name: z.string().trim().min(1, 'Give the key a name, so you know later what uses it.').max(100),
    scopes: z.array(z.enum(SCOPES)).min(1, 'Choose at least one scope.').max(SCOPES.length),
    expires: z
      .string()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'The expiry must be a date in the future.')
      .describe('YYYY-MM-DD, the key works until that day begins (UTC); empty: never expires'),
  }),
  output: z.object({ id: z.number().int(), name: z.string(), key: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const userId = webUserId(caller);
    const now = ctx.clock.now();
    const expiry = input.expires ? new Date(`${input.expires}T00:00:00.000Z`) : null;
    if (expiry && (Number.isNaN(expiry.getTime()) || expiry.getTime() <= now.getTime()))
      throw new AppError('invalid', 'The expiry must be a date in the future.', {
        errors: [{ path: 'expires', message: 'The expiry must be a date in the future.' }],
      });
    const scopes = [...new Set(input.scopes)];
    const created = await createApiKey(ctx.db, {
      userId,
      name: input.name,
      scopes,
      expiresAt: expiry?.toISOString() ?? null,
      now,
    });
    return { id: created.id, name: input.name, key: created.key };
  },
});
