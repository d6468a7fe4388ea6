// MCP authorization at the HTTP level: the 401/403 (with the OAuth challenge)
// of tools/call requests that need sign-in, before the SDK sees them; and the
// toolsets a client asks for in the endpoint's query (`/mcp?toolsets=…`).
import type { AuthInfo, McpHandlerRequestOptions } from '@modelcontextprotocol/server';
import type { AnyTool } from '../../tools/define.js';
import { anonymous, type Caller, type Scope } from '../auth/caller.js';
import { protectedResourceMetadataUrl, resourceUrlAsAsked } from '../auth/resources.js';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { checkScope } from '../registry/invoke.js';
import { parseToolsets, selectTools, type ToolsetName } from '../registry/toolsets.js';
import { ONLY_TOOL, offeredTools, TOOLSETS } from './server.js';
import { TASK_METHOD_SCOPES } from './tasks.js';

/** The web-standard face of the SDK's MCP handler (what toNodeHandler drives). */
export interface FetchMcpHandler {
  fetch(request: globalThis.Request, options?: McpHandlerRequestOptions): Promise<globalThis.Response>;
}

/** The messages of a JSON-RPC body (one message or a batch), each with the method and params it names. */
export function rpcMessages(body: unknown): { method?: unknown; params?: { name?: unknown } }[] {
  return (Array.isArray(body) ? body : [body]).map((m) => (m && typeof m === 'object' ? m : {}));
}

/** The params of each tools/call request in a JSON-RPC body. */
export function toolCallParams(body: unknown): { name?: unknown }[] {
  return rpcMessages(body).flatMap(({ method, params }) => (method === 'tools/call' ? [params ?? {}] : []));
}

/** The task methods (tasks/get, tasks/update, tasks/cancel) of a JSON-RPC body, with the scope each needs. */
function taskMethods(body: unknown): { name: string; scope: Scope }[] {
  return rpcMessages(body).flatMap(({ method }) =>
    typeof method === 'string' && Object.hasOwn(TASK_METHOD_SCOPES, method)
      ? [{ name: method, scope: TASK_METHOD_SCOPES[method]! }]
      : [],
  );
}

/** The known tools named by the tools/call requests of a JSON-RPC body. */
function calledTools(body: unknown, byName: Map<string, AnyTool>): AnyTool[] {
  return toolCallParams(body).flatMap(({ name }) => {
    const tool = typeof name === 'string' ? byName.get(name) : undefined;
    return tool ? [tool] : [];
  });
}

/**
 * MCP authorization at the HTTP level, for both protocol eras: a tools/call
 * of a signed-in tool (or a task method: TASK_METHOD_SCOPES) without
 * credentials answers 401 with
 * `WWW-Authenticate: Bearer resource_metadata=…` (the MCP client starts the
 * OAuth flow), and with credentials lacking the scope 403
 * `error="insufficient_scope"` naming it (step-up). The rule and the
 * challenge are checkScope's, the same every face runs. Everything else
 * (initialize, tools/list, public tools) goes to the SDK handler, and a
 * single tools/call names its tool (ONLY_TOOL). A `toolsets` query narrows
 * what this server offers (TOOLSETS): a tool outside it is unknown here, as
 * on tools/list; an unknown toolset name is a 400. The body arrives parsed
 * (mcp-node.ts); a request without a parsed body has no JSON to authorize
 * and goes to the SDK as sent, which answers it.
 */
export function mcpAuthorizationGate(ctx: Context, tools: AnyTool[], handler: FetchMcpHandler): FetchMcpHandler {
  const served = offeredTools(ctx, tools);
  const everyTool = new Map(served.map((t) => [t.name, t]));
  return {
    async fetch(request, options) {
      let toolsets: ToolsetName[] | undefined;
      try {
        toolsets = parseToolsets(new URL(request.url).searchParams.get('toolsets') ?? undefined);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return globalThis.Response.json(
          { error: 'invalid_request', error_description: err.message },
          { status: 400, headers: { 'Cache-Control': 'no-store' } },
        );
      }
      const byName = toolsets ? new Map(selectTools(served, toolsets).map((t) => [t.name, t])) : everyTool;
      const authInfo = toolsets ? withExtra(options?.authInfo, { [TOOLSETS]: toolsets }) : options?.authInfo;
      if (request.method !== 'POST' || options?.parsedBody === undefined)
        return handler.fetch(request, toolsets ? { ...options, authInfo } : options);
      const body = options.parsedBody;
      const caller = (authInfo?.extra?.caller as Caller | undefined) ?? anonymous();
      const called = calledTools(body, byName);
      const guarded = [...called, ...taskMethods(body)];
      const challengeAt = guarded.some((tool) => tool.scope !== null)
        ? protectedResourceMetadataUrl(resourceUrlAsAsked(ctx.config, 'mcp', new URL(request.url).host))
        : undefined;
      for (const tool of guarded) {
        try {
          checkScope(tool, caller, challengeAt);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          // The body follows the SDK's bearer-auth answers (RFC 6750 error JSON). A request that sent no
          // credentials has no error to name (RFC 6750 §3.1): it is only told how to sign in.
          const body =
            err.kind === 'forbidden'
              ? { error: 'insufficient_scope', error_description: err.message }
              : { error_description: err.message };
          return globalThis.Response.json(body, {
            status: err.status,
            headers: { ...err.headers, 'Cache-Control': 'no-store' },
          });
        }
      }
      // A request that is one call of a known tool names it to the server
      // factory (mcp/server.ts), which then registers that tool alone.
      const only = !Array.isArray(body) && called.length === 1 ? called[0]!.name : undefined;
      return handler.fetch(request, {
        ...options,
        authInfo: only ? withExtra(authInfo, { [ONLY_TOOL]: only }) : authInfo,
      });
    },
  };
}

/** authInfo with more entries in `extra` (none to extend: undefined, as given). */
function withExtra(authInfo: AuthInfo | undefined, extra: Record<string, unknown>): AuthInfo | undefined {
  return authInfo && { ...authInfo, extra: { ...authInfo.extra, ...extra } };
}
