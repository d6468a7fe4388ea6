// The API keys page's reads and writes: a person's keys (never the secrets,
// which are not stored) and revoking one of their own.
import type { Context } from '../context.js';

export interface ApiKeySummary {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  status: 'active' | 'expired' | 'revoked';
}

export async function listApiKeys(ctx: Context, userId: number): Promise<ApiKeySummary[]> {
  const now = ctx.clock.now().toISOString();
  const rows = await ctx.db
    .selectFrom('api_keys')
    .select(['id', 'name', 'prefix', 'scopes', 'created_at', 'expires_at', 'last_used_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes.split(/[\s,]+/).filter(Boolean),
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    lastUsedAt: r.last_used_at,
    status: r.revoked_at ? 'revoked' : r.expires_at && r.expires_at <= now ? 'expired' : 'active',
  }));
}

/** Revokes one of the person's keys; false when it is not theirs or already revoked. */
export async function revokeApiKey(ctx: Context, userId: number, keyId: number): Promise<boolean> {
  const r = await ctx.db
    .updateTable('api_keys')
    .set({ revoked_at: ctx.clock.now().toISOString() })
    .where('id', '=', keyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Revokes every active key of the person (a password reset); how many it revoked. */
export async function revokeAllApiKeys(ctx: Context, userId: number): Promise<number> {
  const r = await ctx.db
    .updateTable('api_keys')
    .set({ revoked_at: ctx.clock.now().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
