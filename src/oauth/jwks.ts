// GET /oauth/jwks.json: the public keys access tokens are signed with.
import express, { type Router } from 'express';
import type { Context } from '../context.js';
import { sendOAuthError } from './errors.js';
import type { KeyStore } from './keys.js';

export function jwksRoute(ctx: Context, keys: KeyStore): Router {
  const router = express.Router();
  router.get('/oauth/jwks.json', async (_req, res) => {
    try {
      await keys.current(); // the first request creates the key, so the set is never empty
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.json(await keys.jwks({ refresh: true }));
    } catch (err) {
      sendOAuthError(ctx, res, err);
    }
  });
  return router;
}
