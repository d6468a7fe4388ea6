// grant_type=refresh_token with rotation (OAuth 2.1 §4.3.1): every use
// returns a new refresh token and retires the old one. Presenting a retired
// token again means it leaked: the whole family is revoked, including the
// access tokens issued from it. A narrower `scope` may be asked for; the
// grant itself keeps its scopes.
import type { Context } from '../../context.js';
import { sha256Hex } from '../../auth/secrets.js';
import { oauthError } from '../errors.js';
import type { KeyStore } from '../keys.js';
import { findRefreshToken, markRotated, revokeFamily } from '../store.js';
import { storeRefreshToken, tokenResponse, type TokenResponse } from './issue.js';

export async function refreshTokenGrant(
  ctx: Context,
  keys: KeyStore,
  params: Record<string, string | undefined>,
): Promise<TokenResponse> {
  const { refresh_token: token, client_id: clientId, scope, resource } = params;
  if (!token) throw oauthError('invalid_request', 'refresh_token is required');
  if (!clientId) throw oauthError('invalid_request', 'client_id is required');
  const now = ctx.clock.now().toISOString();
  const hash = sha256Hex(token);

  const result = await ctx.db.transaction().execute(async (trx) => {
    const found = await findRefreshToken(trx, hash);
    if (!found) throw oauthError('invalid_grant', 'the refresh token is unknown');
    const { grant } = found;
    if (grant.clientId !== clientId)
      throw oauthError('invalid_grant', 'the refresh token was issued to another client');
    if (found.revokedAt) throw oauthError('invalid_grant', 'the refresh token is revoked');
    if (found.rotatedAt || !(await markRotated(trx, hash, now))) {
      await revokeFamily(trx, grant.familyId, now);
      return { reused: true } as const;
    }
    if (found.expiresAt <= now) throw oauthError('invalid_grant', 'the refresh token has expired');
    if (resource !== undefined && resource !== grant.resource)
      throw oauthError('invalid_target', 'resource must be the one this grant was made for');
    let accessScopes = grant.scopes;
    if (scope !== undefined && scope.trim() !== '') {
      const asked = scope.split(' ').filter(Boolean);
      if (asked.some((s) => !grant.scopes.includes(s)))
        throw oauthError('invalid_scope', `scope may only narrow the grant (${grant.scopes.join(' ')})`);
      accessScopes = [...new Set(asked)];
    }
    return storeRefreshToken(ctx, trx, grant, accessScopes);
  });
  if ('reused' in result)
    throw oauthError('invalid_grant', 'the refresh token was used already; every token of this grant is now revoked');
  return tokenResponse(ctx, keys, result);
}
