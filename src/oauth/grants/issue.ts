// What both grants hand out: a new refresh token (opaque, stored hashed, 30
// days) in the grant's family, stored inside the grant's transaction, and,
// once that has committed, a resource-bound access token.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Context } from '../../context.js';
import { randomSecret, sha256Hex } from '../../auth/secrets.js';
import { issueAccessToken } from '../access-token.js';
import type { KeyStore } from '../keys.js';
import { saveRefreshToken, type RefreshGrant } from '../store.js';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600_000;
export const REFRESH_TOKEN_PREFIX = 'lbr_';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** What a grant decided inside its transaction. */
export interface Issued {
  grant: RefreshGrant;
  refreshToken: string;
  accessScopes: string[];
}

export async function storeRefreshToken(
  ctx: Context,
  db: Kysely<Database>,
  grant: RefreshGrant,
  accessScopes: string[],
): Promise<Issued> {
  const refreshToken = randomSecret(REFRESH_TOKEN_PREFIX);
  const now = ctx.clock.now();
  await saveRefreshToken(db, sha256Hex(refreshToken), grant, now, new Date(now.getTime() + REFRESH_TOKEN_TTL_MS));
  return { grant, refreshToken, accessScopes };
}

/** Signs the access token (outside the transaction: the key store reads the database). */
export async function tokenResponse(ctx: Context, keys: KeyStore, issued: Issued): Promise<TokenResponse> {
  const { grant, refreshToken, accessScopes } = issued;
  const access = await issueAccessToken(ctx, keys, {
    userId: grant.userId,
    clientId: grant.clientId,
    scopes: accessScopes,
    resource: grant.resource,
    familyId: grant.familyId,
  });
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresIn,
    refresh_token: refreshToken,
    scope: accessScopes.join(' '),
  };
}
