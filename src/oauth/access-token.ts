// Access tokens: ES256 JWTs (RFC 9068 profile, typ at+jwt) bound to one
// resource by `aud` (RFC 8707), valid one hour. `sid` names the grant (the
// refresh-token family), so revoking the grant also stops its access tokens.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Context } from '../context.js';
import { issuerOf } from '../auth/resources.js';
import { SIGNING_ALG, type KeyStore } from './keys.js';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const ACCESS_TOKEN_TYPE = 'at+jwt';

export interface AccessTokenClaims {
  userId: number;
  clientId: string;
  scopes: string[];
  resource: string;
  familyId: string;
}

export async function issueAccessToken(
  ctx: Context,
  keys: KeyStore,
  claims: AccessTokenClaims,
): Promise<{ token: string; expiresIn: number }> {
  const { kid, privateKey } = await keys.current();
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const token = await new SignJWT({ scope: claims.scopes.join(' '), client_id: claims.clientId, sid: claims.familyId })
    .setProtectedHeader({ alg: SIGNING_ALG, typ: ACCESS_TOKEN_TYPE, kid })
    .setIssuer(issuerOf(ctx.config))
    .setSubject(String(claims.userId))
    .setAudience(claims.resource)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
    .setJti(randomUUID())
    .sign(privateKey);
  return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}
