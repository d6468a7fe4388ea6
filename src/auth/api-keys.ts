// API keys: `lb_` + random, shown once, stored as SHA-256. Resolving a key
// checks revocation and expiry and yields the caller it stands for.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Caller, Scope } from './caller.js';
import { isScope } from './caller.js';

export const API_KEY_PREFIX = 'lb_';

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(24).toString('base64url');
}

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** The caller an API key stands for, or null when unknown, revoked, expired or its account disabled. */
export async function callerFromApiKey(db: Kysely<Database>, key: string, now: Date): Promise<Caller | null> {
  const row = await db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['k.id', 'k.user_id', 'k.scopes', 'k.expires_at', 'k.revoked_at'])
    .where('k.key_hash', '=', hashApiKey(key))
    // A disabled account's keys are revoked; this holds even for one revoked later.
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.revoked_at) return null;
  if (row.expires_at && row.expires_at <= now.toISOString()) return null;
  const scopes = row.scopes.split(/[\s,]+/).filter(isScope) as Scope[];
  return { kind: 'user', userId: row.user_id, scopes, via: 'api_key', credentialId: String(row.id) };
}

export interface CreatedApiKey {
  id: number;
  key: string;
}

export async function createApiKey(
  db: Kysely<Database>,
  args: { userId: number; name: string; scopes: Scope[]; expiresAt?: string | null; now: Date },
): Promise<CreatedApiKey> {
  const key = generateApiKey();
  const row = await db
    .insertInto('api_keys')
    .values({
      user_id: args.userId,
      name: args.name,
      prefix: key.slice(0, 8),
      key_hash: hashApiKey(key),
      scopes: args.scopes.join(' '),
      expires_at: args.expiresAt ?? null,
      revoked_at: null,
      last_used_at: null,
      created_at: args.now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, key };
}
