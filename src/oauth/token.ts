// POST /oauth/token: the token endpoint for public clients (PKCE, no secret;
// client_id in the form). Dispatches by grant_type; answers with no-store.
import express, { type Router } from 'express';
import type { Context } from '../context.js';
import { oauthError, sendOAuthError, unreadableBodyAsOAuthError } from './errors.js';
import { rejectUnacceptableText } from './text.js';
import { authorizationCodeGrant } from './grants/authorization-code.js';
import { refreshTokenGrant } from './grants/refresh-token.js';
import type { KeyStore } from './keys.js';

const TOKEN_REQUESTS_PER_MINUTE = 120;

/** String parameters only; a repeated parameter is an error (RFC 6749 §3.2). */
function formParams(body: unknown): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (typeof v !== 'string') throw oauthError('invalid_request', `${k} must be given once, as a string`);
    out[k] = v;
  }
  rejectUnacceptableText(out);
  return out;
}

export function tokenRoute(ctx: Context, keys: KeyStore): Router {
  const router = express.Router();
  router.post(
    '/oauth/token',
    express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 30 }),
    express.json({ limit: '16kb' }),
    async (req, res) => {
      try {
        const limited = await ctx.rateLimiter.hit(
          `oauth-token:${req.ip ?? 'unknown'}`,
          TOKEN_REQUESTS_PER_MINUTE,
          ctx.clock.now().getTime(),
        );
        if (!limited.allowed) {
          res.setHeader('Retry-After', String(limited.resetSeconds));
          throw oauthError('slow_down', `too many token requests; retry in ${limited.resetSeconds} s`);
        }
        if (req.headers.authorization) {
          throw oauthError(
            'invalid_client',
            'this server issues no client secrets: send client_id in the form, with PKCE',
          );
        }
        const params = formParams(req.body);
        let body: Awaited<ReturnType<typeof authorizationCodeGrant>>;
        if (params.grant_type === 'authorization_code') body = await authorizationCodeGrant(ctx, keys, params);
        else if (params.grant_type === 'refresh_token') body = await refreshTokenGrant(ctx, keys, params);
        else if (!params.grant_type) throw oauthError('invalid_request', 'grant_type is required');
        else throw oauthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('Pragma', 'no-cache');
        res.json(body);
      } catch (err) {
        sendOAuthError(ctx, res, err);
      }
    },
  );
  router.use('/oauth/token', unreadableBodyAsOAuthError(ctx, 'invalid_request'));
  return router;
}
