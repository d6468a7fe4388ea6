// The one thing the rest of the program knows about OAuth: a TokenVerifier
// turns a bearer token presented to one of our resources into a Caller.
// Embedded (default): a JWT signed by our own authorization server (keys from
// signing_keys), issuer = PUBLIC_URL, aud = the resource being called, not
// expired by ctx.clock, its grant not revoked, its account not disabled
// (either verifier). External (OAUTH_ISSUER set):
// a JWT of that provider, its signing keys found through its RFC 8414 (or
// OpenID) metadata and cached by jose (the issuer is compared exactly as
// configured, trailing slash and all); the person is matched to a local
// account by (issuer, sub), linked by verified email on first sight.
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { Context } from '../context.js';
import { createKeyStore, SIGNING_ALG, type KeyStore } from '../oauth/keys.js';
import { isFamilyActive } from '../oauth/store.js';
import { isUserActive, normalizeEmail } from '../accounts/users.js';
import { isScope, type Caller, type Scope } from './caller.js';
import { issuerOf } from './resources.js';

export interface TokenVerifier {
  /** The caller a token stands for when it is valid for `resource`, else null. */
  verify(token: string, resource: string): Promise<Caller | null>;
}

export function createTokenVerifier(ctx: Context, opts: { keys?: KeyStore } = {}): TokenVerifier {
  return ctx.config.oauthIssuer
    ? externalVerifier(ctx, ctx.config.oauthIssuer)
    : embeddedVerifier(ctx, opts.keys ?? createKeyStore(ctx));
}

function scopesOf(payload: JWTPayload): Scope[] {
  const raw =
    typeof payload.scope === 'string' ? payload.scope.split(' ') : Array.isArray(payload.scp) ? payload.scp : [];
  return [...new Set(raw.filter((s): s is Scope => typeof s === 'string' && isScope(s)))];
}

/** Rate limits and idempotency records are per person and client, never shared between the users of one client. */
function oauthCaller(userId: number, clientId: string, scopes: Scope[]): Caller {
  return { kind: 'user', userId, scopes, via: 'oauth', credentialId: `${clientId}#${userId}` };
}

function embeddedVerifier(ctx: Context, keys: KeyStore): TokenVerifier {
  const verifyWith = async (token: string, resource: string, refresh: boolean) =>
    jwtVerify(token, createLocalJWKSet(await keys.jwks({ refresh })), {
      issuer: issuerOf(ctx.config),
      audience: resource,
      algorithms: [SIGNING_ALG],
      typ: 'at+jwt',
      currentDate: ctx.clock.now(),
      requiredClaims: ['exp', 'sub', 'jti'],
    });
  return {
    async verify(token, resource) {
      let payload: JWTPayload;
      try {
        payload = (await verifyWith(token, resource, false)).payload;
      } catch (err) {
        // A key made since we last read the table (another instance, or a fresh start): read again once.
        if (!(err instanceof joseErrors.JWKSNoMatchingKey)) return null;
        try {
          payload = (await verifyWith(token, resource, true)).payload;
        } catch {
          return null;
        }
      }
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.client_id !== 'string' || typeof payload.sid !== 'string')
        return null;
      if (!(await isFamilyActive(ctx.db, payload.sid)) || !(await isUserActive(ctx.db, userId))) return null;
      return oauthCaller(userId, payload.client_id, scopesOf(payload));
    },
  };
}

interface ExternalKeys {
  issuer: string;
  jwks: JWTVerifyGetKey;
}

async function discover(_ctx: Context, issuer: string): Promise<ExternalKeys> {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname;
  // RFC 8414 §3.1 inserts the well-known segment before the issuer's path; OpenID Connect Discovery appends it.
  const candidates = [
    `${url.origin}/.well-known/oauth-authorization-server${path.replace(/\/$/, '')}`,
    `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
  ];
  for (const candidate of candidates) {
    const res = await fetch(candidate, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) continue;
    const meta = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (meta.issuer !== issuer || typeof meta.jwks_uri !== 'string') {
      throw new Error(`the metadata at ${candidate} does not describe issuer ${issuer} with a jwks_uri`);
    }
    return {
      issuer,
      jwks: createRemoteJWKSet(new URL(meta.jwks_uri), {
        cacheMaxAge: 10 * 60_000,
        cooldownDuration: 30_000,
        timeoutDuration: 5_000,
      }),
    };
  }
  throw new Error(`no authorization server metadata found for issuer ${issuer}`);
}

/** The local account of an external identity: known by (issuer, sub), else linked or created by its verified email. */
async function localUser(ctx: Context, issuer: string, payload: JWTPayload): Promise<number | null> {
  const subject = payload.sub;
  if (!subject) return null;
  const known = await ctx.db
    .selectFrom('external_identities')
    .select('user_id')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  if (known) return known.user_id;
  if (typeof payload.email !== 'string' || payload.email_verified === false) return null;
  let email: string;
  try {
    email = normalizeEmail(payload.email);
  } catch {
    return null;
  }
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    const userId =
      existing?.id ??
      (
        await trx
          .insertInto('users')
          .values({
            email,
            name: typeof payload.name === 'string' ? payload.name.slice(0, 120) : null,
            password_hash: null,
            role: 'user',
            email_verified_at: now,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await trx
      .insertInto('external_identities')
      .values({ issuer, subject, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
      .execute();
    return userId;
  });
}

function externalVerifier(ctx: Context, issuer: string): TokenVerifier {
  let keys: Promise<ExternalKeys> | null = null;
  const keysOnce = () => {
    keys ??= discover(ctx, issuer).catch((err) => {
      keys = null; // try again on the next request
      throw err;
    });
    return keys;
  };
  return {
    async verify(token, resource) {
      let external: ExternalKeys;
      try {
        external = await keysOnce();
      } catch (err) {
        ctx.logger.error({ err, issuer }, 'external issuer discovery failed');
        return null;
      }
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, external.jwks, {
          issuer: external.issuer,
          audience: resource,
          currentDate: ctx.clock.now(),
          requiredClaims: ['exp', 'sub'],
        }));
      } catch {
        return null;
      }
      const userId = await localUser(ctx, issuer, payload);
      if (userId === null || !(await isUserActive(ctx.db, userId))) return null;
      const clientId =
        typeof payload.client_id === 'string'
          ? payload.client_id
          : typeof payload.azp === 'string'
            ? payload.azp
            : 'external';
      return oauthCaller(userId, clientId, scopesOf(payload));
    },
  };
}
