// The MCP App's side in the browser: the one HTML document a host renders for
// the draft tools (src/mcp/draft-app.ts serves it as `ui://…`), and what each
// draft result carries for it. The document is our stylesheet and one script,
// both inline: the ext-apps package's own browser build of its App class, and
// a few lines that connect to the host and put the review the server drew
// (draft-review.ts) into the page. Nothing is fetched from anywhere.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Context } from '../../context.js';
import type { DraftView } from '../../drafts/views.js';
import { STYLESHEET_TEXT } from '../ui/assets.js';
import { draftReviewHtml } from './draft-review.js';

/** The key of a draft result's `_meta` under which the review's HTML reaches the view (never structuredContent: the model does not read it). */
export const DRAFT_REVIEW_META = 'launchboard/draft-review';

/**
 * The view's own code, run after the ext-apps bundle with its App class in
 * scope: connect to the host, and on each tool result put the review the
 * server drew into the page (HTML our server escaped; nothing here builds
 * markup from data). While the site is still read it asks the host for
 * get_draft every 3 seconds, as the website's page reloads itself; links
 * open through the host.
 */
const VIEW_SCRIPT = `
const review = document.getElementById('review');
const app = new App({ name: 'launchboard-draft-review', version: VERSION }, {}, { autoResize: true });
let poll;
const show = (result) => {
  const html = result?._meta?.[${JSON.stringify(DRAFT_REVIEW_META)}];
  if (typeof html !== 'string') {
    if (result?.isError) review.textContent = 'Launchboard could not show this draft: ask your assistant what went wrong.';
    return;
  }
  review.innerHTML = html;
  clearTimeout(poll);
  const draft = review.firstElementChild?.dataset;
  const working = draft?.draftStatus === 'crawling' || draft?.draftStatus === 'drafting';
  if (working && app.getHostCapabilities()?.serverTools)
    poll = setTimeout(() => app.callServerTool({ name: 'get_draft', arguments: { id: draft.draftId } }).then(show, () => {}), 3000);
};
app.addEventListener('toolresult', show);
review.addEventListener('click', (event) => {
  const link = event.target.closest?.('a[href]');
  if (!link || link.getAttribute('href').startsWith('#')) return;
  event.preventDefault();
  if (/^https?:/i.test(link.href)) app.openLink({ url: link.href });
});
await app.connect();
`;

const require = createRequire(import.meta.url);

/**
 * The ext-apps package's self-contained browser build of its App class
 * (`app-with-deps`, an ES module) as an inline script: its closing export
 * list becomes a local `App`, since an inline module's exports reach nothing.
 */
function appBundle(): { code: string; app: string } {
  let file: string;
  try {
    file = require.resolve('@modelcontextprotocol/ext-apps/app-with-deps');
  } catch (err) {
    throw new Error(`The MCP App's view needs @modelcontextprotocol/ext-apps/app-with-deps beside the program: ${err}`);
  }
  const source = readFileSync(file, 'utf8');
  const exports = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(source);
  const app = exports?.[1]
    ?.split(',')
    .map((entry) => entry.trim().split(/\s+as\s+/))
    .find(([local, exported]) => (exported ?? local) === 'App')?.[0];
  // An inline script must not contain what would end or re-open the element.
  if (!exports || !app || /<\/script|<!--/i.test(source))
    throw new Error(`${file} no longer has the shape the MCP App inlines (an ES module ending in its export list)`);
  return { code: source.slice(0, exports.index), app };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The view: our stylesheet and the script inline. Its own CSP admits exactly
 * those two (by hash) and data: images (the badge), on top of whatever the
 * host enforces.
 */
function viewDocument(version: string): string {
  const bundle = appBundle();
  const script = `${bundle.code}\n{\nconst App = ${bundle.app};\nconst VERSION = ${JSON.stringify(version)};\n${VIEW_SCRIPT}}\n`;
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(STYLESHEET_TEXT)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return `<!doctype html>
<html lang="en" class="mcp-app">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>Draft review · Launchboard</title>
<style>${STYLESHEET_TEXT}</style></head>
<body><main id="review"><p class="muted">Loading the draft…</p></main>
<script type="module">${script}</script></body>
</html>`;
}

/**
 * The draft review App's view for the MCP face: its document (built on first
 * use, then kept: it depends only on the installed files) and, per draft
 * result, the `_meta` entries that carry the review.
 */
export function draftReviewApp(ctx: Context): {
  document(): string;
  resultMeta(view: DraftView): Promise<Record<string, string>>;
} {
  let document: string | undefined;
  return {
    document: () => {
      document ??= viewDocument(ctx.config.version);
      return document;
    },
    resultMeta: async (view) => ({ [DRAFT_REVIEW_META]: (await draftReviewHtml(ctx, view)).value }),
  };
}
