// Human-readable API docs: the OpenAPI document rendered in the browser by a
// renderer we serve ourselves (Swagger UI, no CDN), and how to connect an
// MCP client. Both are derived from the registry and PUBLIC_URL, read per
// request (tests set it after the server has started).
import express, { type Response, type Router } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tools as registry } from '../../tools/index.js';
import type { AnyTool } from '../../tools/define.js';
import { SCOPES } from '../auth/caller.js';
import { SCOPE_DESCRIPTIONS } from '../auth/scopes.js';
import type { Context } from '../context.js';
import { fixedBody } from '../platform/fixed-body.js';
import { html, SafeHtml, sendPage } from './ui/html.js';
import { HEAD_ICONS } from './ui/icons.js';
import { definePage } from './pages/define.js';
import { errorsPageRouter } from './errors-page.js';
import { DELIVERY_ATTEMPTS, WEBHOOK_EVENT_NAMES } from '../webhooks/events.js';

const require = createRequire(import.meta.url);
// The npm package carries its own copy (scripts/vendor-docs-renderer.ts); a checkout, the bundle and
// the executable resolve the package.
const VENDORED_PACKAGE = fileURLToPath(new URL('../../vendor/swagger-ui-dist/package.json', import.meta.url));
const SWAGGER_PACKAGE = existsSync(VENDORED_PACKAGE)
  ? VENDORED_PACKAGE
  : require.resolve('swagger-ui-dist/package.json');
const SWAGGER_DIR = path.dirname(SWAGGER_PACKAGE);
const SWAGGER_VERSION = (require(SWAGGER_PACKAGE) as { version: string }).version;

/** The vendor files the page loads, by type; the package's own index.html and petstore initializer stay unserved. */
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui.css.map': 'application/json; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-bundle.js.map': 'application/json; charset=utf-8',
};

/**
 * Vendor files live under their package version, so a long immutable cache is
 * safe. They are read on first request and kept in memory, compressed once
 * (the bundle and the CSS the page loads are 1.9 MB as files, ~0.4 MB with br).
 */
export const DOCS_ASSET_BASE = `/docs/assets/swagger-ui-${SWAGGER_VERSION}`;
export const DOCS_INIT_SCRIPT = '/docs/assets/init.js';

const OPENAPI_PATH = '/api/v1/openapi.json';
const DOCS_CACHE_SECONDS = 300;

// Pages carry `script-src 'self'`, so the initialisation is a file, not an inline script.
// Public operations declare their credentials optional (`security: [{}, …]`);
// Swagger UI hides the padlock only when the empty requirement stands alone,
// so the plugin shows such operations' summary as if it did. Display only:
// the document, and what Try it out sends once you authorize, are unchanged.
const INIT_SCRIPT = `// Starts Swagger UI on the Launchboard OpenAPI document (served by this site).
function OptionalAuthWithoutPadlock() {
  return {
    wrapComponents: {
      OperationSummary: function (Original, system) {
        return function (props) {
          var security = props.operationProps && props.operationProps.get('security');
          var optional = security && security.some(function (r) { return r.isEmpty(); });
          var shown = optional
            ? Object.assign({}, props, {
                operationProps: props.operationProps.set('security', security.filter(function (r) { return r.isEmpty(); })),
              })
            : props;
          return system.React.createElement(Original, shown);
        };
      },
    },
  };
}
// What Swagger UI draws, made accessible as it draws it: the servers menu
// named, the box with it and Authorize a named region, and its headings one
// level under the page's title (a tag and the schemas at 2, what an open
// operation shows at 3 and 4, where it skips one).
function accessibleSwagger(root) {
  var servers = root.querySelector('#servers');
  if (servers && !servers.hasAttribute('aria-label')) servers.setAttribute('aria-label', 'Server');
  var scheme = root.querySelector('.scheme-container');
  if (scheme && !scheme.hasAttribute('role')) {
    scheme.setAttribute('role', 'region');
    scheme.setAttribute('aria-label', 'Server and authorization');
  }
  var level = function (selector, n) {
    root.querySelectorAll(selector).forEach(function (el) {
      if (el.getAttribute('aria-level') === n) return;
      el.setAttribute('role', 'heading');
      el.setAttribute('aria-level', n);
    });
  };
  // A parameter's menu is named after its row; a scrolling example can be reached by keyboard.
  root.querySelectorAll('tr[data-param-name] select:not([aria-label])').forEach(function (el) {
    el.setAttribute('aria-label', el.closest('tr').getAttribute('data-param-name'));
  });
  root.querySelectorAll('.highlight-code pre:not([tabindex]), .highlight-code > code:not([tabindex])').forEach(function (el) {
    el.setAttribute('tabindex', '0');
  });
  level('h3.opblock-tag, section.models > h4', '2');
  level('.opblock h4', '3');
  level('.opblock h5', '4');
}
window.addEventListener('DOMContentLoaded', function () {
  var root = document.getElementById('swagger-ui');
  new MutationObserver(function () { accessibleSwagger(root); }).observe(root, { childList: true, subtree: true });
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: '#swagger-ui',
    // Deep links put a link inside each operation's toggle button: a control inside a control.
    deepLinking: false,
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [OptionalAuthWithoutPadlock],
    layout: 'BaseLayout',
    validatorUrl: null,
    // Its colours for JSON fall under 4.5:1 on its dark code background.
    syntaxHighlight: { activated: false },
    displayOperationId: true,
    defaultModelsExpandDepth: 0,
    docExpansion: 'list',
  });
});
`;

// Swagger UI fetches the document (connect-src), sets inline styles and shows
// data: images; nothing else leaves this origin.
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; manifest-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

// The page's own style, then Swagger UI's: its info block hidden (the
// introduction says it), its colours under 4.5:1 replaced, and the responses'
// Links column (none in this API) hidden on a phone, where it widened the page.
const PAGE_STYLE = `body{margin:0;font-family:system-ui,sans-serif;color:#1a1a1a;background:#fff;line-height:1.5}
a{color:#0b57d0}a:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
header.site,.intro,footer.site{max-width:1460px;margin:0 auto;padding:0 20px;box-sizing:border-box}
header.site{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;justify-content:space-between;align-items:center;border-bottom:1px solid #ddd;padding-top:.75rem;padding-bottom:.75rem}
header.site nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0;padding:0}
footer.site{border-top:1px solid #ddd;margin-top:3rem;padding-top:1rem;padding-bottom:2rem;font-size:.9rem;color:#444}
code{background:#f3f3f3;padding:0 .2rem}table{border-collapse:collapse}td,th{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #eee}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.swagger-ui .information-container{display:none}
.swagger-ui .opblock .opblock-summary-method{color:#fff;text-shadow:none}
.swagger-ui .opblock.opblock-get .opblock-summary-method{background:#1d6fb8}
.swagger-ui .opblock.opblock-post .opblock-summary-method{background:#17794f}
.swagger-ui .opblock.opblock-patch .opblock-summary-method{background:#0f7a66}
.swagger-ui .opblock.opblock-put .opblock-summary-method{background:#a35400}
.swagger-ui .opblock.opblock-delete .opblock-summary-method{background:#c0261f}
.swagger-ui .btn.authorize{color:#17794f;border-color:#17794f}
.swagger-ui .btn.authorize span{color:#17794f}
.swagger-ui .btn.authorize svg{fill:#17794f}
.swagger-ui .parameter__in{color:#4b5161}
.swagger-ui .btn.try-out__btn.cancel{color:#b3261e;border-color:#b3261e}
.swagger-ui .btn.execute{background:#1d6fb8;border-color:#1d6fb8}
.swagger-ui .download-contents{background:#4b5161}
.swagger-ui .json-schema-2020-12-expand-deep-button{color:#4b5161}
.swagger-ui .response-undocumented i{color:#4b5161}
@media (max-width:40rem){.swagger-ui .responses-table .response-col_links{display:none}}`;

const scopeLabel = (tool: AnyTool) => tool.scope ?? 'public';

/** The operations table: the no-script view of the OpenAPI document. */
function operationsTable(tools: AnyTool[]): SafeHtml {
  return html`<table><caption>Every operation (base URL above)</caption>
<thead><tr><th scope="col">Operation</th><th scope="col">Method and path</th><th scope="col">Scope</th></tr></thead><tbody>
${tools.map((t) => html`<tr><th scope="row"><code>${t.name}</code> <span>${t.title}</span></th><td><code>${t.http.method} ${t.http.path}</code></td><td>${scopeLabel(t)}</td></tr>`)}
</tbody></table>`;
}

/**
 * The REST reference: our introduction as a named region, then Swagger UI,
 * which draws the page's one main landmark (its operations); without
 * JavaScript, the main landmark is the list of operations in the noscript.
 */
function sendApiDocsPage(ctx: Context, res: Response): void {
  const base = ctx.config.publicUrl;
  const page = html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>REST API reference · Launchboard</title>
<meta name="description" content="The Launchboard REST API: every operation with its parameters, bodies and responses, from the OpenAPI 3.1 document.">
<link rel="canonical" href="${base}/docs">
<link rel="stylesheet" href="${DOCS_ASSET_BASE}/swagger-ui.css">${new SafeHtml(HEAD_ICONS)}
<style>${new SafeHtml(PAGE_STYLE)}</style></head>
<body>
<a class="visually-hidden" href="#main">Skip to content</a>
<header class="site"><a href="/"><strong>Launchboard</strong></a>
<nav aria-label="Docs"><ul><li><a href="/docs" aria-current="page">REST API</a></li><li><a href="/docs/mcp">MCP</a></li><li><a href="${OPENAPI_PATH}">OpenAPI JSON</a></li></ul></nav></header>
<section class="intro" id="main" aria-labelledby="api-reference">
<h1 id="api-reference">REST API reference</h1>
<p>Every operation is also a tool of the <a href="/docs/mcp">MCP server</a>, with the same name.</p>
<ul>
<li>Base URL: <code>${base}/api/v1</code>. Bodies are JSON; errors are RFC 9457 problem details (<code>application/problem+json</code>).</li>
<li>Public operations need no credentials. Signed-in operations take <code>Authorization: Bearer &lt;token&gt;</code>, where the token is an API key
(create one at <a href="/account/api-keys">/account/api-keys</a>, choosing its scopes) or an OAuth 2.1 access token
(authorization code with PKCE S256; discovery at <a href="/.well-known/oauth-protected-resource/api/v1"><code>/.well-known/oauth-protected-resource/api/v1</code></a>).
Scopes: ${SCOPES.map((s, i) => html`${i ? ', ' : ''}<code>${s}</code>`)}. To try a signed-in operation below, choose Authorize and paste an API key as the bearer token.</li>
<li>The machine-readable document: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a> (OpenAPI 3.1).</li>
<li id="webhooks">Webhooks: <code>create_webhook</code> registers an https URL for events of your listings and orders
(${WEBHOOK_EVENT_NAMES.map((name, i) => html`${i ? ', ' : ''}<code>${name}</code>`)}), or manage them at <a href="/account/webhooks">/account/webhooks</a>.
Each delivery is a POST of <code>{"type", "timestamp", "data"}</code> signed as the Standard Webhooks specification says
(<code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>: <code>v1,</code> + base64 HMAC-SHA256 of <code>id.timestamp.body</code> under your <code>whsec_</code> secret);
anything but a 2xx within 10 s is tried again with backoff, ${DELIVERY_ATTEMPTS} attempts in all.</li>
</ul>
</section>
<noscript><main class="intro"><p>The interactive reference needs JavaScript. Read the <a href="${OPENAPI_PATH}">OpenAPI document</a> directly, or the list below.</p>
${operationsTable(registry)}</main></noscript>
<div id="swagger-ui"></div>
<footer class="site"><p><a href="/">Launchboard</a> · <a href="/docs/mcp">Connect an MCP client</a> · <a href="${OPENAPI_PATH}">OpenAPI JSON</a></p></footer>
<script src="${DOCS_ASSET_BASE}/swagger-ui-bundle.js"></script>
<script src="${DOCS_INIT_SCRIPT}"></script>
</body>
</html>`;
  res.setHeader('Content-Security-Policy', DOCS_CSP);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', `public, max-age=${DOCS_CACHE_SECONDS}`);
  res.status(200).type('text/html; charset=utf-8').send(page.value);
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

function sendMcpDocsPage(ctx: Context, res: Response): void {
  const base = ctx.config.publicUrl;
  const mcpUrl = `${base}/mcp`;
  const httpConfig = { mcpServers: { launchboard: { type: 'http', url: mcpUrl } } };
  const httpKeyConfig = {
    mcpServers: {
      launchboard: { type: 'http', url: mcpUrl, headers: { Authorization: 'Bearer lb_your_api_key_here' } },
    },
  };
  const external = ctx.config.oauthIssuer;
  const issuer = external ?? base;
  const toolRows = registry.map(
    (t) =>
      html`<tr><th scope="row"><code>${t.name}</code></th><td>${t.title}</td><td>${t.scope ? html`<code>${t.scope}</code>` : 'public'}</td></tr>`,
  );
  sendPage(res, {
    title: 'Connect an MCP client',
    description: `Connect an AI assistant to Launchboard over MCP: the Streamable HTTP URL, ready-to-paste configs, OAuth sign-in and the ${registry.length} tools.`,
    canonicalUrl: `${base}/docs/mcp`,
    cacheSeconds: DOCS_CACHE_SECONDS,
    csrfToken: '',
    body: html`<p>Launchboard is a Model Context Protocol server: every operation of the <a href="/docs">REST API</a> is a tool with the same name,
input and output schemas. Public tools work without an account; the others act for you with the scopes you grant.</p>

<h2 id="http">Streamable HTTP</h2>
<p>Server URL: <code>${mcpUrl}</code> (protocol 2026-07-28, and 2025-03-26 to 2025-11-25 through <code>initialize</code>).</p>
<p>Clients that support MCP authorization sign you in by themselves (see <a href="#oauth">OAuth</a> below); paste:</p>
<pre><code>${json(httpConfig)}</code></pre>
<p>Or send an API key yourself:</p>
<pre><code>${json(httpKeyConfig)}</code></pre>

<h2 id="stdio">stdio</h2>
<p>Runs the server as a child process of the client, on the same database as the site, acting as the owner of <code>LAUNCHBOARD_API_KEY</code>
(leave it out for public tools only). On the machine that holds the database, run <code>launchboard mcp-config</code>
(<code>node bin/launchboard.js mcp-config</code> in a checkout) and paste what it prints: the program and the database as absolute paths,
so the entry works from whatever folder the client starts it in. Add <code>LAUNCHBOARD_API_KEY</code> to its <code>env</code> for signed-in tools.</p>

<h2 id="api-keys">API keys</h2>
<p>Create a key at <a href="/account/api-keys">/account/api-keys</a> after signing in, choose its scopes, and copy it: it is shown once.
Send it as <code>Authorization: Bearer lb_…</code>. Revoke it on the same page.</p>

<h2 id="oauth">OAuth</h2>
<p>MCP clients follow the MCP authorization specification (OAuth 2.1). Authorization server: <code>${issuer}</code>${external ? ' (an external identity provider)' : ''}.</p>
<ol>
<li>The client calls <code>${mcpUrl}</code> without a token for a signed-in tool and gets <code>401</code> with
<code>WWW-Authenticate: Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"</code>.</li>
<li>It reads the protected resource metadata at <a href="/.well-known/oauth-protected-resource/mcp"><code>/.well-known/oauth-protected-resource/mcp</code></a>, which names the authorization server and the scopes.</li>
<li>It reads the authorization server metadata at ${external ? html`<code>${external}</code>'s <code>/.well-known/oauth-authorization-server</code>` : html`<a href="/.well-known/oauth-authorization-server"><code>/.well-known/oauth-authorization-server</code></a>`}.</li>
<li>It identifies itself: with a client ID metadata document (an https URL as its <code>client_id</code>), or by registering at <code>${base}/oauth/register</code> (RFC 7591).</li>
<li>It sends you to <code>${base}/oauth/authorize</code> with PKCE (<code>code_challenge_method=S256</code>) and <code>resource=${mcpUrl}</code>; you sign in and choose which scopes to allow.</li>
<li>It exchanges the code at <code>${base}/oauth/token</code> for an access token (1 hour) and a refresh token, then calls the tools with <code>Authorization: Bearer</code>.</li>
</ol>
<table><caption>Scopes</caption><thead><tr><th scope="col">Scope</th><th scope="col">Allows</th></tr></thead><tbody>
${SCOPES.map((s) => html`<tr><th scope="row"><code>${s}</code></th><td>${SCOPE_DESCRIPTIONS[s]}</td></tr>`)}
</tbody></table>

<h2 id="tools">Tools</h2>
<p>Payment never goes through a tool: <code>create_checkout</code> returns a link where the person pays. Votes come only from people on the site.</p>
<table><caption>The ${registry.length} tools</caption><thead><tr><th scope="col">Tool</th><th scope="col">Title</th><th scope="col">Scope</th></tr></thead><tbody>
${toolRows}
</tbody></table>`,
  });
}

export const docsPages = [
  definePage({ path: '/docs', sitemap: 'self', get: (ctx, _req, res) => sendApiDocsPage(ctx, res) }),
  definePage({ path: '/docs/mcp', sitemap: 'self', get: (ctx, _req, res) => sendMcpDocsPage(ctx, res) }),
];

/** The error pages and the API reference's scripts and assets (the pages are in pages/index.ts). */
export function docsRouter(ctx: Context): Router {
  const router = express.Router();

  router.use(errorsPageRouter(ctx));

  router.get(DOCS_INIT_SCRIPT, (_req, res) => {
    res.setHeader('Cache-Control', `public, max-age=${DOCS_CACHE_SECONDS}`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.type('text/javascript; charset=utf-8').send(INIT_SCRIPT);
  });

  for (const [file, type] of Object.entries(SWAGGER_FILES)) {
    // The executable and the MCP bundle carry no source maps: those answer 404 there.
    const source = path.join(SWAGGER_DIR, file);
    if (!existsSync(source)) continue;
    router.get(
      `${DOCS_ASSET_BASE}/${file}`,
      fixedBody(() => readFileSync(source), {
        type,
        cacheControl: 'public, max-age=31536000, immutable',
        headers: { 'X-Content-Type-Options': 'nosniff' },
      }),
    );
  }
  return router;
}
