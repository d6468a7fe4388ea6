// The authorization server's storage port: clients, codes and refresh tokens
// (always by hash), as query functions taking `db` first, so grants and
// endpoints never write SQL and the store can change underneath them.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface StoredClient {
  clientId: string;
  registrationType: 'dynamic' | 'metadata_document';
  clientName: string | null;
  redirectUris: string[];
  metadata: Record<string, unknown>;
  refreshAfter: string | null;
}

export async function findClient(db: Kysely<Database>, clientId: string): Promise<StoredClient | null> {
  const row = await db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  if (!row) return null;
  return {
    clientId: row.client_id,
    registrationType: row.registration_type,
    clientName: row.client_name,
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
    refreshAfter: row.refresh_after,
  };
}

/** Inserts a client, or replaces a cached metadata document with a fresh copy. */
export async function saveClient(db: Kysely<Database>, client: StoredClient, now: string): Promise<void> {
  const values = {
    registration_type: client.registrationType,
    client_name: client.clientName,
    redirect_uris: JSON.stringify(client.redirectUris),
    metadata: JSON.stringify(client.metadata),
    refresh_after: client.refreshAfter,
  };
  await db
    .insertInto('oauth_clients')
    .values({ client_id: client.clientId, created_at: now, ...values })
    .onConflict((oc) => oc.column('client_id').doUpdateSet(values))
    .execute();
}

export interface CodeGrant {
  clientId: string;
  userId: number;
  redirectUri: string;
  codeChallenge: string;
  scopes: string[];
  resource: string;
  familyId: string;
}

export async function saveCode(
  db: Kysely<Database>,
  codeHash: string,
  grant: CodeGrant,
  createdAt: Date,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('oauth_codes')
    .values({
      code_hash: codeHash,
      client_id: grant.clientId,
      user_id: grant.userId,
      redirect_uri: grant.redirectUri,
      code_challenge: grant.codeChallenge,
      scopes: grant.scopes.join(' '),
      resource: grant.resource,
      family_id: grant.familyId,
      created_at: createdAt.toISOString(),
      expires_at: expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
}

export type ConsumedCode =
  | { status: 'unknown' }
  | { status: 'replayed'; familyId: string }
  | { status: 'fresh'; grant: CodeGrant; expiresAt: string };

/** Marks a code used, atomically: exactly one caller ever sees it `fresh`. */
export async function consumeCode(db: Kysely<Database>, codeHash: string, now: string): Promise<ConsumedCode> {
  const row = await db.selectFrom('oauth_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
  if (!row) return { status: 'unknown' };
  const marked = await db
    .updateTable('oauth_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) return { status: 'replayed', familyId: row.family_id };
  return {
    status: 'fresh',
    expiresAt: row.expires_at,
    grant: {
      clientId: row.client_id,
      userId: row.user_id,
      redirectUri: row.redirect_uri,
      codeChallenge: row.code_challenge,
      scopes: row.scopes.split(' ').filter(Boolean),
      resource: row.resource,
      familyId: row.family_id,
    },
  };
}

export interface RefreshGrant {
  familyId: string;
  clientId: string;
  userId: number;
  scopes: string[];
  resource: string;
}

export async function saveRefreshToken(
  db: Kysely<Database>,
  tokenHash: string,
  grant: RefreshGrant,
  createdAt: Date,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('oauth_refresh_tokens')
    .values({
      token_hash: tokenHash,
      family_id: grant.familyId,
      client_id: grant.clientId,
      user_id: grant.userId,
      scopes: grant.scopes.join(' '),
      resource: grant.resource,
      created_at: createdAt.toISOString(),
      expires_at: expiresAt.toISOString(),
      rotated_at: null,
      revoked_at: null,
    })
    .execute();
}

export async function findRefreshToken(db: Kysely<Database>, tokenHash: string) {
  const row = await db
    .selectFrom('oauth_refresh_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  const grant: RefreshGrant = {
    familyId: row.family_id,
    clientId: row.client_id,
    userId: row.user_id,
    scopes: row.scopes.split(' ').filter(Boolean),
    resource: row.resource,
  };
  return { grant, expiresAt: row.expires_at, rotatedAt: row.rotated_at, revokedAt: row.revoked_at };
}

/** Marks a refresh token as used up by rotation; false when someone else already did (a reuse). */
export async function markRotated(db: Kysely<Database>, tokenHash: string, now: string): Promise<boolean> {
  const r = await db
    .updateTable('oauth_refresh_tokens')
    .set({ rotated_at: now })
    .where('token_hash', '=', tokenHash)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ends a grant: every refresh token of the family, and (through isFamilyActive) its access tokens. */
export async function revokeFamily(db: Kysely<Database>, familyId: string, now: string): Promise<void> {
  await db
    .updateTable('oauth_refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** A grant is live while one of its refresh tokens is unrevoked (rotated ones count: the family goes on). */
export async function isFamilyActive(db: Kysely<Database>, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('oauth_refresh_tokens')
    .select('family_id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends every grant a person gave (after a password reset). */
export async function revokeUserGrants(db: Kysely<Database>, userId: number, now: string): Promise<void> {
  await db
    .updateTable('oauth_refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
