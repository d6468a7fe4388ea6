// The boards and reading pages (leaderboards, founders, blog, awards, how
// ranking works) and the machine-readable documents (RSS, Atom, sitemap.xml,
// robots.txt), fetched from the real server over HTTP.
import axe from 'axe-core';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { directory } from '../../../helpers/directory.js';
import { given } from '../../../helpers/given.js';
import { IMPORTED_FIGURES, launches } from '../../../helpers/launches.js';
import { paidLine } from '../../../helpers/orders.js';
import { SITE_SCRIPT_SRC } from '../../../../src/web/ui/assets.js';
import { servedTools } from '../../../helpers/server.js';

const THIS = '2026-11-16';
const LAST = '2026-11-09';
const PUBLIC = 'http://localhost:3000';

const served = servedTools();
beforeAll(async () => {
  const g = given(served.ctx);
  const l = launches(served.ctx);
  const d = directory(served.ctx);
  const category = await g.category({ slug: 'dev-tools', name: 'Developer tools' });
  const acme = await l.launch({
    slug: 'acme',
    week: THIS,
    votes: 5,
    categories: [category],
    fields: {
      name: 'Acme & Co <Rocket>',
      tagline: 'Ship "faster" & safer',
      unlocked_sections: JSON.stringify(['story']),
      ...IMPORTED_FIGURES,
    },
  });
  const beta = await l.launch({ slug: 'beta', week: LAST, votes: 3, fields: { name: 'Beta' } });
  const later = await l.launch({
    slug: 'later',
    week: '2026-11-30',
    status: 'scheduled',
    fields: { name: 'Later Launch' },
  });
  const hidden = await g.listing({ slug: 'hidden', status: 'draft', fields: { name: 'Hidden Draft' } });

  const buyer = await d.user();
  await paidLine(served.ctx, { userId: buyer, listingId: beta, product: 'billboard', amountCents: 5000 });
  await paidLine(served.ctx, { userId: buyer, listingId: later, product: 'billboard', amountCents: 9000 });

  await d.founder({
    slug: 'ada',
    name: 'Ada Lovelace',
    listings: [acme],
    fields: {
      title: 'CEO',
      country: 'GB',
      bio: 'Builds engines.\n\nLikes <b>numbers</b>.',
      socials: JSON.stringify({ linkedin: 'https://www.linkedin.com/in/ada', custom: 'javascript:alert(1)' }),
    },
  });
  await d.story(acme, { title: 'How Acme began', why_started: 'We needed <it>.' });
  await d.founder({ slug: 'grace', name: 'Grace Hopper', listings: [beta], fields: { country: 'US' } });
  await d.founder({ slug: 'ghost', name: 'Ghost Founder', listings: [hidden] });

  await d.blogPost({
    slug: 'launch-guide',
    title: 'The launch guide',
    excerpt: 'Everything about launching.',
    body: '# Big heading\n\nRead this <script>alert(1)</script> now.\n\n[click me](javascript:alert(1)) and [docs](https://example.com/docs)\n\n## Steps\n\nVisit https://example.org today.',
    faqs: [{ question: 'Is it free?', answer: 'Yes, the free route is.' }],
  });
  await d.blogPost({ slug: 'older-post', title: 'An older post', published_at: '2026-10-01T00:00:00.000Z' });
  await d.blogPost({ slug: 'draft-post', title: 'Not yet', published_at: null });
  await d.blogPost({ slug: 'future-post', title: 'Tomorrow', published_at: '2026-11-23T00:00:00.000Z' });

  await l.award({ listing: beta, week: LAST, rank: 1, votes: 3 });
});

const get = (path: string) => fetch(`${served.server.url}${path}`);

/** Fetches an HTML page and checks the structure axe would flag: one h1, headings in order, labelled controls, scoped headers. */
async function page(path: string, status = 200): Promise<{ res: Response; text: string; doc: Document }> {
  const res = await get(path);
  const text = await res.text();
  expect(res.status, `${path}: ${text.slice(0, 300)}`).toBe(status);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const doc = new JSDOM(text).window.document;
  expect(doc.querySelectorAll('h1')).toHaveLength(1);
  let level = 1;
  for (const h of doc.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')) {
    const next = Number(h.tagName[1]);
    expect(next, `${path}: ${h.tagName} "${h.textContent}" after h${level}`).toBeLessThanOrEqual(level + 1);
    level = next;
  }
  for (const control of doc.querySelectorAll('main input:not([type=hidden]), main select, main textarea')) {
    expect(
      doc.querySelector(`label[for="${control.id}"]`),
      `${path}: control ${control.getAttribute('name')} has a label`,
    ).not.toBeNull();
  }
  for (const th of doc.querySelectorAll('main th')) expect(th.getAttribute('scope')).toMatch(/^(col|row)$/);
  for (const img of doc.querySelectorAll('main img')) expect(img.hasAttribute('alt')).toBe(true);
  return { res, text, doc };
}

const title = (doc: Document) => doc.querySelector('h1')!.textContent;
const jsonLd = (doc: Document) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].flatMap((s) => [JSON.parse(s.textContent!)].flat());

/** Parses XML the way a feed reader would; a parse error shows up as <parsererror>. */
function xml(text: string): Document {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

describe('leaderboards', () => {
  it('index lists the five boards, the billboard marked paid', async () => {
    const { doc } = await page('/leaderboards');
    expect(title(doc)).toBe('Leaderboards');
    for (const board of ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue']) {
      expect(doc.querySelector(`a[href="/leaderboards/${board}"]`)).not.toBeNull();
    }
    const billboard = doc.querySelector('a[href="/leaderboards/billboard"]')!.closest('li')!;
    expect(billboard.querySelector('.dash-pill')!.textContent).toBe('Advertising');
    // Said once, not three times.
    expect(billboard.textContent!.match(/not a community vote/g)).toHaveLength(1);
  });

  it('community-weekly ranks this week by votes, links to how ranking works, with ItemList data', async () => {
    const { doc, text } = await page('/leaderboards/community-weekly');
    expect(title(doc)).toBe('Community leaderboard: this week');
    expect(doc.querySelector('a[href="/listings/acme"]')!.textContent).toBe('Acme & Co <Rocket>');
    expect(text).not.toContain('<Rocket>');
    expect(doc.querySelector('main a[href="/how-ranking-works"]')).not.toBeNull();
    expect(doc.querySelector('a[href="/listings/beta"]')).toBeNull();
    expect(jsonLd(doc)[0]).toMatchObject({
      '@type': 'ItemList',
      itemListElement: [{ position: 1, url: `${PUBLIC}/listings/acme` }],
    });
    expect(doc.querySelector('.paid')).toBeNull();
  });

  it('community-weekly takes last week or a date, and says so in the title', async () => {
    const { doc } = await page('/leaderboards/community-weekly?week=last');
    expect(title(doc)).toBe(`Community leaderboard: week of 9 Nov 2026`);
    expect(doc.querySelector('a[href="/listings/beta"]')).not.toBeNull();
    expect(doc.querySelector(`a[href="/launches/weeks/${LAST}"]`)).not.toBeNull();
    expect(title((await page('/leaderboards/community-weekly?week=2026-11-12')).doc)).toBe(
      `Community leaderboard: week of 9 Nov 2026`,
    );
  });

  it('answers a bad or future week with a friendly 400 page, never a 500', async () => {
    for (const week of ['garbage', 'next', '2027-01-04', '2026-02-30']) {
      const { doc } = await page(`/leaderboards/community-weekly?week=${week}`, 400);
      expect(doc.querySelector('[role=alert]')!.textContent).toMatch(/week/);
      expect(doc.querySelector('input[name=week]')).not.toBeNull();
    }
  });

  it('billboard is clearly marked as a paid ranking, in the title and a box', async () => {
    const { doc } = await page('/leaderboards/billboard');
    expect(title(doc)).toBe('Billboard (paid ranking)');
    expect(doc.title).toContain('Billboard (paid ranking)');
    expect(doc.querySelector('main .paid')!.textContent).toContain('Paid ranking — advertising, not a community vote');
    expect(doc.querySelector('a[href="/listings/beta"]')).not.toBeNull();
    expect(doc.querySelector('a[href="/listings/later"]')).toBeNull();
    expect(doc.querySelector('main')!.textContent).toContain('$50 paid');
  });

  it('third-party boards show the date and source of their data', async () => {
    const dr = (await page('/leaderboards/domain-rating')).doc.querySelector('main')!.textContent!;
    expect(dr).toContain('Ahrefs');
    expect(dr).toContain('2026-11-01');
    expect(dr).toContain('up from 65');
    const revenue = (await page('/leaderboards/revenue')).doc.querySelector('main')!.textContent!;
    expect(revenue).toContain('Stripe (verified)');
    expect(revenue).toContain('2026-10-31');
    expect(revenue).toContain('$120,000');
  });

  it('an unknown board is a 404 page', async () => {
    await page('/leaderboards/most-money', 404);
  });
});

describe('founders', () => {
  it('lists founders behind live listings, filtered by name and country', async () => {
    const { doc } = await page('/founders');
    const names = [...doc.querySelectorAll('main .cards a[href^="/founders/"]')].map((a) => a.textContent);
    expect(names).toEqual(['Ada Lovelace', 'Grace Hopper']);
    const byCountry = (await page('/founders?country=us')).doc;
    expect([...byCountry.querySelectorAll('main .cards a[href^="/founders/"]')].map((a) => a.textContent)).toEqual([
      'Grace Hopper',
    ]);
    const byName = (await page('/founders?q=lovel')).doc;
    expect([...byName.querySelectorAll('main .cards a[href^="/founders/"]')].map((a) => a.textContent)).toEqual([
      'Ada Lovelace',
    ]);
    await page('/founders?country=usa', 400);
  });

  it('shows a founder with bio, safe social links, companies, stories and Person data', async () => {
    const { doc, text } = await page('/founders/ada');
    expect(title(doc)).toBe('Ada Lovelace');
    expect(text).not.toContain('<b>numbers</b>');
    const social = doc.querySelector('a[href="https://www.linkedin.com/in/ada"]')!;
    expect(social.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(text).not.toContain('javascript:');
    expect(doc.querySelector('main a[href="/listings/acme"]')).not.toBeNull();
    expect(doc.querySelector('main h3')!.textContent).toBe('How Acme began');
    expect(text).toContain('We needed &lt;it&gt;.');
    expect(jsonLd(doc)[0]).toMatchObject({
      '@type': 'Person',
      name: 'Ada Lovelace',
      jobTitle: 'CEO',
      sameAs: ['https://www.linkedin.com/in/ada'],
    });
  });

  it('is a 404 for an unknown founder or one with no live listing', async () => {
    await page('/founders/nobody', 404);
    await page('/founders/ghost', 404);
    await page('/founders/Not_A_Slug', 404);
  });
});

describe('blog', () => {
  it('lists published posts newest first, never drafts or future posts, and searches', async () => {
    const { doc } = await page('/blog');
    expect([...doc.querySelectorAll('main h2 a')].map((a) => a.textContent)).toEqual([
      'The launch guide',
      'An older post',
    ]);
    const found = (await page('/blog?q=older')).doc;
    expect([...found.querySelectorAll('main h2 a')].map((a) => a.textContent)).toEqual(['An older post']);
  });

  it("renders a post's Markdown safely: raw HTML escaped, javascript: links refused, headings below the h1", async () => {
    const { doc, text, res } = await page('/blog/launch-guide');
    expect(title(doc)).toBe('The launch guide');
    expect(text).not.toContain('<script>alert');
    expect(doc.querySelector('main .post')!.textContent).toContain('<script>alert(1)</script>');
    // The only script is the site's own vote script, never one from the post.
    expect(
      doc.querySelectorAll(`script:not([type="application/ld+json"]):not([src="${SITE_SCRIPT_SRC}"])`),
    ).toHaveLength(0);
    expect([...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'))).not.toContainEqual(
      expect.stringMatching(/^javascript:/i),
    );
    expect(doc.querySelector('main .post a[href="https://example.com/docs"]')!.textContent).toBe('docs');
    expect(doc.querySelector('main .post a[href="https://example.org"]')).not.toBeNull();
    expect(doc.querySelector('main .post h2')!.textContent).toBe('Big heading');
    expect(doc.querySelector('main .post h3')!.textContent).toBe('Steps');
    expect(doc.querySelector('meta[property="og:type"]')!.getAttribute('content')).toBe('article');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const ld = jsonLd(doc);
    expect(ld.map((d) => d['@type'])).toEqual(['BlogPosting', 'FAQPage']);
    expect(ld[1].mainEntity[0]).toMatchObject({
      name: 'Is it free?',
      acceptedAnswer: { text: 'Yes, the free route is.' },
    });
    expect(doc.querySelector('#faqs')!.textContent).toBe('Frequently asked questions');
  });

  it('is a 404 for an unknown, draft or future post', async () => {
    await page('/blog/nothing-here', 404);
    await page('/blog/draft-post', 404);
    await page('/blog/future-post', 404);
  });
});

describe('awards', () => {
  it('lists awards newest week first, with the winner and the launch week', async () => {
    const { doc } = await page('/awards');
    expect(title(doc)).toBe('Launch of the Week awards');
    const main = doc.querySelector('main')!;
    expect(main.querySelector('a[href="/listings/beta"]')).not.toBeNull();
    expect(main.querySelector(`a[href="/launches/weeks/${LAST}"]`)).not.toBeNull();
    expect(main.textContent).toContain('Launch of the Week #1');
  });

  it('filters by listing', async () => {
    expect(title((await page('/awards?listing=beta')).doc)).toBe('Awards of Beta');
    const none = (await page('/awards?listing=acme')).doc;
    expect(none.querySelector('main a[href="/listings/beta"]')).toBeNull();
    expect(none.querySelector('main')!.textContent).toContain('no awards yet');
    await page('/awards?listing=Bad%20Slug', 400);
  });
});

describe('how ranking works', () => {
  it('publishes the trending formula, tie-breaks, vote rules and the paid promise', async () => {
    const { doc } = await page('/how-ranking-works');
    const text = doc.querySelector('main')!.textContent!;
    expect(text).toContain('1 / (1 + age_hours/24)^1.5');
    expect(text).toContain('last 30 days');
    expect(text).toContain('earlier launch');
    expect(text).toContain('verified email');
    expect(text).toContain('discounted');
    expect(text).toContain('None of them changes community vote ranks, awards, trending or search relevance');
    // The example weights come from the trending service: a day-old vote weighs 1/2^1.5.
    expect(text).toContain('0.354');
  });
});

describe('feeds', () => {
  it('RSS 2.0 lists recent live launches, escaped, and is publicly cacheable without a cookie', async () => {
    const res = await get('/feeds/launches.rss');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('set-cookie')).toBeNull();
    const doc = xml(await res.text());
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    const items = [...doc.querySelectorAll('channel > item')];
    expect(items.map((i) => i.querySelector('title')!.textContent)).toEqual(['Acme & Co <Rocket>', 'Beta']);
    expect(items[0].querySelector('link')!.textContent).toBe(`${PUBLIC}/listings/acme`);
    expect(items[0].querySelector('guid')!.textContent).toBe(`${PUBLIC}/listings/acme`);
    expect(items[0].querySelector('description')!.textContent).toBe('Ship "faster" & safer');
    expect(items[0].querySelector('pubDate')!.textContent).toBe('Mon, 16 Nov 2026 00:00:00 GMT');
  });

  it('Atom 1.0 lists the same launches', async () => {
    const res = await get('/feeds/launches.atom');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const doc = xml(await res.text());
    expect(doc.documentElement.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    const entries = [...doc.getElementsByTagName('entry')];
    expect(entries.map((e) => e.getElementsByTagName('title')[0].textContent)).toEqual(['Acme & Co <Rocket>', 'Beta']);
    expect(entries[0].getElementsByTagName('id')[0].textContent).toBe(`${PUBLIC}/listings/acme`);
    expect(entries[0].getElementsByTagName('link')[0].getAttribute('href')).toBe(`${PUBLIC}/listings/acme`);
    expect(entries[0].getElementsByTagName('updated')[0].textContent).toBe(`${THIS}T00:00:00.000Z`);
    expect(doc.documentElement.getElementsByTagName('updated')[0].textContent).toBe(`${THIS}T00:00:00.000Z`);
  });
});

describe('JSON Feed and llms.txt', () => {
  it('JSON Feed 1.1 lists the same launches, its required members present', async () => {
    const res = await get('/feeds/launches.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const feed = await res.json();
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: expect.any(String),
      home_page_url: `${PUBLIC}/launches`,
      feed_url: `${PUBLIC}/feeds/launches.json`,
    });
    expect(feed.items.map((i: { title: string }) => i.title)).toEqual(['Acme & Co <Rocket>', 'Beta']);
    expect(feed.items[0]).toMatchObject({
      id: `${PUBLIC}/listings/acme`,
      url: `${PUBLIC}/listings/acme`,
      content_text: 'Ship "faster" & safer',
      date_published: `${THIS}T00:00:00.000Z`,
    });
    // Every item has an id and content (the spec's two requirements).
    for (const item of feed.items)
      expect(typeof item.id === 'string' && typeof item.content_text === 'string').toBe(true);
  });

  it('llms.txt names the site and where agents find the API, MCP and the listings', async () => {
    const res = await get('/llms.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await res.text();
    expect(text).toMatch(/^# \S.*\n\n> \S/);
    for (const path of ['/mcp', '/api/v1', '/api/v1/openapi.json', '/docs/mcp', '/feeds/launches.json', '/launches'])
      expect(text).toContain(`](${PUBLIC}${path})`);
  });
});

describe('accessibility', () => {
  it('no page has a serious or critical axe-core violation', async () => {
    const paths = [
      '/leaderboards',
      '/leaderboards/community-weekly',
      '/leaderboards/billboard',
      '/leaderboards/domain-rating',
      '/leaderboards/revenue',
      '/leaderboards/community-weekly?week=garbage',
      '/founders',
      '/founders/ada',
      '/blog',
      '/blog/launch-guide',
      '/awards',
      '/how-ranking-works',
    ];
    for (const path of paths) {
      const dom = new JSDOM(await (await get(path)).text(), { runScripts: 'outside-only', pretendToBeVisual: true });
      dom.window.eval(axe.source);
      const axeInPage = (dom.window as unknown as { axe: typeof axe }).axe;
      // jsdom does not lay out or paint, so contrast is not measurable here.
      const result = await axeInPage.run(dom.window.document, { rules: { 'color-contrast': { enabled: false } } });
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
      dom.window.close();
    }
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('sitemap lists the sections and every public page with absolute URLs, nothing private', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const doc = xml(await res.text());
    const locs = [...doc.getElementsByTagName('loc')].map((l) => l.textContent);
    for (const path of [
      '/',
      '/leaderboards',
      '/how-ranking-works',
      '/categories/dev-tools',
      `/launches/weeks/${THIS}`,
      `/launches/weeks/${LAST}`,
      '/blog/launch-guide',
      '/blog/older-post',
      '/listings/acme',
      '/listings/beta',
      '/founders/ada',
      '/founders/grace',
    ]) {
      expect(locs).toContain(`${PUBLIC}${path}`);
    }
    for (const path of [
      '/listings/later',
      '/listings/hidden',
      '/founders/ghost',
      '/blog/draft-post',
      '/blog/future-post',
      '/launches/weeks/2026-11-30',
    ]) {
      expect(locs).not.toContain(`${PUBLIC}${path}`);
    }
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('robots.txt allows the public site, keeps private paths out and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    for (const path of ['/account', '/admin', '/checkout', '/oauth', '/api/', '/mcp', '/claims/verify', '/invites']) {
      expect(text.split('\n')).toContain(`Disallow: ${path}`);
    }
    expect(text).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });
});
