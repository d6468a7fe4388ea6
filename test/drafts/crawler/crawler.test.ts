// The crawler: robots.txt, page choice, HTML only, charsets, limits, the
// SSRF guard in production mode, and parsing in worker threads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choosePages, CrawlError, crawlSite, decodeHtml } from '../../../src/drafts/crawler/crawler.js';
import { extractPage } from '../../../src/drafts/crawler/page.js';
import { createFetcher, FetchError } from '../../../src/platform/fetcher.js';
import {
  createHtmlWorkerPool,
  HtmlParseError,
  inlineHtmlParser,
} from '../../../src/drafts/crawler/html-worker-pool.js';
import { testContext, type TestContext } from '../../helpers/context.js';
import { serveSite, type FixtureSite } from '../../fixtures/sites/serve.js';

let ctx: TestContext;
let production: TestContext;
const sites: FixtureSite[] = [];
const site = async (...args: Parameters<typeof serveSite>) => {
  const s = await serveSite(...args);
  sites.push(s);
  return s;
};
beforeAll(async () => {
  ctx = await testContext({ allowPrivateFetch: true });
  production = await testContext({ allowPrivateFetch: false });
});
afterAll(async () => {
  await Promise.all(sites.map((s) => s.close()));
  await ctx?.close();
  await production?.close();
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'crawled',
    (e) => (e instanceof CrawlError ? { reason: e.reason, transient: e.transient, message: e.message } : `other: ${e}`),
  );

describe('crawling a site', () => {
  it('reads the homepage and the pages that tell most, never more than 8, skipping what robots.txt disallows', async () => {
    const rich = await site('rich');
    const result = await crawlSite(ctx, rich.url);
    expect(result.pages.map((p) => new URL(p.url).pathname)).toEqual([
      '/',
      '/pricing',
      '/about',
      '/features',
      '/faq',
      '/contact',
    ]);
    expect(result.pages.length).toBeLessThanOrEqual(8);
    // robots.txt disallows /private/: the linked plans and admin pages were never requested.
    expect(result.skipped).toEqual([
      { url: `${rich.url}private/plans`, reason: 'robots.txt disallows it' },
      { url: `${rich.url}private/admin`, reason: 'robots.txt disallows it' },
      { url: `${rich.url}blog/launch-week`, reason: 'The page answered HTTP 404.' },
    ]);
    expect(rich.requests).not.toContain('/private/plans');
    // Log-in pages and other sites are not read; the blog is tried last, with budget to spare.
    expect(rich.requests.sort()).toEqual([
      '/',
      '/about',
      '/blog/launch-week',
      '/contact',
      '/faq',
      '/features',
      '/pricing',
      '/robots.txt',
    ]);
  });

  it('fills the page budget from the nav and footer, best pages first, whatever the links are called', async () => {
    // Lumen's facts sit behind "Plans" (/cloud), "Team" (/people) and "Imprint" (/legal/notice);
    // "Commercial support" (/services) has a price, and the team page links to "our story".
    const lumen = await site('lumen');
    const result = await crawlSite(ctx, lumen.url);
    expect(result.pages.map((p) => new URL(p.url).pathname)).toEqual([
      '/',
      '/cloud',
      '/people',
      '/product',
      '/services',
      '/legal/notice',
      // Read in place of the two pages below that could not be read: found on the team page, then a policy.
      '/our-story',
      '/privacy',
    ]);
    expect(result.skipped).toEqual([
      { url: `${lumen.url}docs/`, reason: 'robots.txt disallows it' },
      { url: `${lumen.url}customers/acme`, reason: 'The page answered HTTP 404.' },
    ]);
    // Each page once, however it is linked (/cloud, /cloud?ref=hero, /cloud/#compare); nothing disallowed,
    // no log-in page, feed or other site; the blog and changelog come last and the budget ran out before them.
    const paths = lumen.requests.filter((r) => r !== '/robots.txt');
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(9);
    for (const never of ['/docs/', '/login', '/feed.xml', '/blog/', '/changelog']) expect(paths).not.toContain(never);
  });

  it('follows a homepage that only sends visitors on by meta refresh, on the same site, and never off it', async () => {
    const refresh = (to: string) => () =>
      `<!doctype html><html><head><meta http-equiv="refresh" content="0; url=${to}"><title>Redirecting</title></head><body><p>Redirecting…</p></body></html>`;
    const respond = (html: () => string) => (_req: unknown, res: import('node:http').ServerResponse) =>
      void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html());
    const lumen = await site('lumen', { routes: { '/': respond(refresh('/people')) } });
    const result = await crawlSite(ctx, lumen.url, { maxPages: 1 });
    expect(new URL(result.pages[0]!.url).pathname).toBe('/people');
    const away = await site('lumen', { routes: { '/': respond(refresh('https://elsewhere.example/')) } });
    const stayed = await crawlSite(ctx, away.url, { maxPages: 1 });
    expect(new URL(stayed.pages[0]!.url).pathname).toBe('/');
  });

  it('never reads more pages than asked for', async () => {
    const lumen = await site('lumen');
    const result = await crawlSite(ctx, lumen.url, { maxPages: 3 });
    expect(result.pages.map((p) => new URL(p.url).pathname)).toEqual(['/', '/cloud', '/people']);
    expect(lumen.requests.filter((r) => r !== '/robots.txt')).toEqual(['/', '/cloud', '/people']);
    // What the budget left is reported with the kind of page its link promised, never fetched.
    expect(result.unread.length).toBeGreaterThan(0);
    for (const page of result.unread) {
      expect(result.pages.map((p) => p.url)).not.toContain(page.url);
      expect(lumen.requests).not.toContain(new URL(page.url).pathname);
    }
    const all = await crawlSite(ctx, lumen.url);
    expect(all.unread.map((p) => p.url)).not.toContain(result.pages[1]!.url);
  });

  it('gathers evidence per page: readable text, meta, JSON-LD, headings, links, mail, embeds, icons', async () => {
    const rich = await site('rich');
    const [home] = (await crawlSite(ctx, rich.url, { maxPages: 1 })).pages;
    expect(home!.facts.meta.description).toMatch(/^Tallyho sends your invoices/);
    expect(home!.facts.jsonLd[0]).toMatchObject({ '@type': 'Organization', name: 'Tallyho' });
    expect(home!.facts.headings[0]).toEqual({ level: 1, text: 'Invoices that chase themselves' });
    expect(home!.facts.readable.join(' ')).toContain('Tallyho is an invoicing tool for freelancers');
    expect(home!.facts.links).toContainEqual({ href: 'https://github.com/tallyho', text: 'GitHub', area: 'footer' });
    expect(home!.facts.links).toContainEqual({ href: `${rich.url}pricing`, text: 'Pricing', area: 'nav' });
    expect(home!.facts.mailtos).toEqual(['hello@tallyho.example']);
    expect(home!.facts.videos).toEqual(['https://www.youtube.com/embed/tallyhoDemo1']);
    expect(home!.facts.icons.map((i) => i.rel)).toEqual(['logo', 'icon', 'apple-touch-icon']);
    // Scripts and styles are not evidence.
    expect(home!.text).not.toContain('window.analytics');
    expect(home!.text).not.toContain('font-family');
  });

  it('fails without fetching the page when robots.txt disallows LaunchboardBot', async () => {
    const blocked = await site('blocked');
    expect(await failure(crawlSite(ctx, blocked.url))).toMatchObject({
      reason: 'robots',
      transient: false,
      message: expect.stringContaining('robots.txt does not allow LaunchboardBot'),
    });
    expect(blocked.requests).toEqual(['/robots.txt']);
  });

  it('retries later when robots.txt answers a server error, and reads everything when it is missing', async () => {
    const flaky = await site('sparse', { routes: { '/robots.txt': (_q, res) => void res.writeHead(503).end() } });
    expect(await failure(crawlSite(ctx, flaky.url))).toMatchObject({ reason: 'robots', transient: true });
    expect(flaky.requests).toEqual(['/robots.txt']);
    const sparse = await site('sparse');
    expect((await crawlSite(ctx, sparse.url)).pages).toHaveLength(1);
  });

  it('accepts HTML only, and tells permanent failures from passing ones', async () => {
    const odd = await site('sparse', {
      routes: {
        '/doc': (_q, res) => void res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4'),
        '/gone': (_q, res) => void res.writeHead(404, { 'content-type': 'text/html' }).end('nope'),
        '/busy': (_q, res) => void res.writeHead(503, { 'content-type': 'text/html' }).end('later'),
      },
    });
    expect(await failure(crawlSite(ctx, `${odd.url}doc`))).toMatchObject({
      reason: 'not_html',
      transient: false,
      message: expect.stringContaining('application/pdf'),
    });
    // A deep link is named as given, not called the homepage.
    expect(await failure(crawlSite(ctx, `${odd.url}gone`))).toMatchObject({
      reason: 'http_error',
      transient: false,
      message: `The page ${odd.url}gone answered HTTP 404.`,
    });
    expect(await failure(crawlSite(ctx, `${odd.url}busy`))).toMatchObject({ reason: 'http_error', transient: true });
  });

  it('fails at once, for good, with the address, when nothing listens there', async () => {
    const closed = await site('sparse');
    const url = closed.url;
    await closed.close();
    const started = Date.now();
    expect(await failure(crawlSite(ctx, url))).toEqual({
      reason: 'unreachable',
      transient: false,
      message: `The site could not be reached: nothing accepts connections at ${new URL(url).host} (connection refused). Check the address.`,
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('fails for good when a host accepts no connection or has no address, without retries', async () => {
    for (const [reason, message] of [
      ['no_connection', '192.0.2.1 did not accept a connection within 5 seconds'],
      ['no_such_host', 'the domain shop.invalid does not exist (DNS found no address)'],
    ] as const) {
      let calls = 0;
      const dead = {
        ...ctx,
        fetcher: {
          ...ctx.fetcher,
          get: async () => {
            calls++;
            throw new FetchError(reason, message);
          },
        },
      };
      expect(await failure(crawlSite(dead, 'https://shop.invalid/'))).toEqual({
        reason: 'unreachable',
        transient: false,
        message: `The site could not be reached: ${message}. Check the address.`,
      });
      expect(calls).toBe(1);
    }
  });

  it('asks a slow site once more at once, then fails for good naming the page given', async () => {
    const slow = await site('sparse', { hold: ['/pricing'] });
    const started = Date.now();
    expect(await failure(crawlSite(ctx, `${slow.url}pricing`, { pageTimeoutMs: 300 }))).toEqual({
      reason: 'timeout',
      transient: false,
      message: `The page ${slow.url}pricing did not answer within 0.3 seconds, twice in a row; try again later.`,
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(slow.requests).toEqual(['/robots.txt', '/pricing', '/pricing']);
  });

  it('refuses a homepage larger than the size limit', async () => {
    const big = await site('sparse', {
      routes: {
        '/big': (_q, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${'x'.repeat(5000)}</p>`),
      },
    });
    expect(await failure(crawlSite(ctx, `${big.url}big`, { maxBytes: 1000 }))).toMatchObject({
      reason: 'too_large',
      transient: false,
    });
  });

  it('decodes the declared charset, in the header or a meta tag', async () => {
    const latin1 = Buffer.from(
      '<html><head><meta charset="windows-1252"><title>Café Zürich</title></head><body><p>Crème brûlée for 5 €</p></body></html>',
      'latin1',
    );
    const charsets = await site('sparse', {
      routes: {
        '/meta': (_q, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(latin1),
        '/header': (_q, res) =>
          void res
            .writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' })
            .end(Buffer.from('<title>Café</title>', 'latin1')),
      },
    });
    const [meta] = (await crawlSite(ctx, `${charsets.url}meta`, { maxPages: 1 })).pages;
    expect(meta!.title).toBe('Café Zürich');
    const [header] = (await crawlSite(ctx, `${charsets.url}header`, { maxPages: 1 })).pages;
    expect(header!.title).toBe('Café');
  });
});

describe('robots.txt on every hop', () => {
  const page = (body: string) => (_req: unknown, res: import('node:http').ServerResponse) =>
    void res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html><body>${body}</body></html>`);
  const text = (body: string) => (_req: unknown, res: import('node:http').ServerResponse) =>
    void res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
  const redirect = (to: string) => (_req: unknown, res: import('node:http').ServerResponse) =>
    void res.writeHead(302, { location: to }).end();

  it('reads the rules in the first 512 KiB of a robots.txt that is larger, never treating it as allow-all', async () => {
    const big = await site('sparse', {
      routes: { '/robots.txt': text(`User-agent: *\nDisallow: /\n${'# padding padding padding\n'.repeat(24_000)}`) },
    });
    expect(await failure(crawlSite(ctx, big.url))).toMatchObject({ reason: 'robots', transient: false });
    expect(big.requests).toEqual(['/robots.txt']);
  });

  it('does not follow a redirect into a path robots.txt disallows', async () => {
    const tricky = await site('sparse', {
      routes: {
        '/robots.txt': text('User-agent: *\nDisallow: /secret\n'),
        '/': page('<h1>Tricky</h1><a href="/pricing">Pricing</a>'),
        '/pricing': redirect('/secret/pricing'),
        '/secret/pricing': page('<h1>Secret prices</h1>'),
      },
    });
    const result = await crawlSite(ctx, tricky.url);
    expect(result.pages.map((p) => new URL(p.url).pathname)).toEqual(['/']);
    expect(result.skipped).toEqual([
      { url: `${tricky.url}pricing`, reason: expect.stringMatching(/robots\.txt does not allow/) },
    ]);
    expect(tricky.requests).not.toContain('/secret/pricing');
  });

  it('reads the robots.txt of another origin before requesting a redirect target there', async () => {
    const other = await site('sparse', { routes: { '/robots.txt': text('User-agent: *\nDisallow: /\n') } });
    const first = await site('sparse', { routes: { '/': redirect(`${other.url}landing`) } });
    expect(await failure(crawlSite(ctx, first.url))).toMatchObject({ reason: 'robots' });
    expect(other.requests).toEqual(['/robots.txt']);
  });
});

describe('decodeHtml', () => {
  it('prefers a byte order mark, then the header, then a meta tag, then UTF-8 with a windows-1252 fallback', () => {
    expect(decodeHtml(Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('<p>ok</p>')]), 'text/html; charset=latin1')).toBe(
      '<p>ok</p>',
    );
    expect(decodeHtml(Buffer.from('<p>Grüße</p>', 'utf8'), 'text/html')).toBe('<p>Grüße</p>');
    expect(decodeHtml(Buffer.from('<p>Grüße</p>', 'latin1'), 'text/html')).toBe('<p>Grüße</p>');
    expect(decodeHtml(Buffer.from('<meta charset="utf-16"><p>Grüße</p>', 'utf8'), 'text/html')).toBe(
      '<meta charset="utf-16"><p>Grüße</p>',
    );
    expect(decodeHtml(Buffer.from('<p>x</p>'), 'text/html; charset=no-such-charset')).toBe('<p>x</p>');
  });
});

describe('choosing pages', () => {
  it('takes one page per role first, same site only, at most the limit', () => {
    const links = [
      ...Array.from({ length: 12 }, (_, i) => ({ href: `https://acme.example/features/${i}`, text: `Feature ${i}` })),
      { href: 'https://www.acme.example/pricing?ref=nav#top', text: 'Pricing' },
      { href: 'https://acme.example/company', text: 'Company' },
      { href: 'https://acme.example/help', text: 'Help' },
      { href: 'https://acme.example/signup', text: 'Sign up' },
      { href: 'https://acme.example/docs/brochure.pdf', text: 'Brochure' },
      { href: 'https://other.example/pricing', text: 'Pricing elsewhere' },
      { href: 'https://acme.example/get-in-touch', text: 'Contact' },
    ];
    const chosen = choosePages('https://acme.example/', links, 7);
    expect(chosen).toHaveLength(7);
    expect(chosen.slice(0, 5)).toEqual([
      'https://www.acme.example/pricing',
      'https://acme.example/company',
      'https://acme.example/features/0',
      'https://acme.example/help',
      'https://acme.example/get-in-touch',
    ]);
    expect(chosen.every((u) => /acme\.example/.test(u) && !/signup|pdf|other/.test(u))).toBe(true);
  });

  it('ranks pages by the facts they likely hold, by link text or path, nav and footer before body, the blog last', () => {
    const links = [
      { href: 'https://acme.example/blog/new-pricing', text: 'Our new pricing', area: 'body' as const },
      { href: 'https://acme.example/changelog', text: 'Changelog', area: 'nav' as const },
      { href: 'https://acme.example/docs', text: 'Docs', area: 'nav' as const },
      { href: 'https://acme.example/terms', text: 'Terms', area: 'footer' as const },
      { href: 'https://acme.example/x1', text: 'Paid hosting', area: 'nav' as const },
      { href: 'https://acme.example/x2', text: 'Store', area: 'body' as const },
      { href: 'https://acme.example/x3', text: 'SaaS', area: 'footer' as const },
      { href: 'https://acme.example/commercial-support', text: 'Services', area: 'footer' as const },
      { href: 'https://acme.example/ueber-uns', text: 'Über uns', area: 'footer' as const },
      { href: 'https://acme.example/y1', text: 'Legal', area: 'footer' as const },
      { href: 'https://acme.example/y2', text: 'Team', area: 'body' as const },
      { href: 'https://acme.example/impressum', text: 'Impressum', area: 'nav' as const },
      { href: 'https://acme.example/index.html', text: 'Home', area: 'nav' as const },
      { href: 'https://acme.example/X1/', text: 'Hosting', area: 'body' as const },
    ];
    expect(choosePages('https://acme.example/', links, 20).map((u) => new URL(u).pathname)).toEqual([
      '/x1', // pricing, nav
      '/ueber-uns', // about, footer (then the other about pages below, nav and footer before body)
      '/x3',
      '/commercial-support',
      '/x2',
      '/y1',
      '/impressum',
      '/y2',
      '/docs', // anything else: "Hosting" alone may be self-hosting docs
      '/X1/',
      '/terms',
      '/changelog',
      '/blog/new-pricing',
    ]);
    // /index.html is the homepage, already read.
  });
});

describe('the SSRF guard in production mode', () => {
  it.each([
    'http://127.0.0.1:9/',
    'http://localhost:9/',
    'http://10.0.0.7/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]:9/',
    'http://0.0.0.0/',
  ])('refuses %s before anything is fetched', async (url) => {
    expect(await failure(crawlSite(production, url))).toMatchObject({
      reason: 'blocked',
      transient: false,
      message: 'The address is private or reserved; only public websites can be read.',
    });
  });

  it('refuses a redirect from a public-looking host to a private address', async () => {
    const hop = await site('sparse', {
      routes: {
        '/': (_q, res) => void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
        '/to-ten': (_q, res) => void res.writeHead(301, { location: 'http://10.1.2.3/' }).end(),
      },
    });
    // Only the fixture's own address passes (it plays the public host); every hop is checked again.
    const guarded = { ...production, fetcher: createFetcher(production.config, { allowAddresses: ['127.0.0.1'] }) };
    expect(await failure(crawlSite(guarded, hop.url))).toMatchObject({ reason: 'blocked' });
    expect(await failure(crawlSite(guarded, `${hop.url}to-ten`))).toMatchObject({ reason: 'blocked' });
    expect(hop.requests).toEqual(['/robots.txt', '/', '/robots.txt', '/to-ten']);
  });

  it('refuses non-http URLs', async () => {
    expect(await failure(crawlSite(ctx, 'ftp://example.com/'))).toMatchObject({ reason: 'invalid_url' });
    expect(await failure(crawlSite(ctx, 'javascript:alert(1)'))).toMatchObject({ reason: 'invalid_url' });
  });
});

describe('parsing pages in worker threads', () => {
  const html =
    '<html><head><title>T</title><meta name="description" content="D"></head><body><h1>Hello</h1><p>World of workers.</p></body></html>';

  it('gives the same facts as parsing on the calling thread', async () => {
    const pool = createHtmlWorkerPool({ size: 1 });
    const inline = inlineHtmlParser();
    try {
      expect(await pool.parse(html, 'https://a.example/')).toEqual(await inline.parse(html, 'https://a.example/'));
      expect(extractPage(html, 'https://a.example/').blocks).toEqual(['Hello', 'World of workers.']);
    } finally {
      await pool.close();
    }
  });

  it('kills a worker that takes too long and keeps serving with a fresh one', async () => {
    const pool = createHtmlWorkerPool({ size: 1, taskTimeoutMs: 1 });
    try {
      await expect(pool.parse(html, 'https://a.example/')).rejects.toThrow(HtmlParseError);
    } finally {
      await pool.close();
    }
    const healthy = createHtmlWorkerPool({ size: 1 });
    try {
      const results = await Promise.all(
        [1, 2, 3].map((i) => healthy.parse(html.replace('Hello', `Hello ${i}`), 'https://a.example/')),
      );
      expect(results.map((r) => r.headings[0]!.text)).toEqual(['Hello 1', 'Hello 2', 'Hello 3']);
    } finally {
      await healthy.close();
    }
  });

  it("takes waiting pages one owner at a time, so one maker's many pages do not hold back another's", async () => {
    const pool = createHtmlWorkerPool({ size: 1 });
    const done: string[] = [];
    const page = (owner: string, n: number) =>
      pool
        .parse(html.replace('Hello', `${owner}${n}`), 'https://a.example/', owner)
        .then(() => done.push(`${owner}${n}`));
    try {
      await Promise.all([page('a', 1), page('a', 2), page('a', 3), page('a', 4), page('b', 1)]);
      // a1 was already parsing; then a and b take turns.
      expect(done).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
    } finally {
      await pool.close();
    }
  });

  it('reads a page of thousands of bare links without running Readability over it, links capped', () => {
    const links = Array.from(
      { length: 5000 },
      (_, i) => `<a href="/pricing-${i}">Pricing ${i}</a><a href="/about/${i}">About</a>`,
    );
    const facts = extractPage(`<html><body><h1>Links</h1>${links.join('')}</body></html>`, 'https://a.example/');
    expect(facts.links).toHaveLength(400);
    expect(facts.readable).toEqual([]);
    expect(facts.headings[0]!.text).toBe('Links');
  });

  it('survives a worker that runs out of memory', async () => {
    const pool = createHtmlWorkerPool({ size: 1, maxOldGenerationSizeMb: 8, taskTimeoutMs: 20_000 });
    const huge = `<html><body>${'<div><p>x</p></div>'.repeat(200_000)}</body></html>`;
    try {
      await expect(pool.parse(huge, 'https://a.example/')).rejects.toThrow(HtmlParseError);
    } finally {
      await pool.close();
    }
  });
});
