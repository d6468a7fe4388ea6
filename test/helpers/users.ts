// A user with an API key of the chosen scopes, for signed-in tests.
import { createApiKey } from '../../src/auth/api-keys.js';
import type { Scope } from '../../src/auth/caller.js';
import type { Context } from '../../src/context.js';
import { createUser } from '../../src/accounts/users.js';

let n = 0;

export async function userWithKey(ctx: Context, scopes: Scope[], opts: { expiresAt?: string } = {}) {
  n += 1;
  const email = `maker${n}-${Date.now()}@example.com`;
  const userId = await createUser(ctx.db, { email, name: `Maker ${n}`, now: ctx.clock.now() });
  const { id, key } = await createApiKey(ctx.db, {
    userId,
    name: 'test',
    scopes,
    expiresAt: opts.expiresAt,
    now: ctx.clock.now(),
  });
  return { userId, email, keyId: id, key, auth: { authorization: `Bearer ${key}` } };
}

/** Marks a user's email as confirmed, as opening the mailed link does. */
export async function confirmEmail(ctx: Context, userId: number): Promise<void> {
  await ctx.db
    .updateTable('users')
    .set({ email_verified_at: ctx.clock.now().toISOString() })
    .where('id', '=', userId)
    .execute();
}
