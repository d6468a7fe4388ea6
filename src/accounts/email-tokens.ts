// Single-use links mailed to people: verify an email address (48 h) or reset
// a password (1 h). Only the SHA-256 of the link's secret is stored; a new
// link of the same purpose replaces older unused ones.
import type { Context } from '../context.js';
import { randomSecret, sha256Hex } from '../auth/secrets.js';

export type EmailTokenPurpose = 'verify' | 'reset';

const TTL_MS: Record<EmailTokenPurpose, number> = { verify: 48 * 3600_000, reset: 3600_000 };

export async function createEmailToken(ctx: Context, userId: number, purpose: EmailTokenPurpose): Promise<string> {
  const token = randomSecret();
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('email_tokens')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('email_tokens')
      .values({
        token_hash: sha256Hex(token),
        user_id: userId,
        purpose,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + TTL_MS[purpose]).toISOString(),
        used_at: null,
      })
      .execute();
  });
  return token;
}

/** The user a link is for, if it is known, unused and unexpired; without using it up. */
export async function peekEmailToken(ctx: Context, token: string, purpose: EmailTokenPurpose): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const row = await ctx.db
    .selectFrom('email_tokens')
    .select(['user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', sha256Hex(token))
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row || row.used_at || row.expires_at <= ctx.clock.now().toISOString()) return null;
  return row.user_id;
}

/** Uses a link up, atomically; the user it was for, or null when it is not (or no longer) valid. */
export async function consumeEmailToken(
  ctx: Context,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<number | null> {
  const userId = await peekEmailToken(ctx, token, purpose);
  if (userId === null) return null;
  const r = await ctx.db
    .updateTable('email_tokens')
    .set({ used_at: ctx.clock.now().toISOString() })
    .where('token_hash', '=', sha256Hex(token))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? userId : null;
}
