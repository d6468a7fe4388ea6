// Request-level guards shared by the REST and MCP mounts: who is calling
// (API key or OAuth token for this resource, with the RFC 6750/9728 challenge
// on failure), rate limits (with RateLimit headers), Host/Origin checks on
// /mcp (the HTTP-level 401/403 of MCP tool calls is src/mcp/gate.ts).
import type { NextFunction, Request, Response } from 'express';
import type { Caller } from '../auth/caller.js';
import { callerKey } from '../auth/caller.js';
import { bearerChallenge } from '../auth/challenge.js';
import { resolveCaller } from '../auth/resolve.js';
import { protectedResourceMetadataUrl, type ResourceName, resourceUrlAsAsked } from '../auth/resources.js';
import type { TokenVerifier } from '../auth/token-verifier.js';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { budgetOf, rateLimitHeaders, tooManyRequests } from '../platform/rate-limit.js';
import { sendProblem } from './problem.js';

export function callerOf(res: Response): Caller {
  return res.locals.caller as Caller;
}

export interface ResourceAuth {
  verifier: TokenVerifier;
  /** Which of our resources this mount serves: OAuth tokens must be issued for it. */
  resource: ResourceName;
}

export function resolveCallerMiddleware(
  ctx: Context,
  onError: (res: Response, err: unknown) => void,
  auth?: ResourceAuth,
) {
  return async (req: Request, res: Response, next: NextFunction) => {
    // The resource as this request names it (a loopback alias of PUBLIC_URL keeps its name: auth/resources.ts).
    const resource = auth ? resourceUrlAsAsked(ctx.config, auth.resource, req.headers.host) : '';
    try {
      const bearer = auth && { verifier: auth.verifier, resource };
      res.locals.caller = await resolveCaller(ctx, req.headers.authorization, req.ip ?? 'unknown', bearer);
      next();
    } catch (err) {
      if (err instanceof AppError && err.kind === 'unauthenticated') {
        // Failed credentials are counted per address: guessing keys or replaying
        // dead tokens meets a 429, not an endless stream of 401s.
        const r = await ctx.rateLimiter.hit(
          `failed-auth:${req.ip ?? 'unknown'}`,
          ctx.config.rateLimit.failedAuthPerMinute,
          ctx.clock.now().getTime(),
        );
        res.set(rateLimitHeaders('failed-auth', r));
        if (!r.allowed) return onError(res, tooManyRequests(r));
      }
      if (auth && err instanceof AppError && err.kind === 'unauthenticated') {
        const challenge = bearerChallenge({
          resourceMetadata: protectedResourceMetadataUrl(resource),
          error: 'invalid_token',
          description: err.message,
        });
        return onError(
          res,
          new AppError('unauthenticated', err.message, { headers: { ...err.headers, 'WWW-Authenticate': challenge } }),
        );
      }
      onError(res, err);
    }
  };
}

export function rateLimitMiddleware(ctx: Context, onError: (res: Response, err: unknown) => void) {
  return async (_req: Request, res: Response, next: NextFunction) => {
    try {
      const caller = callerOf(res);
      const r = await ctx.rateLimiter.hit(callerKey(caller), budgetOf(ctx, caller), ctx.clock.now().getTime());
      res.set(rateLimitHeaders('default', r));
      if (!r.allowed) throw tooManyRequests(r);
      next();
    } catch (err) {
      onError(res, err);
    }
  };
}

function hostnameOf(hostHeader: string): string | null {
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return null;
  }
}

/** DNS-rebinding protection: Host (and Origin, when sent) must name this server. */
export function hostOriginGuard(ctx: Context) {
  const allowed = new Set(ctx.config.allowedHosts.map((h) => h.toLowerCase()));
  const reject = (res: Response, message: string) =>
    res.status(403).json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
  return (req: Request, res: Response, next: NextFunction) => {
    const host = req.headers.host ? hostnameOf(req.headers.host) : null;
    if (!host || !allowed.has(host.toLowerCase()))
      return reject(res, `Invalid Host header: ${req.headers.host ?? '(none)'}`);
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== 'null') {
      let originHost: string | null = null;
      try {
        originHost = new URL(origin).hostname;
      } catch {
        originHost = null;
      }
      if (!originHost || !allowed.has(originHost.toLowerCase())) return reject(res, `Invalid Origin header: ${origin}`);
    } else if (origin === 'null') {
      return reject(res, 'Invalid Origin header: null');
    }
    next();
  };
}

export const problemResponder = (ctx: Context) => (res: Response, err: unknown) => sendProblem(ctx, res, err);
