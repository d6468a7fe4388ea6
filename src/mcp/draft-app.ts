// The draft review as an MCP App (the `io.modelcontextprotocol/ui` extension,
// SEP-1865): hosts that render Apps show a draft tool's result inline, with
// its evidence, the launch options and the badge. The ext-apps package's
// server helpers do the protocol (registerAppTool, registerAppResource,
// getUiCapability); the view itself is the web face's (a DraftReviewApp, from
// src/web/maker/draft-review-app.ts, handed in where the faces are composed).
// The view is one static `ui://` document; each result carries the review in
// its `_meta`, so the model's context does not grow. Only clients that
// negotiated the extension get any of it.
import {
  EXTENSION_ID,
  getUiCapability,
  type McpUiAppResourceConfig,
  RESOURCE_MIME_TYPE,
  registerAppResource,
  registerAppTool,
} from '@modelcontextprotocol/ext-apps/server';
import {
  CLIENT_CAPABILITIES_META_KEY,
  type CacheHint,
  type CallToolResult,
  type ClientCapabilities,
  type McpServer,
  type RegisteredTool,
  type ServerContext,
  type StandardSchemaWithJSON,
  type ToolAnnotations,
} from '@modelcontextprotocol/server';
import type { DraftView } from '../drafts/views.js';

export { EXTENSION_ID as APPS_EXTENSION };

/** The view every draft tool names. */
export const DRAFT_REVIEW_URI = 'ui://launchboard/draft-review';

/** What the MCP face needs of the draft review's view. */
export interface DraftReviewApp {
  /** The view: one HTML document, the same for every draft. */
  document(): string;
  /** What one draft result carries for the view, as `_meta` entries. */
  resultMeta(view: DraftView): Promise<Record<string, unknown>>;
}

/** Nothing outside the document: no fetch, no script, style, image or frame from anywhere (the spec's default, said out loud). */
const UI_META = {
  csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
  prefersBorder: true,
};

/**
 * Whether this request's client negotiated MCP Apps for HTML views: on
 * 2026-07-28 its request envelope says so, on a 2025 connection its
 * `initialize` did (a stateless 2025 HTTP request has neither: no App).
 */
export function acceptsApps(server: McpServer, request?: ServerContext): boolean {
  const envelope = request?.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities =
    (envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) ??
    server.server.getClientCapabilities();
  return getUiCapability(capabilities)?.mimeTypes?.includes(RESOURCE_MIME_TYPE) ?? false;
}

interface ToolConfig {
  title: string;
  description: string;
  inputSchema: StandardSchemaWithJSON;
  outputSchema: StandardSchemaWithJSON;
  annotations: ToolAnnotations;
}

/**
 * Registers a tool whose result is a draft as an App tool: its result gets
 * the review in `_meta` for a client that accepts Apps, and its tools/list
 * entry names the view to that client only. The SDK reads a tool's `_meta`
 * when it answers tools/list, by which time it knows the client's
 * capabilities (from `initialize`, or the request's envelope), so the entry
 * asks then; everyone else's list stays as it was, bytes included.
 */
export function registerDraftReviewTool(
  server: McpServer,
  app: DraftReviewApp,
  name: string,
  config: ToolConfig,
  run: (args: unknown, request: ServerContext) => Promise<CallToolResult>,
): RegisteredTool {
  const registered = registerAppTool(
    server,
    name,
    { ...config, _meta: { ui: { resourceUri: DRAFT_REVIEW_URI } } },
    async (args: unknown, request: ServerContext) => {
      const result = await run(args, request);
      if (!acceptsApps(server, request) || result.isError || !result.structuredContent) return result;
      const meta = await app.resultMeta(result.structuredContent as unknown as DraftView);
      return { ...result, _meta: { ...result._meta, ...meta } };
    },
  );
  // registerAppTool's `_meta` (the view's URI, under both its keys), shown only to a client that accepts Apps.
  let appMeta = registered._meta;
  Object.defineProperty(registered, '_meta', {
    get: () => (acceptsApps(server) ? appMeta : undefined),
    set: (value: Record<string, unknown> | undefined) => {
      appMeta = value;
    },
    configurable: true,
    enumerable: true,
  });
  return registered;
}

/** The resource the draft tools name: one static document for every draft, so hosts may fetch it once and keep it. */
export function registerDraftReviewResource(server: McpServer, app: DraftReviewApp): void {
  // The cache hint is the SDK's own resource option, passed through by registerAppResource (its type predates it).
  const config: McpUiAppResourceConfig & { cacheHint: CacheHint } = {
    title: 'Draft review',
    description:
      'The view of get_draft, update_draft and submit_listing results in hosts that render MCP Apps: the draft with its evidence, the launch options and the badge.',
    cacheHint: { ttlMs: 300_000, cacheScope: 'public' },
    _meta: { ui: UI_META },
  };
  registerAppResource(server, 'draft-review', DRAFT_REVIEW_URI, config, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: RESOURCE_MIME_TYPE, text: app.document(), _meta: { ui: UI_META } }],
  }));
}
