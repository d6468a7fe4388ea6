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
    // Below LOG_LEVEL=info a request pays for no log line at all.
    if (ctx.logger.isLevelEnabled('info')) {
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        ctx.logger.info(
          {
            req_id: requestId,
            method: req.method,
            path: loggablePath(req),
            status: res.statusCode,
            ms: Math.round(ms * 10) / 10,
          },
          'request',
        );
      });
    }
    next();
  };
}

/**
 * The headers a middleware with fixed output sets, captured once by running
 * it against a recorder: a request then pays one loop of setHeader instead of
 * the middleware's own chain (helmet alone is eleven middleware calls).
 * Throws at start-up if the middleware does not finish synchronously or reads
 * anything it was not given, which would mean its output is not fixed.
 */
export function capturedHeaders(middleware: RequestHandler, method = 'GET'): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]),
    getHeader: () => undefined,
    removeHeader: () => undefined,
  };
  let finished = false;
  void middleware({ method, headers: {} } as Request, recorder as unknown as Response, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('capturedHeaders: the middleware did not call next() synchronously');
  return headers;
}

const setHeaders = (res: Response, headers: [string, string][]) => {
  for (const [name, value] of headers) res.setHeader(name, value);
};

/**
 * helmet's headers on every response. The Content-Security-Policy is left to
 * the responders, which know what they load: pages (sendPage), /docs (Swagger
 * UI) and badges each set their own. Cross-Origin-Resource-Policy is
 * same-origin except where other sites are meant to read: the API, OAuth and
 * discovery endpoints, MCP and badge images (see crossOriginReadable).
 */
export function securityHeaders(): RequestHandler {
  const headers = capturedHeaders(
    helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'same-origin' } }),
  );
  return (req: Request, res: Response, next: NextFunction) => {
    setHeaders(res, headers);
    if (crossOriginReadable(req.path)) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    next();
  };
}

const CROSS_ORIGIN_PREFIXES = ['/api/', '/oauth/', '/.well-known/', '/mcp', '/badges/', '/og/', '/media/'];
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
  const policy = cors({
    origin: '*',
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match', 'X-Request-Id'],
    exposedHeaders: [
      'ETag',
      'Location',
      'RateLimit',
      'RateLimit-Policy',
      'Retry-After',
      'WWW-Authenticate',
      'Idempotent-Replayed',
      'X-Request-Id',
      'Allow',
    ],
    maxAge: 86400,
  });
  // Any origin and no credentials: the answer to an actual request never
  // depends on the request, so it is captured once; preflights go to cors.
  const actual = capturedHeaders(policy);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'OPTIONS') return policy(req, res, next);
    setHeaders(res, actual);
    next();
  };
}
