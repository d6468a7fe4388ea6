// Server-rendered HTML for the people pages: an escaping template tag (every
// interpolated value is escaped unless it is already SafeHtml), one layout
// with accessible landmarks, and the security headers every page carries
// (no framing, no referrer, nothing cached).
import type { Response } from 'express';
import { STYLESHEET_HREF, SITE_SCRIPT_SRC } from './assets.js';
import { HEAD_ICONS, HEADER_MARK_SVG } from './icons.js';
import { notificationBellMarkup } from './bell.js';

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function escapeHtml(value: unknown): string {
  return String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

type Part = SafeHtml | string | number | null | undefined | false | Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (Array.isArray(part)) return part.map(render).join('');
  if (part instanceof SafeHtml) return part.value;
  return escapeHtml(part);
}

export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0];
  values.forEach((v, i) => {
    out += render(v) + strings[i + 1];
  });
  return new SafeHtml(out);
}

export interface PageOptions {
  title: string;
  body: SafeHtml;
  status?: number;
  /** The signed-in person's email, shown with a sign-out button. */
  signedInAs?: string | null;
  /** The bell's unread count beside signedInAs; default: what the session middleware counted (res.locals.web). */
  unreadNotifications?: number;
  csrfToken: string;
  /** Extra origins a form on this page may end up at (a consent decision redirects to the client). */
  formActionOrigins?: string[];
  /** Public pages: the meta description (also Open Graph's). */
  description?: string;
  /** Public pages: the absolute canonical URL (also og:url). */
  canonicalUrl?: string;
  /** Open Graph type; `website` unless a page says otherwise (`article`, `product`…). */
  ogType?: string;
  /**
   * The Open Graph image: an absolute URL (a logo or avatar: a small card), or
   * a large PNG card with its size and alt text (web/share: a wide card).
   */
  ogImage?: string | { url: string; width: number; height: number; alt: string } | null;
  /** schema.org data, embedded as JSON-LD. */
  jsonLd?: object | object[];
  /** Feeds a page links to (RSS/Atom alternates). */
  feeds?: {
    title: string;
    href: string;
    type: 'application/rss+xml' | 'application/atom+xml' | 'application/feed+json';
  }[];
  /**
   * Public pages anyone may cache briefly (only when nobody is signed in:
   * a signed-in page names the person). Default: nothing cached.
   */
  cacheSeconds?: number;
  /** The h1 is written by the body itself (default: the title). */
  customHeading?: boolean;
  /**
   * Reload the page after this many seconds (a draft being read), with no
   * script: the HTTP Refresh header, which every browser follows. The page
   * must offer a way to stop it (WCAG 2.2.1).
   */
  refreshSeconds?: number;
}

const SITE_NAV: [string, string][] = [
  ['/launches', 'Launches'],
  ['/leaderboards', 'Leaderboards'],
  ['/categories', 'Categories'],
  ['/search', 'Search'],
  ['/docs', 'API & MCP'],
];

/** Whether the page answered is the menu entry's or below it (/launches/weeks/… is under Launches). */
function inSection(res: Response, href: string): boolean {
  const path = res.req?.path ?? '';
  return path === href || path.startsWith(`${href}/`);
}

/** JSON for a <script> data block: `<` escaped so no text can close the element. */
function jsonLdBlock(data: object | object[]): SafeHtml {
  return new SafeHtml(`<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`);
}

/** og:image and the Twitter card: a large image card for a sized image, else the small summary. */
function ogImageMeta(image: PageOptions['ogImage']): SafeHtml {
  if (!image || typeof image === 'string')
    return html`${image ? html`<meta property="og:image" content="${image}">` : ''}
<meta name="twitter:card" content="summary">`;
  return html`<meta property="og:image" content="${image.url}"><meta property="og:image:type" content="image/png"><meta property="og:image:width" content="${image.width}"><meta property="og:image:height" content="${image.height}"><meta property="og:image:alt" content="${image.alt}">
<meta name="twitter:card" content="summary_large_image"><meta name="twitter:image:alt" content="${image.alt}">`;
}

/** The site's name (the admin's setting, read for the request by webSession), or the software's. */
export function siteNameOf(res: Response): string {
  return (res.locals.web as { siteName?: string } | undefined)?.siteName ?? 'Launchboard';
}

function headMeta(opts: PageOptions, siteName: string): SafeHtml {
  const fullTitle = `${opts.title} · ${siteName}`;
  return html`${opts.description ? html`<meta name="description" content="${opts.description}">` : ''}
${opts.canonicalUrl ? html`<link rel="canonical" href="${opts.canonicalUrl}">` : ''}
<meta property="og:site_name" content="${siteName}"><meta property="og:title" content="${fullTitle}"><meta property="og:type" content="${opts.ogType ?? 'website'}">
${opts.description ? html`<meta property="og:description" content="${opts.description}">` : ''}
${opts.canonicalUrl ? html`<meta property="og:url" content="${opts.canonicalUrl}">` : ''}
${ogImageMeta(opts.ogImage)}
${(opts.feeds ?? []).map((f) => html`<link rel="alternate" type="${f.type}" title="${f.title}" href="${f.href}">`)}
${opts.jsonLd ? jsonLdBlock(opts.jsonLd) : ''}`;
}

export function sendPage(res: Response, opts: PageOptions): void {
  const formAction = ["'self'", ...(opts.formActionOrigins ?? [])].join(' ');
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; script-src 'self'; connect-src 'self'; manifest-src 'self'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
  );
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', opts.cacheSeconds ? 'strict-origin-when-cross-origin' : 'no-referrer');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  const cacheable = opts.cacheSeconds && !opts.signedInAs && (opts.status ?? 200) === 200;
  res.setHeader('Cache-Control', cacheable ? `public, max-age=${opts.cacheSeconds}` : 'no-store');
  if (opts.cacheSeconds) res.setHeader('Vary', 'Cookie');
  if (opts.refreshSeconds) res.setHeader('Refresh', String(opts.refreshSeconds));
  const siteName = siteNameOf(res);
  const launch = html`<a class="button launch" href="/submit"><span>Launch<span class="launch-more"> your product</span></span></a>`;
  const unread =
    opts.unreadNotifications ?? (res.locals.web as { unreadNotifications?: number } | undefined)?.unreadNotifications;
  const admin = (res.locals.web as { session?: { isAdmin?: boolean } | null } | undefined)?.session?.isAdmin
    ? html`<a href="/admin">Admin</a>`
    : '';
  const account = opts.signedInAs
    ? html`<div class="account">${launch}${new SafeHtml(notificationBellMarkup(unread))}${admin}<a href="/my" title="Signed in as ${opts.signedInAs}">Dashboard<span class="visually-hidden"> (signed in as ${opts.signedInAs})</span></a>
<form class="inline sign-out" method="post" action="/sign-out"><input type="hidden" name="_csrf" value="${opts.csrfToken}"><button type="submit">Sign out</button></form></div>`
    : html`<div class="account">${launch}<a href="/sign-in">Sign in</a><a class="button secondary sign-up" href="/sign-up">Sign up</a></div>`;
  const doc = html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${opts.title} · ${siteName}</title>
${headMeta(opts, siteName)}
<link rel="stylesheet" href="${STYLESHEET_HREF}"><script src="${SITE_SCRIPT_SRC}" defer></script>${new SafeHtml(HEAD_ICONS)}</head>
<body>
<a class="visually-hidden" href="#main">Skip to content</a>
<header class="site"><div class="bar"><a class="brand" href="/">${new SafeHtml(HEADER_MARK_SVG)}<span>${siteName}</span></a>
<details class="menu"><summary><span class="menu-label">Menu</span></summary><nav aria-label="Site"><ul>${SITE_NAV.map(([href, label]) => html`<li><a href="${href}"${inSection(res, href) ? html` aria-current="page"` : ''}>${label}</a></li>`)}</ul></nav></details>
${account}</div></header>
<main id="main">
${opts.customHeading ? '' : html`<h1>${opts.title}</h1>`}
${opts.body}
</main>
<footer class="site"><div class="bar"><p>${siteName}: products launched each week, ranked by the community.</p>
<nav aria-label="Footer"><ul><li><a href="/launch">Launch a product</a></li><li><a href="/founders">Founders</a></li><li><a href="/blog">Blog</a></li><li><a href="/awards">Awards</a></li><li><a href="/how-ranking-works">How ranking works</a></li><li><a href="/terms">Terms</a></li><li><a href="/privacy">Privacy</a></li><li><a href="/feeds/launches.rss">RSS</a></li><li><a href="/feeds/launches.atom">Atom</a></li><li><a href="/feeds/launches.json">JSON Feed</a></li><li><a href="/docs">API &amp; MCP docs</a></li></ul></nav></div></footer>
</body>
</html>`;
  res
    .status(opts.status ?? 200)
    .type('text/html; charset=utf-8')
    .send(doc.value);
}

/** "1 vote", "3 votes". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A hidden CSRF field for a form. */
export const csrfField = (token: string) => html`<input type="hidden" name="_csrf" value="${token}">`;

export const errorBox = (message: string | null | undefined) =>
  message ? html`<p class="error" role="alert">${message}</p>` : '';
export const noticeBox = (message: string | null | undefined) =>
  message ? html`<p class="notice" role="status">${message}</p>` : '';
/** Something to know or still to do that is not a failure: a rule the choice meets, a check not passed yet. */
export const adviceBox = (message: string | null | undefined) =>
  message ? html`<p class="advice" role="status">${message}</p>` : '';
