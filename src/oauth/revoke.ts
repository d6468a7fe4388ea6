// POST /oauth/revoke (RFC 7009): revoking a refresh token, or an access
// token of ours, ends its whole grant. Unknown or foreign tokens get the same
// 200 as known ones, so the endpoint tells nothing about them.
import express, { type Router } from 'express';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { Context } from '../context.js';
import { issuerOf } from '../auth/resources.js';
import { sha256Hex } from '../auth/secrets.js';
import { oauthError, sendOAuthError, unreadableBodyAsOAuthError } from './errors.js';
import { rejectUnacceptableText } from './text.js';
import { REFRESH_TOKEN_PREFIX } from './grants/issue.js';
import { SIGNING_ALG, type KeyStore } from './keys.js';
import { findRefreshToken, revokeFamily } from './store.js';

async function familyOfAccessToken(
  ctx: Context,
  keys: KeyStore,
  token: string,
): Promise<{ familyId: string; clientId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(await keys.jwks({ refresh: true })), {
      issuer: issuerOf(ctx.config),
      algorithms: [SIGNING_ALG],
      currentDate: ctx.clock.now(),
    });
    return typeof payload.sid === 'string' && typeof payload.client_id === 'string'
      ? { familyId: payload.sid, clientId: payload.client_id }
      : null;
  } catch {
    return null;
  }
}

export function revokeRoute(ctx: Context, keys: KeyStore): Router {
  const router = express.Router();
  router.post(
    '/oauth/revoke',
    express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 30 }),
    async (req, res) => {
      try {
        const body = (req.body ?? {}) as Record<string, unknown>;
        rejectUnacceptableText(body);
        const token = body.token;
        const clientId = typeof body.client_id === 'string' ? body.client_id : undefined;
        if (typeof token !== 'string' || token === '') throw oauthError('invalid_request', 'token is required');
        const now = ctx.clock.now().toISOString();
        let target: { familyId: string; clientId: string } | null = null;
        if (token.startsWith(REFRESH_TOKEN_PREFIX)) {
          const found = await findRefreshToken(ctx.db, sha256Hex(token));
          target = found ? { familyId: found.grant.familyId, clientId: found.grant.clientId } : null;
        } else if (token.split('.').length === 3) {
          target = await familyOfAccessToken(ctx, keys, token);
        }
        // A public client identifies itself by client_id; a token of another client is left alone.
        if (target && (clientId === undefined || clientId === target.clientId))
          await revokeFamily(ctx.db, target.familyId, now);
        res.setHeader('Cache-Control', 'no-store');
        res.status(200).end();
      } catch (err) {
        sendOAuthError(ctx, res, err);
      }
    },
  );
  router.use('/oauth/revoke', unreadableBodyAsOAuthError(ctx, 'invalid_request'));
  return router;
}
