// The HTTP server: REST under /api/v1, its OpenAPI document, and MCP over
// Streamable HTTP at /mcp, all from the same registry.
import { createMcpHandler } from '@modelcontextprotocol/server';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { AnyTool } from '../../tools/define.js';
import type { Context } from '../context.js';
import { mcpServerFactory } from '../mcp/server.js';
import { mcpNodeHandler } from '../mcp/node-handler.js';
import { mcpAuthorizationGate } from '../mcp/gate.js';
import { mcpRateLimit } from '../mcp/rate-limit.js';
import {
  callerOf,
  hostOriginGuard,
  problemResponder,
  rateLimitMiddleware,
  resolveCallerMiddleware,
} from './middleware.js';
import { createTokenVerifier } from '../auth/token-verifier.js';
import { oauthRouter } from '../oauth/router.js';
import { webAuthRouter } from '../web/auth/router.js';
import { makerRouter } from '../web/maker/router.js';
import { draftReviewApp } from '../web/maker/draft-review-app.js';
import { adminRouter } from '../web/admin.js';
import { checkoutRouter } from '../web/checkout.js';
import { invitesRouter } from '../web/invites.js';
import { claimsRouter } from '../web/claims.js';
import { communityRouter } from '../web/community.js';
import { commentsRouter } from '../web/comments.js';
import { docsRouter } from '../web/docs.js';
import { publicRouter } from '../web/public/router.js';
import { cachedPageHits } from '../web/ui/public-page.js';
import { uiAssetsRouter } from '../web/ui/assets.js';
import { iconsRouter } from '../web/ui/icons.js';
import { ShareImageCache } from '../web/share/cache.js';
import { shareImageRouter } from '../web/share/router.js';
import { openApiDocument } from '../registry/openapi.js';
import { fromExpressError, sendProblem } from './problem.js';
import { restRouter } from './rest.js';
import { fixedBody } from '../platform/fixed-body.js';
import { compressResponses } from './compression.js';
import { healthRouter } from './health.js';
import { createMetrics } from './metrics.js';
import { timeToolCalls } from '../mcp/tool-timing.js';
import { badgeRouter } from './badges.js';
import { mediaRouter } from './media.js';
import { apiCors, requestLogging, securityHeaders } from './hardening.js';

export interface HttpApp {
  app: Express;
  /** Share images (og:image) and PNG icons: the renderer, and cards kept while what they show holds (web/share/cache.ts). */
  shareImages: ShareImageCache;
  close(): Promise<void>;
}

/** Runs a body parser only for methods that carry a body: GETs skip its machinery. */
function bodiesOnly(parser: RequestHandler): RequestHandler {
  return (req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? next() : parser(req, res, next));
}

export function createHttpApp(ctx: Context, tools: AnyTool[]): HttpApp {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', ctx.config.trustProxy);
  // Liveness and readiness for load balancers: before logging and every router (health.ts).
  app.use(healthRouter(ctx));
  // Prometheus metrics (metrics.ts), with METRICS_TOKEN only: then every request below is counted.
  const metrics = createMetrics(ctx, new Set(tools.map((t) => t.name)));
  const measured = Boolean(ctx.config.metricsToken);
  app.get('/metrics', metrics.endpoint);
  if (measured) app.use(metrics.requests);
  const onError = problemResponder(ctx);
  // OAuth access tokens (embedded authorization server or OAUTH_ISSUER) on both faces.
  const verifier = createTokenVerifier(ctx);
  // Request ids and logs, security headers, and the API's CORS policy (hardening.ts).
  app.use(requestLogging(ctx), securityHeaders());
  // Pages, JSON and feeds compressed by negotiation (compression.ts); never
  // /mcp, whose transport owns its wire format: JSON-RPC answers and SSE streams.
  const compress = compressResponses();
  app.use((req, res, next) => (req.path === '/mcp' ? next() : compress(req, res, next)));
  // A public page kept for anonymous visitors is answered here, before every router (web/ui/public-page.ts).
  app.use(cachedPageHits(ctx));
  app.use('/api/v1', apiCors());

  const openapi = JSON.stringify(openApiDocument(tools, ctx.config.publicUrl));
  app.get(
    '/api/v1/openapi.json',
    fixedBody(openapi, { type: 'application/json; charset=utf-8', cacheControl: 'public, max-age=300' }),
  );

  // The API root (get_site_info's api_base) points at its description.
  app.get('/api/v1', (_req, res) => {
    const base = ctx.config.publicUrl;
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json({
      name: 'Launchboard REST API',
      version: '1.0.0',
      openapi_url: `${base}/api/v1/openapi.json`,
      docs_url: `${base}/docs`,
      site_url: `${base}/api/v1/site`,
      mcp_url: `${base}/mcp`,
    });
  });

  app.use(
    '/api/v1',
    bodiesOnly(express.json({ limit: '1mb', type: ['application/json', 'application/*+json'] })),
    (err: unknown, _req: Request, res: Response, _next: NextFunction) => onError(res, fromExpressError(err)),
    resolveCallerMiddleware(ctx, onError, { verifier, resource: 'api' }),
    rateLimitMiddleware(ctx, onError),
    restRouter(ctx, tools),
  );

  // MCP: the body is read on the Node side (mcp-node.ts), never by express.json,
  // so JSON-RPC parse errors stay JSON-RPC. The draft tools are an MCP App whose view is the web face's.
  const mcpHandler = createMcpHandler(mcpServerFactory(ctx, tools, undefined, draftReviewApp(ctx)), {
    onerror: (err) => ctx.logger.debug({ err: err.message }, 'mcp request rejected'),
  });
  // Rate limits by what each request asks (mcp/rate-limit.ts), then authorization, then the SDK.
  const gate = mcpAuthorizationGate(ctx, tools, mcpHandler);
  const nodeHandler = mcpNodeHandler(
    mcpRateLimit(ctx, measured ? timeToolCalls(gate, metrics.observeToolCall) : gate),
    {
      onerror: (err) => ctx.logger.error({ err }, 'mcp handler failed'),
    },
  );
  app.all(
    '/mcp',
    hostOriginGuard(ctx),
    resolveCallerMiddleware(ctx, onError, { verifier, resource: 'mcp' }),
    (req: Request, res: Response) => {
      const caller = callerOf(res);
      if (caller.kind === 'user') {
        (req as Request & { auth?: unknown }).auth = {
          token: 'redacted',
          clientId: caller.credentialId,
          scopes: caller.scopes,
          extra: { caller },
        };
      } else {
        (req as Request & { auth?: unknown }).auth = {
          token: '',
          clientId: 'anonymous',
          scopes: [],
          extra: { caller },
        };
      }
      void nodeHandler(req, res);
    },
  );

  // Badge images embedded on makers' sites (the URLs get_badges hands out).
  app.use('/badges', resolveCallerMiddleware(ctx, onError), rateLimitMiddleware(ctx, onError));
  app.use(badgeRouter(ctx));
  // Logos and screenshots stored on our side (src/media/), at content-hashed URLs.
  app.use(mediaRouter(ctx));

  // Sign-in for programs (the OAuth authorization server and its discovery
  // documents) and for people (sign-up, sign-in, account, API keys).
  app.use(oauthRouter(ctx));
  app.use(webAuthRouter(ctx));
  app.use(makerRouter(ctx));

  // Pages people open from links: the checkout (they pay there, never through
  // the API), the Stripe webhook (raw body, parsed inside its router), and
  // claim verification links.
  app.use(['/checkout', '/claims/verify'], resolveCallerMiddleware(ctx, onError), rateLimitMiddleware(ctx, onError));
  app.use(checkoutRouter(ctx));
  app.use(claimsRouter(ctx));
  app.use(adminRouter(ctx));
  app.use(invitesRouter(ctx));

  // The site's stylesheet (content-hashed URL, cached for a year), its icons and web app manifest.
  const shareImages = new ShareImageCache();
  app.use(uiAssetsRouter(), iconsRouter(ctx, shareImages.renderer));
  // Share images (og:image), drawn on our side: rate-limited like the badges, as each new one costs a render.
  app.use('/og', resolveCallerMiddleware(ctx, onError), rateLimitMiddleware(ctx, onError));
  app.use(shareImageRouter(ctx, shareImages));

  // The site people browse and act on (votes, follows, reviews, reports), and the docs.
  app.use(communityRouter(ctx));
  app.use(commentsRouter(ctx));
  app.use(docsRouter(ctx));
  app.use(publicRouter(ctx));

  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) =>
    sendProblem(ctx, res, fromExpressError(err)),
  );
  return { app, shareImages, close: () => mcpHandler.close() };
}
