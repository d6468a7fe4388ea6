// The site's stylesheet and its one script as real files (style.css and
// site.js beside this module; in the executable and the MCP bundle, runtime
// files beside the script), each served at a URL named after its content so
// browsers may keep it for a year: a changed file is a new URL.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import express, { type Router } from 'express';
import { fixedBody } from '../../platform/fixed-body.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A file beside this module and its content-named URL. */
function asset(file: string, name: string, ext: string): { body: Buffer; href: string } {
  const body = readFileSync(new URL(`./${file}`, import.meta.url));
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { body, href: `/assets/${name}.${hash}.${ext}` };
}

const STYLESHEET = asset('style.css', 'style', 'css');
/** Votes in place (vote-button.ts's forms), a warning before leaving unsaved edits and copying a link; the pages work without it. */
const SITE_SCRIPT = asset('site.js', 'site', 'js');

/** Where pages link the stylesheet. */
export const STYLESHEET_HREF = STYLESHEET.href;
/** The stylesheet itself, for a document that carries it inline (the MCP App's view, src/web/maker/draft-review-app.ts). */
export const STYLESHEET_TEXT = STYLESHEET.body.toString('utf8');
/** Where pages load the site's script from (deferred; CSP script-src 'self'). */
export const SITE_SCRIPT_SRC = SITE_SCRIPT.href;

export function uiAssetsRouter(): Router {
  const router = express.Router();
  router.get(STYLESHEET_HREF, fixedBody(STYLESHEET.body, { type: 'text/css; charset=utf-8', cacheControl: IMMUTABLE }));
  router.get(
    SITE_SCRIPT_SRC,
    fixedBody(SITE_SCRIPT.body, { type: 'text/javascript; charset=utf-8', cacheControl: IMMUTABLE }),
  );
  return router;
}
