// Request-level guards shared by the REST and MCP mounts: who is calling
// (API key or OAuth token for this resource, with the RFC 6750/9728 challenge
// on failure), rate limits (with RateLimit headers), Host/Origin checks on
// /mcp, and the HTTP-level 401/403 of MCP tool calls that need sign-in.
import type { McpHandlerRequestOptions } from '@modelcontextprotocol/server';
import type { NextFunction, Request, Response } from 'express';
import type { AnyTool } from '../../tools/define.js';
import type { Caller } from '../auth/caller.js';
import { anonymous, callerKey } from '../auth/caller.js';
import { bearerChallenge } from '../auth/challenge.js';
import { resolveCaller } from '../auth/resolve.js';
import { protectedResourceMetadataUrl, resourceUrl, type ResourceName } from '../auth/resources.js';
import type { TokenVerifier } from '../auth/token-verifier.js';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { checkScope } from '../invoke.js';
import { ONLY_TOOL } from '../mcp/server.js';
import { WINDOW_SECONDS } from '../services/rate-limit.js';
import { sendProblem } from './problem.js';

export function callerOf(res: Response): Caller {
  return res.locals.caller as Caller;
}

export interface ResourceAuth {
  verifier: TokenVerifier;
  /** Which of our resources this mount serves: OAuth tokens must be issued for it. */
  resource: ResourceName;
}

export function resolveCallerMiddleware(ctx: Context, onError: (res: Response, err: unknown) => void, auth?: ResourceAuth) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const bearer = auth && { verifier: auth.verifier, resource: resourceUrl(ctx.config, auth.resource) };
      res.locals.caller = await resolveCaller(ctx, req.headers.authorization, req.ip ?? 'unknown', bearer);
      next();
    } catch (err) {
      if (auth && err instanceof AppError && err.kind === 'unauthenticated') {
        const challenge = bearerChallenge({
          resourceMetadata: protectedResourceMetadataUrl(resourceUrl(ctx.config, auth.resource)),
          error: 'invalid_token',
          description: err.message,
        });
        return onError(res, new AppError('unauthenticated', err.message, { headers: { ...err.headers, 'WWW-Authenticate': challenge } }));
      }
      onError(res, err);
    }
  };
}

export function rateLimitMiddleware(ctx: Context, onError: (res: Response, err: unknown) => void) {
  return async (_req: Request, res: Response, next: NextFunction) => {
    try {
      const caller = callerOf(res);
      const limit = caller.kind === 'anonymous' ? ctx.config.rateLimit.anonymousPerMinute : ctx.config.rateLimit.signedInPerMinute;
      const r = await ctx.rateLimiter.hit(callerKey(caller), limit, ctx.clock.now().getTime());
      res.setHeader('RateLimit-Policy', `"default";q=${r.limit};w=${WINDOW_SECONDS}`);
      res.setHeader('RateLimit', `"default";r=${r.remaining};t=${r.resetSeconds}`);
      if (!r.allowed) {
        throw new AppError('rate_limited', `Too many requests: at most ${r.limit} per ${WINDOW_SECONDS} s. Retry in ${r.resetSeconds} s.`, {
          headers: { 'Retry-After': String(r.resetSeconds) },
        });
      }
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
    if (!host || !allowed.has(host.toLowerCase())) return reject(res, `Invalid Host header: ${req.headers.host ?? '(none)'}`);
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

/** The web-standard face of the SDK's MCP handler (what toNodeHandler drives). */
export interface FetchMcpHandler {
  fetch(request: globalThis.Request, options?: McpHandlerRequestOptions): Promise<globalThis.Response>;
}

/** The signed-in tools named by the tools/call requests of a JSON-RPC body (one message or a batch). */
function calledTools(body: unknown, byName: Map<string, AnyTool>): AnyTool[] {
  const messages = Array.isArray(body) ? body : [body];
  const out: AnyTool[] = [];
  for (const m of messages) {
    if (!m || typeof m !== 'object') continue;
    const { method, params } = m as { method?: unknown; params?: { name?: unknown } };
    if (method !== 'tools/call' || typeof params?.name !== 'string') continue;
    const tool = byName.get(params.name);
    if (tool) out.push(tool);
  }
  return out;
}

/**
 * MCP authorization at the HTTP level, for both protocol eras: a tools/call
 * of a signed-in tool without credentials answers 401 with
 * `WWW-Authenticate: Bearer resource_metadata=…` (the MCP client starts the
 * OAuth flow), and with credentials lacking the scope 403
 * `error="insufficient_scope"` naming it (step-up). The rule and the
 * challenge are checkScope's, the same every face runs. Everything else
 * (initialize, tools/list, public tools) goes to the SDK handler, and a
 * single tools/call names its tool (ONLY_TOOL). The body arrives parsed
 * (mcp-node.ts); a request without a parsed body has no JSON to authorize
 * and goes to the SDK as sent, which answers it.
 */
export function mcpAuthorizationGate(ctx: Context, tools: AnyTool[], handler: FetchMcpHandler): FetchMcpHandler {
  const byName = new Map(tools.map((t) => [t.name, t]));
  return {
    async fetch(request, options) {
      if (request.method !== 'POST' || options?.parsedBody === undefined) return handler.fetch(request, options);
      const body = options.parsedBody;
      const caller = (options?.authInfo?.extra?.caller as Caller | undefined) ?? anonymous();
      const called = calledTools(body, byName);
      const challengeAt = called.some((tool) => tool.scope !== null) ? protectedResourceMetadataUrl(resourceUrl(ctx.config, 'mcp')) : undefined;
      for (const tool of called) {
        try {
          checkScope(tool, caller, challengeAt);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          // The body follows the SDK's bearer-auth answers (RFC 6750 error JSON).
          const error = err.kind === 'forbidden' ? 'insufficient_scope' : 'invalid_token';
          return globalThis.Response.json({ error, error_description: err.message }, { status: err.status, headers: { ...err.headers, 'Cache-Control': 'no-store' } });
        }
      }
      // A request that is one call of a known tool names it to the server
      // factory (mcp/server.ts), which then registers that tool alone.
      const authInfo = options?.authInfo && !Array.isArray(body) && called.length === 1 ? { ...options.authInfo, extra: { ...options.authInfo.extra, [ONLY_TOOL]: called[0]!.name } } : options?.authInfo;
      return handler.fetch(request, { ...options, authInfo });
    },
  };
}
