// The public browsing pages (home, listing, search, categories, compare,
// launches and launch weeks), fetched from the real server over HTTP: status,
// SEO head (title, description, canonical, JSON-LD), key content, escaping of
// maker text, the outbound link policy, and a structural accessibility check.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { setSetting } from '../../../../src/directory/settings.js';
import { html } from '../../../../src/web/ui/html.js';
import { pageErrorHandler } from '../../../../src/web/ui/page.js';
import { webSession } from '../../../../src/web/ui/session.js';
import { pagesRouter } from '../../../../src/web/pages/define.js';
import { type CommunityListing, publicPages } from '../../../../src/web/pages/index.js';
import { outboundRel } from '../../../../src/web/pages/public/listing.js';
import { directory } from '../../../helpers/directory.js';
import { given } from '../../../helpers/given.js';
import { launches } from '../../../helpers/launches.js';
import { servedTools } from '../../../helpers/server.js';

const THIS = '2026-11-16'; // the clock says Sunday 2026-11-22
const PUBLIC = 'http://localhost:3000';
const SCRIPT_TAGLINE = '<script>alert(1)</script> Ship faster';

let acmeId: number;
let hasteId: number;

const served = servedTools({
  seed: async (ctx) => {
    const g = given(ctx);
    const l = launches(ctx);
    const d = directory(ctx);
    const now = ctx.clock.now().toISOString();

    const devtools = await g.category({ slug: 'dev-tools', name: 'Developer tools' });
    await ctx.db
      .updateTable('categories')
      .set({
        description: 'Tools that help developers ship software.',
        faqs: JSON.stringify([
          { question: 'What counts as a developer tool?', answer: 'Anything a developer uses to build.' },
        ]),
        compare_attributes: JSON.stringify(['Open source']),
      })
      .where('id', '=', devtools)
      .execute();
    const apis = await g.category({ slug: 'api-tools', name: 'API tools', parent: devtools });
    await g.category({ slug: 'empty-shelf', name: 'Empty shelf' });

    acmeId = await l.launch({
      slug: 'acme',
      week: THIS,
      launchedAt: '2026-11-22T08:00:00.000Z',
      categories: [devtools, apis],
      fields: {
        name: 'Acme & Co',
        plan: 'free',
        tagline: SCRIPT_TAGLINE,
        description: 'Acme builds rockets.\n\nSecond paragraph about rockets.',
        features: JSON.stringify(['Fast builds', 'Zero config']),
        usps: JSON.stringify(['Runs offline']),
        pricing_model: 'freemium',
        country: 'DE',
        logo_url: 'https://cdn.example.com/acme.png',
        not_found: JSON.stringify(['founded_year', 'pricing_summary']),
        attributes: JSON.stringify({ 'Open source': true }),
        domain_rating: 54,
        domain_rating_previous: 50,
        domain_rating_at: '2026-11-01',
        domain_rating_source: 'Ahrefs',
      },
    });
    await l.votes(acmeId, ['2026-11-22T10:00:00.000Z', '2026-11-22T11:00:00.000Z', '2026-11-21T09:00:00.000Z']);
    await ctx.db
      .insertInto('listing_socials')
      .values([
        { listing_id: acmeId, platform: 'github', url: 'https://github.com/acme' },
        { listing_id: acmeId, platform: 'custom', url: 'javascript:alert(1)' },
      ])
      .execute();
    await g.faq(acmeId, 'Is Acme free?', 'There is a free plan.');
    await ctx.db
      .insertInto('listing_updates')
      .values({ listing_id: acmeId, title: 'Version 2 is out', body: 'Faster than ever.', created_at: now })
      .execute();
    const reviewer = await d.user();
    const troll = await d.user();
    await ctx.db
      .insertInto('reviews')
      .values([
        { listing_id: acmeId, user_id: reviewer, rating: 4, body: 'Good', flagged: 0, created_at: now },
        { listing_id: acmeId, user_id: troll, rating: 1, body: 'Spam', flagged: 1, created_at: now },
      ])
      .execute();
    await d.founder({ slug: 'ada', name: 'Ada Founder', listings: [acmeId] });

    hasteId = await l.launch({
      slug: 'haste',
      week: THIS,
      votes: 1,
      launchedAt: '2026-11-17T09:00:00.000Z',
      categories: [devtools],
      fields: {
        name: 'Haste',
        plan: 'paid',
        tagline: 'Paid and proud',
        url: 'https://haste.example.com',
        attributes: JSON.stringify({ 'Open source': false }),
        unlocked_sections: JSON.stringify(['story', 'milestones']),
      },
    });
    await d.story(hasteId, { title: 'How Haste began', why_started: 'We were slow.' });
    await ctx.db
      .insertInto('milestones')
      .values({ listing_id: hasteId, date: '2026-10-01', title: 'First customer', created_at: now })
      .execute();

    const gammaId = await l.launch({
      slug: 'gamma',
      week: '2026-12-07',
      status: 'scheduled',
      categories: [devtools],
      fields: { name: 'Gamma Soon', tagline: 'Coming soon' },
    });
    // Ada is also behind Gamma; Grace is behind Gamma only, so her page opens with its launch.
    await d.founder({ slug: 'grace', name: 'Grace Soon', listings: [gammaId] });
    await ctx.db
      .insertInto('listing_founders')
      .values({
        listing_id: gammaId,
        founder_id: (
          await ctx.db.selectFrom('founders').select('id').where('slug', '=', 'ada').executeTakeFirstOrThrow()
        ).id,
        position: 1,
      })
      .execute();
    await g.listing({ slug: 'hidden', status: 'draft', fields: { name: 'Hidden Draft' } });
  },
});

interface Page {
  status: number;
  text: string;
  doc: Document;
  jsonLd: Record<string, unknown>[];
}

async function page(path: string, base = served.server.url): Promise<Page> {
  const res = await fetch(`${base}${path}`, { redirect: 'manual' });
  const text = await res.text();
  const doc = new JSDOM(text).window.document;
  const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')].flatMap((s) => {
    const data = JSON.parse(s.textContent ?? '') as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(data) ? data : [data];
  });
  return { status: res.status, text, doc, jsonLd };
}

const meta = (p: Page, name: string) => p.doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
const canonical = (p: Page) => p.doc.querySelector('link[rel="canonical"]')?.getAttribute('href');
const ldOfType = (p: Page, type: string) => p.jsonLd.find((d) => d['@type'] === type);

/** The structural part of what axe-core checks: what a page must have so no serious violation can come from our markup. */
function expectAccessible(p: Page) {
  const { doc } = p;
  expect(doc.documentElement.getAttribute('lang')).toBe('en');
  expect(doc.querySelectorAll('h1')).toHaveLength(1);
  let level = 1;
  for (const h of doc.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')) {
    const next = Number(h.tagName.slice(1));
    expect(next, `heading "${h.textContent}" skips a level`).toBeLessThanOrEqual(level + 1);
    level = next;
  }
  for (const control of doc.querySelectorAll('input:not([type=hidden]), select, textarea')) {
    const id = control.getAttribute('id');
    const labelled =
      (id && doc.querySelector(`label[for="${id}"]`)) || control.getAttribute('aria-label') || control.closest('label');
    expect(labelled, `control ${control.outerHTML} has no label`).toBeTruthy();
  }
  for (const img of doc.querySelectorAll('img')) expect(img.hasAttribute('alt'), img.outerHTML).toBe(true);
  for (const th of doc.querySelectorAll('th')) expect(th.getAttribute('scope'), th.outerHTML).toMatch(/^(col|row)$/);
  const ids = [...doc.querySelectorAll('[id]')].map((e) => e.id);
  expect(new Set(ids).size, 'duplicate ids').toBe(ids.length);
  for (const labelledBy of doc.querySelectorAll('[aria-labelledby]'))
    expect(doc.getElementById(labelledBy.getAttribute('aria-labelledby')!)).not.toBeNull();
}

describe('outboundRel', () => {
  it('keeps nofollow on free and unpaid listings whatever the setting', () => {
    for (const plan of ['none', 'free']) {
      expect(outboundRel(plan, false)).toBe('nofollow ugc noopener');
      expect(outboundRel(plan, true)).toBe('nofollow ugc noopener');
    }
  });
  it('drops nofollow on paid listings only when paid_links_follow is on', () => {
    expect(outboundRel('paid', false)).toBe('nofollow ugc noopener');
    expect(outboundRel('paid', true)).toBe('ugc noopener');
  });
});

describe('GET /', () => {
  it("shows today's race, the rest of the week, trending and upcoming launches, each once, with a WebSite search action and the feeds", async () => {
    const p = await page('/');
    expect(p.status).toBe(200);
    expect(p.doc.title).toBe('Product launches, ranked by the community · Launchboard');
    expect(meta(p, 'description')).toMatch(/directory of products/);
    expect(canonical(p)).toBe(`${PUBLIC}/`);
    const site = ldOfType(p, 'WebSite') as { potentialAction: { target: { urlTemplate: string } } };
    expect(site.potentialAction.target.urlTemplate).toBe(`${PUBLIC}/search?q={search_term_string}`);
    expect(p.doc.querySelector('link[type="application/rss+xml"]')?.getAttribute('href')).toBe('/feeds/launches.rss');
    expect(p.doc.querySelector('link[type="application/atom+xml"]')?.getAttribute('href')).toBe('/feeds/launches.atom');
    const section = (id: string) => p.doc.querySelector(`section[aria-labelledby="${id}"]`)!.textContent!;
    expect(section('home-today')).toContain('Acme & Co');
    expect(section('home-today')).not.toContain('Haste');
    // Each product once: today's race first, then the rest of the week; trending leaves out both.
    expect(section('home-week')).toContain('Haste');
    expect(section('home-week')).not.toContain('Acme & Co');
    const cards = [...p.doc.querySelectorAll('main a.card-name')].map((a) => a.getAttribute('href'));
    expect(new Set(cards).size).toBe(cards.length);
    // The race comes first, before the search box and what the site is for.
    const main = p.doc.querySelector('main')!.innerHTML;
    expect(main.indexOf('home-today')).toBeLessThan(main.indexOf('role="search"'));
    expect(main.indexOf('home-today')).toBeLessThan(main.indexOf('directory of products'));
    expect(section('home-upcoming')).toContain('Gamma Soon');
    expect(section('home-upcoming')).toContain('Week of 7 Dec 2026');
    expect(p.text).not.toContain('<script>alert(1)');
    expectAccessible(p);
  });
});

describe('GET /listings/:slug', () => {
  it('shows the whole profile, escaped, with SoftwareApplication JSON-LD and a rating from genuine reviews', async () => {
    const before = await served.ctx.db
      .selectFrom('listings')
      .select('views_count')
      .where('id', '=', acmeId)
      .executeTakeFirstOrThrow();
    const p = await page('/listings/acme');
    expect(p.status).toBe(200);
    expect(p.doc.querySelector('h1')!.textContent).toBe('Acme & Co');
    expect(p.doc.title).toBe(`Acme & Co: ${SCRIPT_TAGLINE} · Launchboard`);
    expect(p.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Ship faster');
    expect(p.text).not.toContain('<script>alert(1)');
    expect(meta(p, 'description')).toBe(SCRIPT_TAGLINE);
    expect(canonical(p)).toBe(`${PUBLIC}/listings/acme`);
    // The listing's share card (web/share), not its logo: a wide image social networks show large.
    expect(p.doc.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      `${PUBLIC}/og/listings/acme.png`,
    );

    const app = ldOfType(p, 'SoftwareApplication')!;
    expect(app).toMatchObject({
      name: 'Acme & Co',
      url: `${PUBLIC}/listings/acme`,
      aggregateRating: { ratingValue: 4, ratingCount: 1 },
    });
    expect(ldOfType(p, 'FAQPage')).toBeTruthy();

    const body = p.doc.querySelector('main')!.textContent!;
    for (const text of [
      'Fast builds',
      'Runs offline',
      'freemium',
      'Second paragraph about rockets.',
      'Is Acme free?',
      'Version 2 is out',
      '4.0 out of 5',
      '1 genuine review',
      '54',
      'up from 50',
      'Ahrefs',
    ]) {
      expect(body).toContain(text);
    }
    // What the company's website did not state is the owner's note, not a public fact.
    expect(body.toLowerCase()).not.toContain("not stated on the company's website");
    expect(p.doc.getElementById('not-stated')).toBeNull();
    expect(p.doc.querySelector('a[href="/categories/dev-tools"]')).not.toBeNull();
    expect(p.doc.querySelector('a[href="/categories/api-tools"]')).not.toBeNull();
    expect(p.doc.querySelector('a[href="/founders/ada"]')!.textContent).toBe('Ada Founder');
    // Sharing: X and LinkedIn with the page's address; the copy button waits for the script.
    const share = p.doc.querySelector('p.share')!;
    const pageUrl = encodeURIComponent(`${PUBLIC}/listings/acme`);
    expect(share.querySelector('a[href^="https://x.com/intent/post?"]')!.getAttribute('href')).toContain(
      `url=${pageUrl}`,
    );
    expect(share.querySelector('a[href^="https://www.linkedin.com/"]')!.getAttribute('href')).toContain(
      `url=${pageUrl}`,
    );
    expect(share.querySelector('button[data-copy]')!.closest('[hidden]')).not.toBeNull();
    // Free plan: paid sections are absent.
    expect(p.doc.getElementById('story')).toBeNull();
    expect(p.doc.getElementById('milestones')).toBeNull();

    await served.ctx.views.flush(); // views are written in batches
    const after = await served.ctx.db
      .selectFrom('listings')
      .select('views_count')
      .where('id', '=', acmeId)
      .executeTakeFirstOrThrow();
    expect(Number(after.views_count)).toBe(Number(before.views_count) + 1);
    expectAccessible(p);
  });

  it('marks outbound links of a free listing nofollow ugc and never links a javascript: URL', async () => {
    const p = await page('/listings/acme');
    const website = [...p.doc.querySelectorAll('a')].find((a) => a.getAttribute('href') === '/go/acme')!;
    expect(website.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(p.doc.querySelector('a[href="https://github.com/acme"]')!.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(p.text).not.toContain('javascript:');
  });

  it('drops nofollow on a paid listing only when the admin turns paid_links_follow on', async () => {
    const rel = async () =>
      (await page('/listings/haste')).doc.querySelector('a[href="/go/haste"]')!.getAttribute('rel');
    expect(await rel()).toBe('nofollow ugc noopener');
    await setSetting(served.ctx.db, 'paid_links_follow', 'true', served.ctx.clock.now());
    try {
      expect(await rel()).toBe('ugc noopener');
    } finally {
      await setSetting(served.ctx.db, 'paid_links_follow', 'false', served.ctx.clock.now());
    }
  });

  it('shows unlocked paid sections (story, milestones) and omits the rating when there are no reviews', async () => {
    const p = await page('/listings/haste');
    expect(p.doc.getElementById('story')!.textContent).toBe('Founder story: How Haste began');
    expect(p.doc.querySelector('section[aria-labelledby="story"]')!.textContent).toContain('We were slow.');
    expect(p.doc.querySelector('section[aria-labelledby="milestones"]')!.textContent).toContain('First customer');
    expect(p.doc.getElementById('media')).toBeNull();
    expect(ldOfType(p, 'SoftwareApplication')!.aggregateRating).toBeUndefined();
    expectAccessible(p);
  });

  it('shows badges linking back to the listing, alternatives with compare links, and a compare form', async () => {
    const p = await page('/listings/acme');
    const badges = [...p.doc.querySelectorAll('section[aria-labelledby="badges"] a img')];
    expect(badges.length).toBeGreaterThanOrEqual(2); // listed and launched
    for (const img of badges) {
      expect(img.closest('a')!.getAttribute('href')).toBe(`${PUBLIC}/listings/acme`);
      expect(img.getAttribute('src')).toMatch(/^http:\/\/localhost:3000\/badges\/acme\/[a-z-]+\.svg\?/);
      expect(img.getAttribute('alt')).toMatch(/^Acme & Co: /);
    }
    const alternatives = p.doc.querySelector('section[aria-labelledby="alternatives"]')!;
    expect(alternatives.querySelector('a[href="/listings/haste"]')).not.toBeNull();
    // (jsdom's selector engine does not match `&` inside attribute values: compare hrefs directly.)
    expect([...alternatives.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toContain(
      '/compare?a=acme&b=haste',
    );
    const form = p.doc.querySelector('form[action="/compare"]')!;
    expect(form.querySelector('input[type=hidden][name=a]')!.getAttribute('value')).toBe('acme');
    expect(form.querySelector('select[name=b] option[value=haste]')).not.toBeNull();
  });

  it('says when a scheduled listing launches and offers no compare form', async () => {
    const p = await page('/listings/gamma');
    expect(p.status).toBe(200);
    expect(p.doc.querySelector('main')!.textContent).toContain('Launching the week of 7 Dec 2026');
    expect(p.doc.querySelector('form[action="/compare"]')).toBeNull();
    // No link to a founder page that does not exist yet; one that does is linked.
    const founders = p.doc.getElementById('founders')!.parentElement!;
    expect(founders.textContent).toContain('Grace Soon');
    expect(founders.querySelector('a[href="/founders/grace"]')).toBeNull();
    expect(founders.querySelector('a[href="/founders/ada"]')).not.toBeNull();
    expect(founders.textContent).toContain('A founder’s page opens once one of their products is live.');
    expect((await page('/founders/grace')).status).toBe(404);
  });

  it('is a 404 page for an unknown, unpublished or malformed slug', async () => {
    for (const slug of ['nope', 'hidden', 'Not-A-Slug', '-dash']) {
      const p = await page(`/listings/${slug}`);
      expect(p.status, slug).toBe(404);
      expect(p.doc.querySelector('h1')!.textContent).toBe('Not found');
      expect(p.text).not.toContain('Hidden Draft');
    }
  });

  it('renders the community section and the vote box it is given, with the listing they need', async () => {
    const seen: CommunityListing[] = [];
    const app = express();
    app.use(webSession(served.ctx));
    app.use(
      pagesRouter(
        served.ctx,
        publicPages({
          communitySection: async (_ctx, listing) => {
            seen.push(listing);
            return {
              voteBox: html`<p id="vote-probe">Upvote ${listing.slug}</p>`,
              section: html`<h2 id="community">Community</h2><p id="community-probe">Vote for ${listing.slug}</p>`,
            };
          },
        }),
      ),
    );
    app.use(pageErrorHandler(served.ctx));
    const web: Server = createServer(app);
    await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
    try {
      const p = await page('/listings/acme', `http://127.0.0.1:${(web.address() as AddressInfo).port}`);
      expect(p.status).toBe(200);
      expect(seen).toEqual([{ id: acmeId, slug: 'acme', owner_id: null, status: 'live', name: 'Acme & Co' }]);
      expect(p.doc.querySelector('section[aria-labelledby="community"] #community-probe')!.textContent).toBe(
        'Vote for acme',
      );
      // The vote box is on the first screen, beside the name.
      expect(p.doc.querySelector('.listing-head #vote-probe')!.textContent).toBe('Upvote acme');
    } finally {
      web.closeAllConnections();
      await new Promise((r) => web.close(r));
    }
  });
});

describe('GET /search', () => {
  it('finds listings by words with a labelled filter form', async () => {
    const p = await page('/search?q=acme');
    expect(p.status).toBe(200);
    expect(p.doc.title).toBe('Search results for “acme” · Launchboard');
    expect(meta(p, 'description')).toContain('acme');
    expect(canonical(p)).toBe(`${PUBLIC}/search`);
    expect(ldOfType(p, 'SearchResultsPage')).toBeTruthy();
    expect(p.doc.querySelector('ul.cards a[href="/listings/acme"]')).not.toBeNull();
    expect(p.doc.querySelector('ul.cards a[href="/listings/haste"]')).toBeNull();
    expect((p.doc.querySelector('#search-q') as HTMLInputElement).value).toBe('acme');
    expect(p.text).not.toContain('<script>alert(1)');
    expectAccessible(p);
  });

  it('filters by category (with subcategories), status and sort', async () => {
    const apiTools = await page('/search?category=api-tools');
    expect(
      [...apiTools.doc.querySelectorAll('ul.cards li a[href^="/listings/"]')].map((a) => a.getAttribute('href')),
    ).toEqual(['/listings/acme']);
    expect(apiTools.doc.querySelector('#search-category option[value="api-tools"]')!.hasAttribute('selected')).toBe(
      true,
    );
    const upcoming = await page('/search?status=upcoming');
    expect(upcoming.doc.querySelector('ul.cards a[href="/listings/gamma"]')).not.toBeNull();
    expect(upcoming.doc.querySelector('ul.cards a[href="/listings/acme"]')).toBeNull();
    const byVotes = await page('/search?sort=votes&country=de');
    expect(
      [...byVotes.doc.querySelectorAll('ul.cards li a[href^="/listings/"]')].map((a) => a.getAttribute('href')),
    ).toEqual(['/listings/acme']);
  });

  it('answers bad filters with a plain message and the form, not a 500', async () => {
    for (const [query, message] of [
      ['country=USA', 'two-letter code'],
      ['sort=random', 'sort order'],
      ['status=gone', 'live or upcoming'],
      ['category=Not%20A%20Slug', 'Choose a category'],
      ['category=no-such-category', 'Choose a category'],
      [`q=${'x'.repeat(201)}`, 'at most 200'],
    ] as const) {
      const p = await page(`/search?${query}`);
      expect(p.status, query).toBe(400);
      expect(p.doc.querySelector('[role=alert]')!.textContent, query).toContain(message);
      expect(p.doc.querySelector('form[action="/search"]')).not.toBeNull();
    }
  });
});

describe('GET /categories and /categories/:slug', () => {
  it('shows the top-level categories as cards with live counts, their most voted products and their subcategories', async () => {
    const p = await page('/categories');
    expect(p.status).toBe(200);
    expect(p.doc.title).toBe('Product categories · Launchboard');
    expect(meta(p, 'description')).toBeTruthy();
    expect(canonical(p)).toBe(`${PUBLIC}/categories`);
    expect(ldOfType(p, 'CollectionPage')).toBeTruthy();
    const card = (slug: string) => p.doc.getElementById(`cat-${slug}`)!.closest('li')!;
    const devtools = card('dev-tools');
    expect(devtools.textContent).toContain('2 live products'); // acme and haste; gamma is scheduled
    // Its subcategory as a chip with its count, and its live products most voted first (never the scheduled one).
    expect(devtools.querySelector('a.chip[href="/categories/api-tools"]')!.textContent).toBe('API tools 1');
    const top = [...devtools.querySelectorAll('.category-top a')].map((a) => a.getAttribute('href'));
    expect(top).toEqual(['/listings/acme', '/listings/haste']);
    expect(card('empty-shelf').textContent).toContain('0 live products');
    expect(card('empty-shelf').querySelector('.category-top')).toBeNull();
    expectAccessible(p);
  });

  it('shows one category: text, subcategories, live listings most voted first and FAQs as FAQPage', async () => {
    const p = await page('/categories/dev-tools');
    expect(p.status).toBe(200);
    expect(p.doc.title).toBe('Developer tools · Launchboard');
    expect(meta(p, 'description')).toBe('Tools that help developers ship software.');
    expect(canonical(p)).toBe(`${PUBLIC}/categories/dev-tools`);
    expect(ldOfType(p, 'FAQPage')).toMatchObject({ mainEntity: [{ name: 'What counts as a developer tool?' }] });
    expect(ldOfType(p, 'CollectionPage')).toBeTruthy();
    expect([...p.doc.querySelectorAll('ol.cards a[href^="/listings/"]')].map((a) => a.getAttribute('href'))).toEqual([
      '/listings/acme',
      '/listings/haste',
    ]);
    expect(p.doc.querySelector('a[href="/categories/api-tools"]')).not.toBeNull();
    expect(p.doc.querySelector('main')!.textContent).toContain('Anything a developer uses to build.');
    expectAccessible(p);

    const child = await page('/categories/api-tools');
    expect(child.doc.querySelector('nav[aria-label="Breadcrumb"] a[href="/categories/dev-tools"]')).not.toBeNull();
  });

  it('is a 404 page for an unknown category', async () => {
    expect((await page('/categories/no-such-thing')).status).toBe(404);
    expect((await page('/categories/BAD')).status).toBe(404);
  });
});

describe('GET /compare', () => {
  it('puts two live listings side by side in a table with headers', async () => {
    const p = await page('/compare?a=acme&b=haste');
    expect(p.status).toBe(200);
    expect(p.doc.title).toBe('Acme & Co vs Haste · Launchboard');
    expect(meta(p, 'description')).toContain('Acme & Co compared with Haste');
    expect(canonical(p)).toBe(`${PUBLIC}/compare?a=acme&b=haste`);
    expect(ldOfType(p, 'ItemList')).toBeTruthy();
    // What a screen reader hears: the text without aria-hidden parts.
    const spoken = (el: Element) => {
      const copy = el.cloneNode(true) as Element;
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      return copy.textContent;
    };
    const rows = Object.fromEntries(
      [...p.doc.querySelectorAll('tbody tr')].map((tr) => [
        tr.querySelector('th')!.textContent,
        [...tr.querySelectorAll('td')].map(spoken),
      ]),
    );
    expect(rows['Open source']).toEqual(['Yes', 'No']);
    expect(rows['Pricing model']).toEqual(['freemium', 'Not stated']);
    expect(rows.Country).toEqual(['DE', 'Not stated']);
    expect(p.doc.querySelectorAll('thead th[scope=col]')).toHaveLength(3);
    expectAccessible(p);
  });

  it('offers the form without slugs, 400 with one missing or malformed, 404 for an unknown or unlaunched one', async () => {
    const form = await page('/compare');
    expect(form.status).toBe(200);
    // Both boxes suggest live products by name, most voted first; the value sent is the slug.
    expect(form.doc.getElementById('compare-a')!.getAttribute('list')).toBe('compare-listings');
    const options = [...form.doc.querySelectorAll('#compare-listings option')];
    expect(options.map((o) => [o.getAttribute('value'), o.textContent])).toContainEqual(['acme', 'Acme & Co']);
    expect(options.map((o) => o.getAttribute('value'))).not.toContain('gamma');
    expect((await page('/compare?a=acme')).status).toBe(400);
    expect((await page('/compare?a=acme&b=ACME!')).status).toBe(400);
    expect((await page('/compare?a=acme&b=acme')).status).toBe(400);
    expect((await page('/compare?a=acme&b=nope')).status).toBe(404);
    expect((await page('/compare?a=acme&b=gamma')).status).toBe(404);
  });
});

describe('GET /launches and /launches/weeks/:week', () => {
  it("defaults to this week's launches ranked by votes, with section tabs", async () => {
    const p = await page('/launches');
    expect(p.status).toBe(200);
    expect(p.doc.title).toBe("This week's launches · Launchboard");
    expect(meta(p, 'description')).toBeTruthy();
    expect(canonical(p)).toBe(`${PUBLIC}/launches`);
    expect([...p.doc.querySelectorAll('ol.cards a[href^="/listings/"]')].map((a) => a.getAttribute('href'))).toEqual([
      '/listings/acme',
      '/listings/haste',
    ]);
    expect(p.doc.querySelector('nav[aria-label="Launch sections"] [aria-current="page"]')!.textContent).toBe(
      'This week',
    );
    expect(ldOfType(p, 'ItemList')).toMatchObject({
      itemListElement: [{ position: 1, url: `${PUBLIC}/listings/acme` }, { position: 2 }],
    });
    expectAccessible(p);
  });

  it('shows other sections and pages, and a 400 page for an unknown section', async () => {
    const upcoming = await page('/launches?section=upcoming');
    expect(upcoming.doc.title).toBe('Upcoming launches · Launchboard');
    expect(canonical(upcoming)).toBe(`${PUBLIC}/launches?section=upcoming`);
    expect(upcoming.doc.querySelector('ul.cards a[href="/listings/gamma"]')).not.toBeNull();
    const second = await page('/launches?section=most-voted&per_page=1&page=2');
    expect(
      [...second.doc.querySelectorAll('ol.cards a[href^="/listings/"]')].map((a) => a.getAttribute('href')),
    ).toEqual(['/listings/haste']);
    expect(second.doc.querySelector('ol.cards')!.getAttribute('start')).toBe('2');
    expect(second.doc.querySelector('a[rel=prev]')).not.toBeNull();
    const bad = await page('/launches?section=bogus');
    expect(bad.status).toBe(400);
    expectAccessible(bad);
  });

  it('shows a week ranked by votes with previous and next weeks as dates', async () => {
    const p = await page('/launches/weeks/this');
    expect(p.status).toBe(200);
    expect(p.doc.title).toBe("This week's launches, 16 Nov 2026 – 22 Nov 2026 · Launchboard");
    expect(canonical(p)).toBe(`${PUBLIC}/launches/weeks/${THIS}`);
    expect(meta(p, 'description')).toContain('16 Nov 2026');
    expect([...p.doc.querySelectorAll('ol.cards a[href^="/listings/"]')].map((a) => a.getAttribute('href'))).toEqual([
      '/listings/acme',
      '/listings/haste',
    ]);
    expect(p.doc.querySelector('a[rel=prev]')!.getAttribute('href')).toBe('/launches/weeks/2026-11-09');
    expect(p.doc.querySelector('a[rel=next]')!.getAttribute('href')).toBe('/launches/weeks/2026-11-23');
    expect(ldOfType(p, 'ItemList')).toBeTruthy();
    expectAccessible(p);

    const future = await page('/launches/weeks/2026-12-07');
    expect(future.status).toBe(200);
    expect(future.doc.querySelector('ul.cards a[href="/listings/gamma"]')).not.toBeNull();
  });

  it('pages a busy week, ranks continuing from the page before', async () => {
    const second = await page('/launches/weeks/this?page=2&per_page=1');
    expect(second.status).toBe(200);
    expect(second.doc.title).toBe("This week's launches, 16 Nov 2026 – 22 Nov 2026 (page 2) · Launchboard");
    expect(canonical(second)).toBe(`${PUBLIC}/launches/weeks/${THIS}?page=2&per_page=1`);
    expect(
      [...second.doc.querySelectorAll('ol.cards a[href^="/listings/"]')].map((a) => a.getAttribute('href')),
    ).toEqual(['/listings/haste']);
    expect(second.doc.querySelector('ol.cards')!.getAttribute('start')).toBe('2');
    expect(second.doc.querySelector('nav[aria-label="Pages"]')!.textContent).toContain('Page 2 of 2');
    expect(second.doc.body.textContent).toContain('2 launches');
    expect(ldOfType(second, 'ItemList')).toMatchObject({ itemListElement: [{ position: 2 }] });
  });

  it('redirects a mid-week date to its Monday and /launches/weeks to this week', async () => {
    const mid = await fetch(`${served.server.url}/launches/weeks/2026-11-19`, { redirect: 'manual' });
    expect(mid.status).toBe(301);
    expect(mid.headers.get('location')).toBe(`/launches/weeks/${THIS}`);
    const bare = await fetch(`${served.server.url}/launches/weeks`, { redirect: 'manual' });
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toBe('/launches/weeks/this');
  });

  it('is a 404 page for something that is not a week', async () => {
    for (const week of ['someday', '2026-02-30', '2026-11-161', '0050-06-15', 'x'.repeat(40)]) {
      const p = await page(`/launches/weeks/${week}`);
      expect(p.status, week).toBe(404);
      expect(p.doc.querySelector('h1')!.textContent).toBe('Not found');
    }
  });
});
