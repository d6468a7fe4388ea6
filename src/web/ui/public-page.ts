// What the public pages share: the session-aware page sender (canonical URL,
// short public caching for anonymous visitors), listing cards, pagination and
// reading page/per_page from the query the same way the API bounds them.
import { randomUUID } from 'node:crypto';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Context } from '../../context.js';
import { AppError } from '../../errors.js';
import type { ListingSummary } from '../../listings/summary.js';
import { MIN_COMPRESSED_BYTES, preferredCoding } from '../../platform/compression.js';
import type { StoredPage } from '../../platform/page-cache.js';
import { slug as slugSchema } from '../../../tools/schemas.js';
import { highlightWords } from './highlight.js';
import { html, type PageOptions, type SafeHtml, sendPage } from './html.js';
import { cookieNames, parseCookies, webOf } from './session.js';
import { voteButton, voteNotice, type VoteViewer } from './vote-button.js';
import { dataVersion } from '../../platform/versioned-cache.js';
import { siteShareImage } from '../share/urls.js';

/** Seconds anonymous visitors' caches may keep a public page. */
export const PUBLIC_CACHE_SECONDS = 60;

export type PublicPageOptions = Omit<PageOptions, 'csrfToken' | 'signedInAs' | 'canonicalUrl'> & {
  /** Path (and query) of the canonical URL; defaults to the request path without its query. */
  canonicalPath?: string;
};

/** Sends a public page with the visitor's session in the header. Needs the webSession middleware. */
export function sendPublicPage(ctx: Context, req: Request, res: Response, opts: PublicPageOptions): void {
  const web = webOf(res);
  const { canonicalPath, ...rest } = opts;
  sendPage(res, {
    cacheSeconds: PUBLIC_CACHE_SECONDS,
    ...rest,
    // A page without an image of its own is shared with the site's card.
    ogImage: rest.ogImage ?? siteShareImage(ctx),
    csrfToken: web?.csrfToken ?? '',
    signedInAs: web?.session?.email ?? null,
    canonicalUrl: absoluteUrl(ctx, canonicalPath ?? req.path),
  });
}

export const absoluteUrl = (ctx: Context, path: string) => `${ctx.config.publicUrl}${path}`;

/** True for a SPEC slug (the same schema the API checks). */
export const isSlug = (value: string): boolean => slugSchema.safeParse(value).success;

/** The listing page of a slug, as a site-relative path. */
export const listingPath = (slug: string) => `/listings/${slug}`;

/** Reads `page` (1..1000) and `per_page` (1..100) like the API; anything else falls back to the default. */
export function pageParams(req: Request, defaultPerPage = 20): { page: number; per_page: number } {
  const int = (v: unknown, min: number, max: number, fallback: number) => {
    const n = typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : NaN;
    return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
  };
  return { page: int(req.query.page, 1, 1000, 1), per_page: int(req.query.per_page, 1, 100, defaultPerPage) };
}

/** Previous/next links for a paginated list; other query parameters are kept. */
export function paginationNav(req: Request, page: number, perPage: number, total: number): SafeHtml | string {
  const pages = Math.min(1000, Math.ceil(total / perPage));
  if (pages <= 1) return '';
  const link = (p: number) => {
    const q = new URLSearchParams(req.query as Record<string, string>);
    q.set('page', String(p));
    return `${req.path}?${q.toString()}`;
  };
  return html`<nav aria-label="Pages"><p>${page > 1 ? html`<a href="${link(page - 1)}" rel="prev">Previous</a> · ` : ''}Page ${page} of ${pages}${
    page < pages ? html` · <a href="${link(page + 1)}" rel="next">Next</a>` : ''
  }</p></nav>`;
}

/**
 * A list of listing cards; `ranked` numbers them from `firstRank`;
 * `highlight` gives the words to mark in each card's name and tagline (the
 * search page's matched words); `voter` (ui/vote-button.ts) gives each live
 * listing its vote button with the count, as this visitor may press it.
 */
export function listingCards<T extends ListingSummary>(
  items: T[],
  opts: {
    ranked?: boolean;
    firstRank?: number;
    metric?: (item: T, i: number) => string;
    highlight?: (item: T) => readonly string[];
    voter?: VoteViewer;
  } = {},
): SafeHtml {
  if (items.length === 0) return html`<p class="muted">Nothing here yet.</p>`;
  const tag = opts.ranked ? 'ol' : 'ul';
  const first = opts.firstRank ?? 1;
  const cards = items.map((l, i) => {
    const words = opts.highlight?.(l) ?? [];
    const vote = opts.voter ? voteButton(l, opts.voter) : '';
    const metricText = opts.metric?.(l, i);
    // With a vote button the count is on it, and another metric is a line under the tagline.
    const side = vote
      ? vote
      : html`<span class="votes">${metricText ?? html`<strong>${l.votes}</strong> ${l.votes === 1 ? 'vote' : 'votes'}`}</span>`;
    const metricLine = vote && metricText ? html`<small class="card-meta">${metricText}</small>` : '';
    return html`<li>${opts.ranked ? html`<span class="rank">#${first + i}</span>` : ''}
${productLogo(l, 48)}
<div><a class="card-name" href="${listingPath(l.slug)}"><strong>${highlightWords(l.name, words)}</strong></a>${
      l.tagline ? html`<span class="card-tagline">${highlightWords(l.tagline, words)}</span>` : ''
    }${
      l.primary_category
        ? html`<small class="card-meta">in <a href="/categories/${l.primary_category.slug}">${l.primary_category.name}</a></small>`
        : ''
    }${metricLine}${opts.voter ? voteNotice(l.slug, opts.voter) : ''}</div>
${side}</li>`;
  });
  return tag === 'ol' ? html`<ol class="cards" start="${first}">${cards}</ol>` : html`<ul class="cards">${cards}</ul>`;
}

/**
 * A product's logo square: our stored copy of its logo (src/media/, served
 * from this origin: the maker's server never sees the visitors), or, without
 * one, a monogram of its initials on a colour derived from its name, so the
 * same product always gets the same square. Decorative: the product's name
 * is always written beside it.
 */
export function productLogo(listing: { name: string; logo?: { url: string } | null }, size: number): SafeHtml {
  if (listing.logo)
    return html`<img class="logo" src="${localPath(listing.logo.url)}" alt="" width="${size}" height="${size}" loading="lazy" decoding="async">`;
  return html`<span class="monogram" style="--hue:${nameHue(listing.name)}" aria-hidden="true">${initials(listing.name)}</span>`;
}

/** A stored image's URL as a path on this site, so pages load it from the origin they were served from. */
export function localPath(url: string): string {
  return new URL(url).pathname;
}

/** The first letters of the first two words ("Acme Cloud" → "AC"), or the first letter of one word. */
export function initials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const letters = words.slice(0, 2).map((w) => [...w][0]);
  return (letters.join('') || '?').toUpperCase();
}

/** A hue (0–359) from the name: a small string hash, stable across runs. */
export function nameHue(name: string): number {
  let h = 0;
  for (const c of name) h = (h * 31 + c.codePointAt(0)!) % 360;
  return h;
}

/** A plain 404 page for an unknown slug or week. */
export function sendNotFound(ctx: Context, req: Request, res: Response, what = 'page'): void {
  sendPublicPage(ctx, req, res, {
    status: 404,
    title: 'Not found',
    body: html`<p>There is no ${what} here. <a href="/">Back to the home page</a> or <a href="/search">search the directory</a>.</p>`,
  });
}

/** A public page: answers one GET. */
export type PublicPage = (ctx: Context, req: Request, res: Response) => void | Promise<void>;

/** What a hit on a kept page redoes besides sending it (the listing page counts the view). */
type OnHit = (ctx: Context, req: Request, res: Response, meta: unknown) => void;
/** What `cachedPage` keeps in StoredPage.meta: its onHit, and what the page gave `keepForHits`. */
interface HitMeta {
  onHit: OnHit | undefined;
  meta: unknown;
}

/** The query parameters a kept page reads, each with the test a value must pass to be one the page shows. */
export type PageQuery = Record<string, (value: string) => boolean>;

/** How a page is kept: the query it reads (nothing else), and what a hit redoes. */
export interface CachedPageOptions {
  query?: PageQuery;
  onHit?: OnHit;
}

/**
 * Where a request whose query is not exactly what the page reads is sent: the
 * same path with only the parameters the page reads, with values it takes,
 * in the declared order; null when the request already is that (or its path
 * would make the redirect leave this site). So junk in a query (`?x=1`,
 * `?page=abc`, a tracking tag) costs a redirect, not a render, and never
 * fills the cache with copies of a page.
 */
function canonicalLocation(req: Request, query: PageQuery): string | null {
  const at = req.originalUrl.indexOf('?');
  if (at < 0) return null;
  const path = req.originalUrl.slice(0, at);
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  const given = new URLSearchParams(req.originalUrl.slice(at + 1));
  const kept = new URLSearchParams();
  for (const [name, accepts] of Object.entries(query)) {
    const value = given.get(name);
    if (value !== null && accepts(value)) kept.set(name, value);
  }
  const canonical = kept.toString();
  return req.originalUrl.slice(at + 1) === canonical ? null : `${path}${canonical ? `?${canonical}` : ''}`;
}

/** A whole number from 1 to `max` written plainly: a page number as pages link to it. */
export const pageNumber =
  (max: number) =>
  (value: string): boolean =>
    /^[1-9]\d{0,9}$/.test(value) && Number(value) <= max;

// Each app keeps its own pages: two apps built on one context (with other
// community sections, say) never answer with each other's pages.
const appScopes = new WeakMap<object, string>();
function pageKey(req: Request, now: Date): string {
  let scope = appScopes.get(req.app);
  if (!scope) {
    scope = randomUUID();
    appScopes.set(req.app, scope);
  }
  return `${scope} ${now.toISOString().slice(0, 10)} ${req.originalUrl}`;
}

/** True when the request may be answered from, and kept in, the page cache: an anonymous GET. */
function shareable(ctx: Context, req: Request, res: Response): boolean {
  if (req.method !== 'GET' || ctx.db.isTransaction || ctx.pages.maxEntries === 0) return false;
  const web = webOf(res);
  if (web) return !web.session && !web.sessionCookie;
  return parseCookies(req.headers.cookie)[cookieNames(ctx).session] === undefined;
}

/** The kept page for this request, if it is still good; undefined when it must be rendered. */
async function keptPage(
  ctx: Context,
  req: Request,
): Promise<{ version: number; key: string; at: number; hit: StoredPage | undefined }> {
  // The version first, then the page's data: a page is never kept under a version newer than what it shows.
  const version = await dataVersion(ctx, 'pages');
  const now = ctx.clock.now();
  const key = pageKey(req, now);
  return { version, key, at: now.getTime(), hit: ctx.pages.get(key, version, now.getTime()) };
}

function answerFromCache(ctx: Context, req: Request, res: Response, hit: StoredPage): void {
  const { onHit, meta } = hit.meta as HitMeta;
  onHit?.(ctx, req, res, meta);
  sendStoredPage(ctx, req, res, hit);
}

/**
 * A public page rendered once per data version for anonymous visitors
 *: a GET from someone with no session cookie is answered from
 * ctx.pages while data_versions('pages') (migration 0018: triggers on every
 * table these pages show) and the UTC day are those it was rendered at, and
 * for at most the cache's maxAgeMs (view counts, relative times). The key is
 * the app, the day and the whole path and query, a query being only what the
 * page reads (`query`; any other is redirected to that). Anything personal never goes
 * in or comes out: a signed-in visitor (or one with any session cookie) gets
 * the page rendered for them, as before. Only a 200 marked
 * `Cache-Control: public` that sets no cookie is kept: the body as rendered
 * and the headers the page set; a hit writes them again with the body
 * compressed once per coding, the same bytes and headers the compression
 * middleware (http/compression.ts) gives the uncached answer. `onHit` redoes
 * what the page does besides rendering, with what it kept through
 * `keepForHits`. Hits are normally answered before any router by
 * `cachedPageHits`; this wrapper answers them where that is not mounted.
 */
export function cachedPage(page: PublicPage, opts: CachedPageOptions = {}): PublicPage {
  const { query = {}, onHit } = opts;
  return async (ctx, req, res) => {
    if (!shareable(ctx, req, res)) return page(ctx, req, res);
    const canonical = canonicalLocation(req, query);
    if (canonical) {
      res.setHeader('Cache-Control', `public, max-age=${PUBLIC_CACHE_SECONDS}`);
      return res.redirect(301, canonical);
    }
    const { version, key, at, hit } = await keptPage(ctx, req);
    if (hit) return answerFromCache(ctx, req, res, hit);
    const before = new Map(res.getHeaderNames().map((name) => [name, res.getHeader(name)]));
    const end = res.end;
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      res.end = end;
      const stored = storedPageOf(res, before, chunk, encoding, onHit);
      if (stored) ctx.pages.set(key, version, at, stored);
      return (end as (...args: unknown[]) => Response).call(res, chunk, encoding, callback);
    }) as Response['end'];
    await page(ctx, req, res);
  };
}

/**
 * Answers an anonymous GET that a `cachedPage` has kept, before any router
 * (mounted first in http/app.ts): a hit then costs a map lookup and the data
 * version, not the walk through every router and its middleware on the way
 * to the page. Only paths already kept reach the database: every other
 * request passes on untouched.
 */
export function cachedPageHits(ctx: Context): RequestHandler {
  return async (req, res, next) => {
    try {
      if (!shareable(ctx, req, res) || !ctx.pages.has(pageKey(req, ctx.clock.now()))) return next();
      const { hit } = await keptPage(ctx, req);
      if (!hit) return next();
      answerFromCache(ctx, req, res, hit);
    } catch (err) {
      next(err);
    }
  };
}

/** What a page kept by `cachedPage` needs again on each hit (given to its onHit). */
export function keepForHits(res: Response, meta: unknown): void {
  res.locals.pageCacheMeta = meta;
}

const PUBLIC_CACHE = /^\s*public\b/i;
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The answer being ended, as a page to keep; undefined when it must not be shared. */
function storedPageOf(
  res: Response,
  before: Map<string, unknown>,
  chunk: unknown,
  encoding: unknown,
  onHit: OnHit | undefined,
): StoredPage | undefined {
  if (res.statusCode !== 200 || res.getHeader('Set-Cookie') !== undefined || res.getHeader('Content-Encoding'))
    return undefined;
  if (!PUBLIC_CACHE.test(String(res.getHeader('Cache-Control') ?? ''))) return undefined;
  const body =
    typeof chunk === 'string'
      ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : undefined;
  if (!body) return undefined;
  const headers: StoredPage['headers'] = [];
  for (const name of res.getHeaderNames()) {
    const value = res.getHeader(name);
    if (name === 'content-length' || value === undefined || same(value, before.get(name))) continue;
    headers.push([name, value]);
  }
  const meta: HitMeta = { onHit, meta: res.locals.pageCacheMeta };
  return { headers, body, meta };
}

function sendStoredPage(ctx: Context, req: Request, res: Response, page: StoredPage): void {
  res.status(200);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  const coding = page.body.length >= MIN_COMPRESSED_BYTES ? preferredCoding(req.headers['accept-encoding']) : null;
  if (!coding) {
    // As it was sent uncached: the compression middleware adds its Vary as it did then.
    res.setHeader('Content-Length', page.body.length);
    res.end(page.body);
    return;
  }
  const body = ctx.pages.coded(page, coding);
  res.vary('Accept-Encoding');
  res.setHeader('Content-Encoding', coding);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/** A router answering each GET path with its page. */
export function pageRouter(ctx: Context, pages: Record<string, PublicPage>): Router {
  const router = express.Router();
  for (const [path, page] of Object.entries(pages)) router.get(path, (req, res) => page(ctx, req, res));
  return router;
}

/**
 * What a page about the `:slug` in its path shows, loaded by `load`; or, when
 * the slug is malformed or the domain has no such `what`, the 404 page sent
 * and undefined.
 */
export async function loadBySlug<T>(
  ctx: Context,
  req: Request,
  res: Response,
  what: string,
  load: (slug: string) => Promise<T>,
): Promise<T | undefined> {
  const slug = String(req.params.slug);
  if (isSlug(slug)) {
    try {
      return await load(slug);
    } catch (err) {
      if (!(err instanceof AppError && err.kind === 'not_found')) throw err;
    }
  }
  sendNotFound(ctx, req, res, what);
  return undefined;
}

/** The schema.org FAQPage of a page's questions and answers. */
export function faqPageLd(faqs: readonly { question: string; answer: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: f.answer },
    })),
  };
}

/** The launch feeds a page links in its head. */
export const LAUNCH_FEEDS = [
  { title: 'Launches (RSS)', href: '/feeds/launches.rss', type: 'application/rss+xml' as const },
  { title: 'Launches (Atom)', href: '/feeds/launches.atom', type: 'application/atom+xml' as const },
  { title: 'Launches (JSON Feed)', href: '/feeds/launches.json', type: 'application/feed+json' as const },
];

/** schema.org ItemList of listing pages, positions counting from `first`. */
export function itemListLd(name: string, items: ListingSummary[], first = 1): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((l, i) => ({
      '@type': 'ListItem',
      position: first + i,
      url: l.profile_url,
      name: l.name,
    })),
  };
}
