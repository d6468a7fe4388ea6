// Request-wide hardening: a request id on every request (echoed, logged, and
// quoted by 500 answers), one JSON log line per request, the helmet security
// headers, and the REST API's CORS policy.
import { randomUUID } from 'node:crypto';
import cors from 'cors';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { Context } from '../context.js';

/** An incoming X-Request-Id is kept only when short and plain (it goes into logs and headers). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(res: Response): string | undefined {
  return res.locals.requestId as string | undefined;
}

/**
 * The path as logged: the route pattern when one matched (`/checkout/:token`),
 * else the path with token-like segments masked, never the query string:
 * capability URLs (checkout, claim and invite links) carry secrets in the path.
 */
function loggablePath(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  return req.path
    .split('/')
    .map((segment) => (segment.length >= 20 && /[A-Z_]/.test(segment) ? ':redacted' : segment))
    .join('/');
}

export function requestLogging(ctx: Context): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.logger.info({ req_id: requestId, method: req.method, path: loggablePath(req), status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    next();
  };
}

/**
 * helmet's headers on every response. The Content-Security-Policy is left to
 * the responders, which know what they load: pages (sendPage), /docs (Swagger
 * UI) and badges each set their own. Cross-Origin-Resource-Policy is
 * same-origin except where other sites are meant to read: the API, OAuth and
 * discovery endpoints, MCP and badge images (see crossOriginReadable).
 */
export function securityHeaders(): RequestHandler[] {
  return [
    helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'same-origin' } }),
    (req: Request, res: Response, next: NextFunction) => {
      if (crossOriginReadable(req.path)) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      next();
    },
  ];
}

const CROSS_ORIGIN_PREFIXES = ['/api/', '/oauth/', '/.well-known/', '/mcp', '/badges/'];
function crossOriginReadable(path: string): boolean {
  return path === '/api/v1' || CROSS_ORIGIN_PREFIXES.some((p) => path.startsWith(p));
}

/**
 * CORS on /api/v1: any origin, never credentials. Public reads are public
 * data. Signed-in calls carry a bearer token in the Authorization header,
 * which a browser never attaches on its own (it is not an ambient credential
 * like a cookie), so a page on another origin can only use a token its user
 * gave it; allowing the header from any origin lets browser apps call the
 * API without opening a CSRF hole. Cookies are never honoured by the API and
 * Access-Control-Allow-Credentials is never sent, so a browser will not hand
 * a credentialed response to another origin.
 */
export function apiCors(): RequestHandler {
  return cors({
    origin: '*',
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match', 'X-Request-Id'],
    exposedHeaders: ['ETag', 'Location', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'WWW-Authenticate', 'Idempotent-Replayed', 'X-Request-Id', 'Allow'],
    maxAge: 86400,
  });
}
