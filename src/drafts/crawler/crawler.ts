// Reads a product's website for its draft (ARCHITECTURE §5 "Crawler"): obeys
// robots.txt for LaunchboardBot, fetches only through the SSRF-safe fetcher
// (10 s and 2 MB per page), accepts HTML only, decodes the declared or sniffed
// charset, and reads at most 8 same-site pages: the homepage and the pages it
// links to that tell the most (pricing, about, features, FAQ, contact…).
// Pages are parsed in the html worker pool. Failures are CrawlErrors with a
// sentence a maker can act on, marked transient when a retry may help.
import robotsParserModule from 'robots-parser';
import PQueue from 'p-queue';
import type { Context } from '../../context.js';
import { evidenceText, type PageFacts } from './facts.js';
import { FetchError, type FetchResult, USER_AGENT_TOKEN } from '../../platform/fetcher.js';
import { sharedHtmlParser, type HtmlParser } from './html-worker-pool.js';
import { roleOfPath, sameSite } from '../drafter/site.js';

export type CrawlFailure =
  | 'robots'
  | 'not_html'
  | 'too_large'
  | 'blocked'
  | 'invalid_url'
  | 'http_error'
  | 'unreachable'
  | 'timeout'
  | 'unparseable';

export class CrawlError extends Error {
  constructor(
    readonly reason: CrawlFailure,
    /** A sentence for the maker: what happened and what to do. */
    message: string,
    /** A later attempt may succeed (timeouts, 5xx, unreachable). */
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'CrawlError';
  }
}

export interface CrawledPage {
  url: string;
  title: string | null;
  /** The evidence text the gate searches. */
  text: string;
  facts: PageFacts;
}

export interface CrawlResult {
  pages: CrawledPage[];
  /** Linked pages not read, and why (robots.txt, not HTML, errors). */
  skipped: { url: string; reason: string }[];
}

export interface CrawlOptions {
  /** Pages at most, the homepage included (default 8). */
  maxPages?: number;
  parser?: HtmlParser;
  /** Time for the whole crawl; pages not started by then are skipped (default 60 s). */
  budgetMs?: number;
  pageTimeoutMs?: number;
  maxBytes?: number;
  /** Whose crawl this is (e.g. `user:42`): the HTML parser serves owners in turn. */
  owner?: string;
}

export const MAX_PAGES = 8;
const PAGE_BYTES = 2 * 1024 * 1024;
const ROBOTS_BYTES = 512 * 1024;
const MAX_CRAWL_DELAY_S = 5;

/** http(s) URL of a maker's input ("example.com" → https://example.com/), or null. */
export function normalizeSiteUrl(input: string): URL | null {
  const raw = input.trim();
  if (!raw) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password)
      return null;
    url.hash = '';
    return url;
  } catch {
    return null;
  }
}

// --- Charset ---------------------------------------------------------------

function decoderFor(label: string | null | undefined): TextDecoder | null {
  if (!label) return null;
  const l = label
    .trim()
    .toLowerCase()
    .replace(/^["']|["']$/g, '');
  // HTML: a document declaring UTF-16 in a meta tag is read as UTF-8.
  if (l.startsWith('utf-16')) return new TextDecoder('utf-8');
  try {
    return new TextDecoder(l);
  } catch {
    return null;
  }
}

/** HTML bytes as text: BOM, then the Content-Type charset, then a meta charset, else UTF-8 (windows-1252 when not valid UTF-8). */
export function decodeHtml(body: Buffer, contentType: string): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf)
    return new TextDecoder('utf-8').decode(body.subarray(3));
  if (body[0] === 0xff && body[1] === 0xfe) return new TextDecoder('utf-16le').decode(body.subarray(2));
  if (body[0] === 0xfe && body[1] === 0xff) return new TextDecoder('utf-16be').decode(body.subarray(2));
  const header = /charset\s*=\s*("?)([^";,\s]+)\1/i.exec(contentType)?.[2];
  const head = body.subarray(0, 2048).toString('latin1');
  const meta = /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_.:-]+)/i.exec(head)?.[1];
  const declared = decoderFor(header) ?? decoderFor(meta);
  if (declared) return declared.decode(body);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

function isHtml(result: FetchResult): boolean {
  const type = result.contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return true;
  if (type) return false;
  return /^\s*(<!doctype html|<html)/i.test(result.body.subarray(0, 512).toString('latin1'));
}

// --- robots.txt ---------------------------------------------------------------

type Robots = {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getCrawlDelay(ua?: string): number | undefined;
};
// robots-parser is CommonJS (module.exports = function); its typings declare an ES default.
const robotsParser = robotsParserModule as unknown as (url: string, contents: string) => Robots;

/**
 * RFC 9309: 4xx → everything allowed; 5xx or unreachable → nothing, for now
 * (transient). A robots.txt longer than ROBOTS_BYTES is read up to its last
 * whole line within them (the RFC asks for at least 500 KiB): too big is
 * never "no rules".
 */
async function loadRobots(ctx: Context, origin: string): Promise<Robots | null> {
  const robotsUrl = `${origin}/robots.txt`;
  let result: FetchResult;
  try {
    result = await ctx.fetcher.get(robotsUrl, {
      maxBytes: ROBOTS_BYTES,
      truncate: true,
      accept: 'text/plain,*/*;q=0.5',
    });
  } catch (err) {
    throw fetchFailure(err, 'The site');
  }
  if (result.status >= 500 || result.status === 429) {
    throw new CrawlError(
      'robots',
      `The site's robots.txt could not be read (HTTP ${result.status}), so nothing was fetched; it will be tried again.`,
      true,
    );
  }
  if (result.status >= 400) return null;
  let text = result.body.toString('utf8');
  if (result.truncated) text = text.slice(0, text.lastIndexOf('\n') + 1);
  return robotsParser(robotsUrl, text);
}

function fetchFailure(err: unknown, what: string): CrawlError {
  if (err instanceof CrawlError) return err;
  if (!(err instanceof FetchError)) return new CrawlError('unreachable', `${what} could not be read.`, true);
  switch (err.reason) {
    case 'blocked':
      return new CrawlError('blocked', 'The address is private or reserved; only public websites can be read.', false);
    case 'invalid_url':
      return new CrawlError('invalid_url', 'The URL cannot be fetched; give a public http(s) address.', false);
    case 'too_large':
      return new CrawlError('too_large', `${what} is larger than 2 MB.`, false);
    case 'too_many_redirects':
      return new CrawlError('http_error', `${what} redirects too many times.`, false);
    case 'disallowed':
      return new CrawlError(
        'robots',
        `${what} redirects to a page robots.txt does not allow LaunchboardBot to read.`,
        false,
      );
    case 'timeout':
      return new CrawlError('timeout', `${what} did not answer within 10 seconds.`, true);
    default:
      return new CrawlError('unreachable', `${what} could not be reached.`, true);
  }
}

function checkStatus(result: FetchResult, what: string): void {
  if (result.status < 400) return;
  const transient = result.status >= 500 || result.status === 429 || result.status === 408;
  throw new CrawlError('http_error', `${what} answered HTTP ${result.status}.`, transient);
}

// --- Choosing pages ----------------------------------------------------------------

const ROLE_ORDER = ['pricing', 'about', 'features', 'faq', 'contact'] as const;
const SKIP_PATH =
  /\.(pdf|jpe?g|png|gif|svg|webp|ico|zip|gz|dmg|exe|mp4|mov|mp3|css|js|json|xml|rss|txt)$|\/(login|log-in|signin|sign-in|signup|sign-up|register|cart|checkout|account|logout|wp-admin|wp-login)(\/|$)/i;

function pageKey(url: URL): string {
  return `${url.hostname.replace(/^www\./, '')}${url.pathname.replace(/\/+$/, '') || '/'}`;
}

/** Up to `limit` linked pages worth reading: one per role first (pricing, about, features, FAQ, contact), then more of them. */
export function choosePages(home: string, links: { href: string; text: string }[], limit: number): string[] {
  const seen = new Set([pageKey(new URL(home))]);
  const candidates: { url: string; role: number; depth: number }[] = [];
  for (const link of links) {
    let url: URL;
    try {
      url = new URL(link.href);
    } catch {
      continue;
    }
    if (!sameSite(url.href, home) || SKIP_PATH.test(url.pathname)) continue;
    url.search = '';
    url.hash = '';
    const key = pageKey(url);
    if (seen.has(key)) continue;
    const role = roleOfPath(url.pathname);
    const byText = role === 'other' ? roleOfPath(`/${link.text.toLowerCase().replace(/\s+/g, '-')}`) : role;
    if (byText === 'other') continue;
    seen.add(key);
    candidates.push({
      url: url.href,
      role: ROLE_ORDER.indexOf(byText),
      depth: url.pathname.split('/').filter(Boolean).length,
    });
  }
  candidates.sort((a, b) => a.role - b.role || a.depth - b.depth);
  const firsts = ROLE_ORDER.map((_, role) => candidates.find((c) => c.role === role)).filter((c) => c !== undefined);
  const rest = candidates.filter((c) => !firsts.includes(c));
  return [...firsts, ...rest].slice(0, limit).map((c) => c.url);
}

// --- The crawl ------------------------------------------------------------------

export async function crawlSite(ctx: Context, siteUrl: string, opts: CrawlOptions = {}): Promise<CrawlResult> {
  const start = normalizeSiteUrl(siteUrl);
  if (!start) throw new CrawlError('invalid_url', 'The URL cannot be fetched; give a public http(s) address.', false);
  const parser = opts.parser ?? sharedHtmlParser();
  const maxPages = Math.max(1, Math.min(opts.maxPages ?? MAX_PAGES, MAX_PAGES));
  const deadline = Date.now() + (opts.budgetMs ?? 60_000);
  const robotsByOrigin = new Map<string, Robots | null>();
  const allowed = async (url: string) => {
    const origin = new URL(url).origin;
    if (!robotsByOrigin.has(origin)) robotsByOrigin.set(origin, await loadRobots(ctx, origin));
    return robotsByOrigin.get(origin)?.isAllowed(url, USER_AGENT_TOKEN) !== false;
  };
  // Every redirect hop is checked against its own origin's robots.txt (read
  // first when it is another origin) before it is requested.
  const fetchOpts = {
    maxBytes: opts.maxBytes ?? PAGE_BYTES,
    timeoutMs: opts.pageTimeoutMs ?? 10_000,
    allowHop: allowed,
  };

  const read = async (url: string, what: string): Promise<CrawledPage> => {
    let result: FetchResult;
    try {
      result = await ctx.fetcher.get(url, fetchOpts);
    } catch (err) {
      throw fetchFailure(err, what);
    }
    checkStatus(result, what);
    if (!isHtml(result))
      throw new CrawlError(
        'not_html',
        `${what} is not an HTML page (${result.contentType.split(';')[0] || 'no content type'}).`,
        false,
      );
    let facts: PageFacts;
    try {
      facts = await parser.parse(decodeHtml(result.body, result.contentType), result.url, opts.owner);
    } catch (err) {
      throw new CrawlError(
        'unparseable',
        `${what} could not be read (${err instanceof Error ? err.message : 'parse error'}).`,
        false,
      );
    }
    return { url: result.url, title: facts.title, text: evidenceText(facts), facts };
  };

  if (!(await allowed(start.href))) {
    throw new CrawlError(
      'robots',
      `The site's robots.txt does not allow ${USER_AGENT_TOKEN} to read ${start.pathname === '/' ? 'the homepage' : start.pathname}, so nothing was fetched.`,
      false,
    );
  }
  const home = await read(start.href, 'The homepage');
  const pages: CrawledPage[] = [home];
  const skipped: CrawlResult['skipped'] = [];

  const delay = Math.min(
    robotsByOrigin.get(new URL(home.url).origin)?.getCrawlDelay(USER_AGENT_TOKEN) ?? 0,
    MAX_CRAWL_DELAY_S,
  );
  const queue = new PQueue(delay > 0 ? { concurrency: 1, interval: delay * 1000, intervalCap: 1 } : { concurrency: 2 });
  const chosen = choosePages(home.url, home.facts.links, maxPages - 1);
  const found: (CrawledPage | null)[] = await Promise.all(
    chosen.map((url) =>
      queue.add(
        async () => {
          if (Date.now() > deadline) {
            skipped.push({ url, reason: 'the crawl ran out of time' });
            return null;
          }
          try {
            if (!(await allowed(url))) {
              skipped.push({ url, reason: 'robots.txt disallows it' });
              return null;
            }
            const page = await read(url, 'The page');
            if (!sameSite(page.url, home.url) || pages.some((p) => p.url === page.url)) return null;
            return page;
          } catch (err) {
            skipped.push({ url, reason: err instanceof CrawlError ? err.message : 'could not be read' });
            return null;
          }
        },
        { throwOnTimeout: true },
      ),
    ),
  );
  for (const page of found) if (page && !pages.some((p) => p.url === page.url)) pages.push(page);
  return { pages, skipped };
}
