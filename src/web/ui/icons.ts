// The site's mark as icons: an SVG favicon every page links, the
// same mark full-bleed for home-screen ("maskable") icons, /favicon.ico for
// clients that ask for it unprompted, and the web app manifest named after
// the site (its name from the settings). Fixed SVG written here: no user
// text goes into it, and nothing comes from a CDN. iOS and install prompts
// want PNG: the same SVGs drawn by resvg (web/share/render.ts) on first
// request, kept for the process.
import express, { type RequestHandler, type Router } from 'express';
import type { Context } from '../../context.js';
import { getSetting } from '../../directory/settings.js';
import { fixedBody } from '../../platform/fixed-body.js';
import type { ShareRenderer } from '../share/render.js';

/** The mark's ground; also the browser UI colour (theme-color). */
export const MARK_COLOUR = '#4338ca';

/** Launches, ranked: a podium of three with a chevron rising over the first, drawn on a 64-unit square. */
const GLYPH =
  '<rect x="13" y="35" width="11" height="17" rx="2" fill="#fff"/><rect x="26.5" y="27" width="11" height="25" rx="2" fill="#fff"/>' +
  '<rect x="40" y="41" width="11" height="11" rx="2" fill="#fff"/>' +
  '<path d="M23 19.5 32 11l9 8.5" fill="none" stroke="#fbbf24" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>';

/** The mark (its square and glyph, or the glyph alone) at (x, y), `size` px wide, inside a larger SVG: the share images' brand. */
export const markSvg = (x: number, y: number, size: number, ground = true) =>
  `<g transform="translate(${x} ${y}) scale(${size / 64})">${ground ? `<rect width="64" height="64" rx="14" fill="${MARK_COLOUR}"/>` : ''}${GLYPH}</g>`;

const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${MARK_COLOUR}"/>${GLYPH}</svg>\n`;

/** The same mark inline in the page header, beside the site's name (which names the link: the mark is decoration). */
export const HEADER_MARK_SVG = `<svg aria-hidden="true" focusable="false" viewBox="0 0 64 64" width="32" height="32"><rect width="64" height="64" rx="14" fill="${MARK_COLOUR}"/>${GLYPH}</svg>`;

// Launchers crop a maskable icon to their own shape; everything that matters
// stays inside the central circle of 80 % (the glyph at 80 % of its size).
const MASKABLE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${MARK_COLOUR}"/><g transform="translate(6.4 6.4) scale(.8)">${GLYPH}</g></svg>\n`;

export const FAVICON_PATH = '/favicon.svg';
const MASKABLE_PATH = '/icon-maskable.svg';
export const MANIFEST_PATH = '/manifest.webmanifest';

/** PNG renderings of the mark: iOS's home-screen icon (full-bleed: iOS rounds it), and the manifest's. */
export const APPLE_TOUCH_ICON_PATH = '/apple-touch-icon.png';
const PNG_ICONS: { path: string; svg: string; size: number; purpose: 'any' | 'maskable' }[] = [
  { path: '/icon-192.png', svg: FAVICON_SVG, size: 192, purpose: 'any' },
  { path: '/icon-512.png', svg: FAVICON_SVG, size: 512, purpose: 'any' },
  { path: '/icon-maskable-512.png', svg: MASKABLE_SVG, size: 512, purpose: 'maskable' },
];

/** The icon, manifest and theme colour every page's <head> carries (fixed markup: nothing to escape). */
export const HEAD_ICONS = `<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml"><link rel="apple-touch-icon" href="${APPLE_TOUCH_ICON_PATH}"><link rel="manifest" href="${MANIFEST_PATH}"><meta name="theme-color" content="${MARK_COLOUR}">`;

/** Icons change with a release, not with the data: a day in caches, then revalidated by ETag. */
const ICON_CACHE = 'public, max-age=86400';
/** The manifest carries the site's name, which the admin may change. */
const MANIFEST_CACHE_SECONDS = 300;

/** An SVG drawn as a PNG `size` px square on first request, then served like any fixed body. */
function pngIcon(renderer: ShareRenderer, svg: string, size: number): RequestHandler {
  let handler: RequestHandler | undefined;
  return (req, res, next) => {
    handler ??= fixedBody(renderer.icon(svg, size), { type: 'image/png', cacheControl: ICON_CACHE });
    handler(req, res, next);
  };
}

export function iconsRouter(ctx: Context, renderer: ShareRenderer): Router {
  const router = express.Router();
  router.get(APPLE_TOUCH_ICON_PATH, pngIcon(renderer, MASKABLE_SVG, 180));
  // Older iOS asks for this name unprompted.
  router.get('/apple-touch-icon-precomposed.png', (_req, res) => {
    res.setHeader('Cache-Control', ICON_CACHE);
    res.redirect(301, APPLE_TOUCH_ICON_PATH);
  });
  for (const icon of PNG_ICONS) router.get(icon.path, pngIcon(renderer, icon.svg, icon.size));
  router.get(FAVICON_PATH, fixedBody(FAVICON_SVG, { type: 'image/svg+xml', cacheControl: ICON_CACHE }));
  router.get(MASKABLE_PATH, fixedBody(MASKABLE_SVG, { type: 'image/svg+xml', cacheControl: ICON_CACHE }));
  // Browsers and feed readers ask for /favicon.ico whatever a page links; the mark answers.
  router.get('/favicon.ico', (_req, res) => {
    res.setHeader('Cache-Control', ICON_CACHE);
    res.redirect(301, FAVICON_PATH);
  });
  // Express 5 hands a rejected read to the error handler.
  router.get(MANIFEST_PATH, async (_req, res) => {
    const [name, description] = await Promise.all([
      getSetting(ctx.db, 'site_name'),
      getSetting(ctx.db, 'site_purpose'),
    ]);
    const manifest = {
      name,
      short_name: name.length <= 12 ? name : name.slice(0, 12).trimEnd(),
      description,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: MARK_COLOUR,
      icons: [
        { src: FAVICON_PATH, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        { src: MASKABLE_PATH, sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
        ...PNG_ICONS.map((i) => ({ src: i.path, sizes: `${i.size}x${i.size}`, type: 'image/png', purpose: i.purpose })),
      ],
    };
    res.setHeader('Cache-Control', `public, max-age=${MANIFEST_CACHE_SECONDS}`);
    res.type('application/manifest+json; charset=utf-8').send(JSON.stringify(manifest));
  });
  return router;
}
