// Rate limits of MCP over HTTP, by what a request asks rather than per HTTP
// request: each tools/call and each resources/read (the draft review's view
// is a large document) spends the caller's per-minute budget (the bucket REST
// spends too), while protocol housekeeping (initialize, notifications,
// tools/list, ping, the resource and prompt lists, the GET stream) has a
// budget of its own, PROTOCOL_BUDGET_FACTOR times larger, so an assistant's
// bookkeeping never starves the operations it came for.
import { anonymous, type Caller, callerKey } from '../auth/caller.js';
import type { Context } from '../context.js';
import { toProblem } from '../errors.js';
import { budgetOf, type RateLimitResult, rateLimitHeaders, tooManyRequests } from '../platform/rate-limit.js';
import { type FetchMcpHandler, rpcMessages } from './gate.js';

export const PROTOCOL_BUDGET_FACTOR = 10;

/** The methods that spend the caller's own budget, like a REST request. */
const OPERATIONS = new Set(['tools/call', 'resources/read']);

/** How many operations a JSON-RPC body asks for. */
function operationCount(body: unknown): number {
  return rpcMessages(body).filter(({ method }) => OPERATIONS.has(method as string)).length;
}

export function mcpRateLimit(ctx: Context, handler: FetchMcpHandler): FetchMcpHandler {
  return {
    async fetch(request, options) {
      const caller = (options?.authInfo?.extra?.caller as Caller | undefined) ?? anonymous();
      const calls = request.method === 'POST' ? operationCount(options?.parsedBody) : 0;
      const budget = budgetOf(ctx, caller);
      const [bucket, policy, perMinute, hits] =
        calls > 0
          ? [callerKey(caller), 'default', budget, calls]
          : [`mcp-protocol:${callerKey(caller)}`, 'mcp-protocol', budget * PROTOCOL_BUDGET_FACTOR, 1];
      let result: RateLimitResult | undefined;
      for (let i = 0; i < hits; i++) result = await ctx.rateLimiter.hit(bucket, perMinute, ctx.clock.now().getTime());
      const headers = rateLimitHeaders(policy, result!);
      if (!result!.allowed) {
        const err = tooManyRequests(result!);
        return new globalThis.Response(JSON.stringify(toProblem(err, `${ctx.config.publicUrl}/docs`)), {
          status: err.status,
          headers: { ...headers, ...err.headers, 'Content-Type': 'application/problem+json' },
        });
      }
      const answer = await handler.fetch(request, options);
      // A Response's headers may be read-only: the answer is passed on with the RateLimit headers added.
      const merged = new Headers(answer.headers);
      for (const [name, value] of Object.entries(headers)) merged.set(name, value);
      return new globalThis.Response(answer.body, {
        status: answer.status,
        statusText: answer.statusText,
        headers: merged,
      });
    },
  };
}
