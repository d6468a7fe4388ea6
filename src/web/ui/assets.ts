// The site's stylesheet as a real file (style.css beside this module; in the
// executable and the MCP bundle, a runtime file beside the script), served at
// a URL named after its content so browsers may keep it for a year: a changed
// stylesheet is a new URL.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import express, { type Router } from 'express';
import { fixedBody } from '../../platform/fixed-body.js';

const STYLESHEET = readFileSync(new URL('./style.css', import.meta.url));
const STYLESHEET_HASH = createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 12);

/** Where pages link the stylesheet. */
export const STYLESHEET_HREF = `/assets/style.${STYLESHEET_HASH}.css`;

export function uiAssetsRouter(): Router {
  const router = express.Router();
  router.get(
    STYLESHEET_HREF,
    fixedBody(STYLESHEET, { type: 'text/css; charset=utf-8', cacheControl: 'public, max-age=31536000, immutable' }),
  );
  return router;
}
