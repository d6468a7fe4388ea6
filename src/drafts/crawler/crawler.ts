// Reads a product's website for its draft (ARCHITECTURE §5 "Crawler"): obeys
// robots.txt for LaunchboardBot, fetches only through the SSRF-safe fetcher
// (10 s and 2 MB per page), accepts HTML only, decodes the declared or sniffed
// charset, and reads at most 8 same-site pages: the homepage, then the pages
// its nav, footer and body link to, most likely to hold profile facts first
// (choose.ts), filling the budget from the next ones when some cannot be read.
// Pages are parsed in the html worker pool. Failures are CrawlErrors with a
// sentence a maker can act on, marked transient when a retry may help.
import PQueue from 'p-queue';
import type { UnreadPage } from '../unsettled.js';
import type { Context } from '../../context.js';
import { evidenceText, type PageFacts } from './facts.js';
import { FetchError, type FetchOptions, type FetchResult, USER_AGENT_TOKEN } from '../../platform/fetcher.js';
import { ROBOTS_REQUEST, type Robots, robotsRules, robotsUrl } from '../../platform/robots.js';
import { sharedHtmlParser, type HtmlParser } from './html-worker-pool.js';
import { sameSite } from '../drafter/site.js';
import { type Candidate, candidatesFrom, pageKey, rankCandidates } from './choose.js';

export { choosePages } from './choose.js';

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
  /** Same-site pages robots.txt allows that were linked but not read (the page budget ran out, they failed): what they may say is unknown. */
  unread: UnreadPage[];
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
const MAX_CRAWL_DELAY_S = 5;
/** Fetches beyond the page budget, to stand in for linked pages that could not be read. */
const EXTRA_FETCHES = 4;

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

/** The site's rules (platform/robots.ts); 5xx or unreachable: nothing, for now (transient). */
async function loadRobots(ctx: Context, origin: string, timeoutMs?: number): Promise<Robots | null> {
  const url = robotsUrl(origin);
  const result = await getOnceMoreIfSlow(ctx, url, { ...ROBOTS_REQUEST, timeoutMs }, 'The site');
  const rules = robotsRules(url, result);
  if (rules === 'unavailable') {
    throw new CrawlError(
      'robots',
      `The site's robots.txt could not be read (HTTP ${result.status}), so nothing was fetched; it will be tried again.`,
      true,
    );
  }
  return rules;
}

const seconds = (ms: number) => String(Math.round(ms / 100) / 10);

/**
 * The first requests of a crawl (robots.txt, the page given): a slow answer is
 * asked for once more at once, and a second one fails the crawl for good (the
 * maker can regenerate later) rather than waiting minutes on job retries.
 */
async function getOnceMoreIfSlow(ctx: Context, url: string, opts: FetchOptions, what: string): Promise<FetchResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.fetcher.get(url, opts);
    } catch (err) {
      if (!(err instanceof FetchError && err.reason === 'timeout')) throw fetchFailure(err, what);
      if (attempt >= 2)
        throw new CrawlError(
          'timeout',
          `${what} did not answer within ${seconds(opts.timeoutMs ?? 10_000)} seconds, twice in a row; try again later.`,
          false,
        );
    }
  }
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
    case 'refused':
    case 'no_such_host':
    case 'no_connection':
      // Nothing to wait for: a typo or a server that is down is fixed by the maker, then regenerate retries.
      return new CrawlError('unreachable', `${what} could not be reached: ${err.message}. Check the address.`, false);
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
    if (!robotsByOrigin.has(origin)) robotsByOrigin.set(origin, await loadRobots(ctx, origin, opts.pageTimeoutMs));
    return robotsByOrigin.get(origin)?.isAllowed(url, USER_AGENT_TOKEN) !== false;
  };
  // Every redirect hop is checked against its own origin's robots.txt (read
  // first when it is another origin) before it is requested.
  const fetchOpts = {
    maxBytes: opts.maxBytes ?? PAGE_BYTES,
    timeoutMs: opts.pageTimeoutMs ?? 10_000,
    allowHop: allowed,
  };

  const read = async (url: string, what: string, first = false): Promise<CrawledPage> => {
    let result: FetchResult;
    if (first) result = await getOnceMoreIfSlow(ctx, url, fetchOpts, what);
    else {
      try {
        result = await ctx.fetcher.get(url, fetchOpts);
      } catch (err) {
        throw fetchFailure(err, what);
      }
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

  /**
   * A homepage that only sends visitors on (<meta http-equiv="refresh" content="0; url=/en/">, a language
   * redirect): the page it names on the same site is the homepage, if robots.txt lets us read it.
   */
  const followRefresh = async (page: CrawledPage): Promise<CrawledPage> => {
    const m = /^\s*(\d+)\s*[;,]\s*url\s*=\s*['"]?([^'"]+)['"]?\s*$/i.exec(page.facts.meta.refresh ?? '');
    if (!m || Number(m[1]) > 10 || page.facts.blocks.join(' ').length > 500) return page;
    let target: URL;
    try {
      target = new URL(m[2]!, page.url);
    } catch {
      return page;
    }
    if (
      !/^https?:$/.test(target.protocol) ||
      !sameSite(target.href, page.url) ||
      pageKey(target.href) === pageKey(page.url)
    )
      return page;
    if (!(await allowed(target.href))) return page;
    try {
      return await read(target.href, given, true);
    } catch {
      return page;
    }
  };

  if (!(await allowed(start.href))) {
    throw new CrawlError(
      'robots',
      `The site's robots.txt does not allow ${USER_AGENT_TOKEN} to read ${start.pathname === '/' ? 'the homepage' : start.pathname}, so nothing was fetched.`,
      false,
    );
  }
  // A deep link is named as given: "the homepage answered 404" would send the maker looking in the wrong place.
  const given = start.pathname === '/' && !start.search ? 'The homepage' : `The page ${start.href}`;
  const home = await followRefresh(await read(start.href, given, true));
  const pages: CrawledPage[] = [home];
  const skipped: CrawlResult['skipped'] = [];

  const delay = Math.min(
    robotsByOrigin.get(new URL(home.url).origin)?.getCrawlDelay(USER_AGENT_TOKEN) ?? 0,
    MAX_CRAWL_DELAY_S,
  );
  const queue = new PQueue(delay > 0 ? { concurrency: 1, interval: delay * 1000, intervalCap: 1 } : { concurrency: 2 });

  // Fill the budget best page first: read as many candidates as pages are
  // still wanted, then, if some could not be read (robots.txt, 404, a
  // redirect to a page already read), the next ones, and the links of the
  // pages just read join the pool. Fetches are capped too, so a site of broken
  // links cannot keep the crawl going.
  const seen = new Set([pageKey(start), pageKey(home.url)]);
  let pool = rankCandidates(candidatesFrom(home.url, home.facts.links, seen));
  let fetches = 0;
  const maxFetches = maxPages - 1 + EXTRA_FETCHES;
  type Skip = CrawlResult['skipped'][number] & { kind: Candidate['kind']; disallowed?: true };
  const readOne = async ({ url, kind }: Candidate): Promise<CrawledPage | Skip> => {
    if (Date.now() > deadline) return { url, kind, reason: 'the crawl ran out of time' };
    try {
      if (!(await allowed(url))) return { url, kind, reason: 'robots.txt disallows it', disallowed: true };
      fetches++;
      return await read(url, 'The page');
    } catch (err) {
      return { url, kind, reason: err instanceof CrawlError ? err.message : 'could not be read' };
    }
  };
  const unread: UnreadPage[] = [];
  while (pages.length < maxPages && pool.length > 0 && fetches < maxFetches && Date.now() <= deadline) {
    const wave = pool.slice(0, Math.min(maxPages - pages.length, maxFetches - fetches));
    pool = pool.slice(wave.length);
    const found = await Promise.all(wave.map((c) => queue.add(() => readOne(c), { throwOnTimeout: true })));
    const more: Candidate[] = [];
    // In rank order, whichever answered first.
    for (const page of found) {
      if ('reason' in page) {
        skipped.push({ url: page.url, reason: page.reason });
        if (!page.disallowed) unread.push({ url: page.url, kind: page.kind });
        continue;
      }
      if (pages.length >= maxPages || !sameSite(page.url, home.url)) continue;
      const key = pageKey(page.url);
      if (pages.some((p) => pageKey(p.url) === key)) continue;
      seen.add(key);
      pages.push(page);
      more.push(...candidatesFrom(home.url, page.facts.links, seen, 1, more.length));
    }
    if (more.length > 0) pool = rankCandidates([...pool, ...more]);
  }
  // What the budget left: pages robots.txt lets us read (robots.txt is cached per origin by now).
  for (const c of pool)
    if (sameSite(c.url, home.url) && (await allowed(c.url))) unread.push({ url: c.url, kind: c.kind });
  return { pages, skipped, unread };
}
