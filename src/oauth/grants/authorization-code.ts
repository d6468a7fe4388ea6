// grant_type=authorization_code (RFC 6749 §4.1.3, OAuth 2.1): the code is
// used up atomically before anything else is checked; a code presented a
// second time is treated as stolen and the grant it started (its refresh
// tokens and, through them, its access tokens) is revoked. Then client,
// exact redirect URI, expiry (60 s), PKCE S256 and the resource must match.
import { createHash } from 'node:crypto';
import type { Context } from '../../context.js';
import { safeEqual, sha256Hex } from '../../auth/secrets.js';
import { oauthError } from '../errors.js';
import type { KeyStore } from '../keys.js';
import { consumeCode, revokeFamily } from '../store.js';
import { storeRefreshToken, tokenResponse, type TokenResponse } from './issue.js';

const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export async function authorizationCodeGrant(
  ctx: Context,
  keys: KeyStore,
  params: Record<string, string | undefined>,
): Promise<TokenResponse> {
  const { code, client_id: clientId, redirect_uri: redirectUri, code_verifier: verifier, resource } = params;
  if (!code) throw oauthError('invalid_request', 'code is required');
  if (!clientId) throw oauthError('invalid_request', 'client_id is required');
  if (!verifier) throw oauthError('invalid_request', 'code_verifier is required (PKCE)');
  if (!VERIFIER.test(verifier))
    throw oauthError('invalid_request', 'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~');

  const now = ctx.clock.now().toISOString();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const consumed = await consumeCode(trx, sha256Hex(code), now);
    if (consumed.status === 'unknown') throw oauthError('invalid_grant', 'the code is unknown');
    if (consumed.status === 'replayed') {
      await revokeFamily(trx, consumed.familyId, now);
      return { replayed: true } as const;
    }
    const { grant, expiresAt } = consumed;
    if (expiresAt <= now) throw oauthError('invalid_grant', 'the code has expired (codes live 60 seconds)');
    if (grant.clientId !== clientId) throw oauthError('invalid_grant', 'the code was issued to another client');
    if (grant.redirectUri !== redirectUri)
      throw oauthError('invalid_grant', 'redirect_uri must be exactly the one of the authorization request');
    if (!safeEqual(s256(verifier), grant.codeChallenge))
      throw oauthError('invalid_grant', 'code_verifier does not match the code_challenge');
    if (resource !== undefined && resource !== grant.resource)
      throw oauthError('invalid_target', 'resource must be the one of the authorization request');
    const refreshGrant = {
      familyId: grant.familyId,
      clientId: grant.clientId,
      userId: grant.userId,
      scopes: grant.scopes,
      resource: grant.resource,
    };
    return storeRefreshToken(ctx, trx, refreshGrant, grant.scopes);
  });
  // Thrown after the transaction commits, so the revocation of a replayed code's grant sticks.
  if ('replayed' in result)
    throw oauthError('invalid_grant', 'the code was used already; the tokens issued from it are revoked');
  return tokenResponse(ctx, keys, result);
}
