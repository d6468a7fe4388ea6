// The embedded OAuth 2.1 authorization server, as one router: discovery
// documents, authorize (with sign-in and consent pages), token, dynamic
// registration, revocation and JWKS. With OAUTH_ISSUER set, only the
// protected resource metadata is served (naming that issuer); the external
// provider does the rest. Endpoints programs call allow any origin (CORS).
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Context } from '../context.js';
import { authorizeRoutes } from './authorize.js';
import { jwksRoute } from './jwks.js';
import { createKeyStore } from './keys.js';
import { metadataRoutes } from './metadata.js';
import { registerRoute } from './register.js';
import { revokeRoute } from './revoke.js';
import { tokenRoute } from './token.js';

const CORS_PATHS = [
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-authorization-server',
  '/oauth/token',
  '/oauth/register',
  '/oauth/revoke',
  '/oauth/jwks.json',
];

function cors(req: Request, res: Response, next: NextFunction) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization, MCP-Protocol-Version');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Max-Age', '86400');
    return res.status(204).end();
  }
  next();
}

export function oauthRouter(ctx: Context): Router {
  const router = express.Router();
  const embedded = !ctx.config.oauthIssuer;
  router.use(CORS_PATHS, cors);
  router.use(metadataRoutes(ctx, { embedded }));
  if (!embedded) return router;
  const keys = createKeyStore(ctx);
  router.use(
    authorizeRoutes(ctx),
    tokenRoute(ctx, keys),
    registerRoute(ctx),
    revokeRoute(ctx, keys),
    jwksRoute(ctx, keys),
  );
  return router;
}
