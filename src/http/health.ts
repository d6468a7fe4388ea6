// GET /healthz: the process answers (liveness). GET /readyz: it should get
// traffic (src/ops/readiness.ts), 200 or 503 naming the failing part. Both
// are answered before every router, uncached, and spend no rate limit: a
// load balancer asks every few seconds.
import express, { type Router } from 'express';
import type { Context } from '../context.js';
import { readiness } from '../ops/readiness.js';

export function healthRouter(ctx: Context): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.type('text/plain').send('ok\n');
  });
  router.get('/readyz', async (_req, res, next) => {
    try {
      const { ready, parts } = await readiness(ctx);
      res.setHeader('Cache-Control', 'no-store');
      res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', parts });
    } catch (err) {
      next(err);
    }
  });
  return router;
}
