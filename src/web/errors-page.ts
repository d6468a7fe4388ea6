// /docs/errors: the page every problem document's `type` points at
// (`/docs/errors#<kind>`), one section per kind with its status and what to do.
import express, { type Router } from 'express';
import type { Context } from '../context.js';
import { type ErrorKind, errorHelp, errorStatus, errorTitle } from '../errors.js';
import { html, sendPage } from './ui/html.js';

const KINDS = Object.keys(errorStatus) as ErrorKind[];

/** The help text with its `quoted` names as code. */
const withCode = (text: string) => text.split('`').map((part, i) => (i % 2 === 1 ? html`<code>${part}</code>` : part));

export function errorsPageRouter(ctx: Context): Router {
  const router = express.Router();
  router.get('/docs/errors', (_req, res) => {
    const sections = [
      ...KINDS.map((kind) => ({ kind, status: errorStatus[kind], title: errorTitle[kind] })),
      { kind: 'internal' as const, status: 500, title: 'Internal error' },
    ].map(
      (e) =>
        html`<section id="${e.kind}"><h2>${e.status} ${e.title} <small class="muted"><code>${e.kind}</code></small></h2><p>${withCode(errorHelp[e.kind])}</p></section>`,
    );
    sendPage(res, {
      title: 'Errors',
      description: 'What each error of the Launchboard API and MCP tools means, and what to do next.',
      canonicalUrl: `${ctx.config.publicUrl}/docs/errors`,
      cacheSeconds: 300,
      csrfToken: '',
      body: html`<p>Every error of the <a href="/docs">REST API</a> is an RFC 9457 problem document
(<code>application/problem+json</code>) whose <code>type</code> links to its section here; MCP tools return the same document as an error result.
<code>detail</code> says what happened in this case, and <code>errors</code> names each field that was wrong.</p>
${sections}`,
    });
  });
  return router;
}
