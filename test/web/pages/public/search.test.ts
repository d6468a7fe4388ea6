// The search page over HTTP: suggestions when the words find little (a
// corrected query, matching categories), the matched words marked in each
// result (escaped, whole words, accents as written), the country and pricing
// pickers offering what live listings have, the folded filters, and the
// friendly 400 for a filter the API would refuse.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { given } from '../../../helpers/given.js';
import { servedTools } from '../../../helpers/server.js';

const HTML_NAME = '<b>Bold</b> & "Calendar" Co';
const HTML_TAGLINE = 'Calendars for <script>alert(1)</script> people';

const served = servedTools({
  seed: async (ctx) => {
    const g = given(ctx);
    const productivity = await g.category({ slug: 'productivity', name: 'Productivity' });
    const calendars = await g.category({ slug: 'calendars', name: 'Calendars', parent: productivity });
    await g.category({ slug: 'invoicing', name: 'Invoicing' });
    await g.listing({
      slug: 'tempo',
      categories: [calendars],
      fields: {
        name: 'Tempo Planner',
        tagline: 'The productivity calendar for busy teams',
        country: 'DE',
        pricing_model: 'Freemium',
      },
    });
    await g.listing({
      slug: 'bold',
      categories: [calendars],
      fields: { name: HTML_NAME, tagline: HTML_TAGLINE, country: 'us', pricing_model: 'paid' },
    });
    await g.listing({
      slug: 'cafe-focus',
      categories: [productivity],
      fields: {
        name: 'Café Focus',
        tagline: 'A productivity timer for café workers and cafeteria staff',
        country: 'FR',
        pricing_model: 'open-source',
      },
    });
    await g.listing({ slug: 'plain', fields: { name: 'Plain Thing', tagline: 'Nothing special' } });
    // Neither an upcoming nor a draft listing's values are offered.
    await g.listing({
      slug: 'soon',
      status: 'scheduled',
      fields: { name: 'Soon', country: 'JP', pricing_model: 'lifetime', launch_week: '2026-12-07' },
    });
    await g.listing({
      slug: 'draft',
      status: 'draft',
      fields: { name: 'Draft', country: 'CN', pricing_model: 'trial' },
    });
  },
});

async function page(path: string): Promise<{ status: number; text: string; doc: Document }> {
  const res = await fetch(`${served.server.url}${path}`);
  const text = await res.text();
  return { status: res.status, text, doc: new JSDOM(text).window.document };
}

const optionValues = (doc: Document, id: string) =>
  [...doc.querySelectorAll(`#${id} option`)].map((o) => [o.getAttribute('value'), o.textContent]);
const resultLinks = (doc: Document) =>
  [...doc.querySelectorAll('ul.cards li a[href^="/listings/"]')].map((a) => a.getAttribute('href'));

describe('suggestions', () => {
  it('offers the corrected words for a typo, keeping the other filters', async () => {
    const p = await page('/search?q=prodcutivity&country=DE&sort=votes');
    expect(p.status).toBe(200);
    const suggestion = p.doc.querySelector('.search-suggestions p')!;
    // Its count heeds no filter but the status, and says so when others are set.
    expect(suggestion.textContent).toMatch(/^Did you mean productivity\? \(\d+ products? in all\)$/);
    const href = new URL(suggestion.querySelector('a')!.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/search');
    expect(Object.fromEntries(href.searchParams)).toEqual({ q: 'productivity', country: 'DE', sort: 'votes' });
  });

  it('links the categories a query names, above the results that were found too', async () => {
    const p = await page('/search?q=calendar');
    expect(p.status).toBe(200);
    const link = p.doc.querySelector('.search-suggestions a[href="/categories/calendars"]')!;
    expect(link.textContent).toBe('Calendars · 2 products');
    expect(resultLinks(p.doc)).toContain('/listings/tempo');
    // Suggestions come before the result cards.
    const cards = p.doc.querySelector('ul.cards')!;
    expect(link.compareDocumentPosition(cards) & p.doc.defaultView!.Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says plainly when nothing matches and offers a way to browse everything', async () => {
    const p = await page('/search?q=xylophonez');
    expect(p.status).toBe(200);
    expect(p.doc.querySelector('[role=status]')!.textContent).toBe('No products match “xylophonez”.');
    expect(p.doc.querySelector('ul.cards')).toBeNull();
    expect(p.doc.querySelector('main a[href="/search"]')!.textContent).toBe('browse all products');
    expect(p.doc.querySelector('main a[href="/categories"]')).not.toBeNull();
    const unfiltered = await page('/search?q=prodcutivity');
    expect(unfiltered.doc.querySelector('.search-suggestions p')!.textContent).toMatch(
      /^Did you mean productivity\? \(\d+ products?\)$/,
    );
  });

  it('offers the same words without filters when the filters leave nothing', async () => {
    const p = await page('/search?q=calendar&country=FR');
    expect(p.doc.querySelector('[role=status]')!.textContent).toBe('No products match “calendar”.');
    expect(p.doc.querySelector('main a[href="/search?q=calendar"]')!.textContent).toBe(
      'search “calendar” without filters',
    );
  });
});

describe('highlights', () => {
  it('marks the matched words of names and taglines, with maker text escaped', async () => {
    const p = await page('/search?q=calendar');
    const card = p.doc.querySelector('ul.cards a[href="/listings/bold"]')!.closest('li')!;
    expect(card.querySelector('strong')!.textContent).toBe(HTML_NAME);
    expect(card.querySelector('strong')!.innerHTML).toBe('&lt;b&gt;Bold&lt;/b&gt; &amp; "<mark>Calendar</mark>" Co');
    expect([...card.querySelectorAll('span mark')].map((m) => m.textContent)).toEqual(['Calendars']);
    expect(p.text).not.toContain('<script>alert(1)');
    expect(p.text).not.toContain('<b>Bold');
  });

  it('marks whole words only, whatever their case and accents', async () => {
    // "cafe" is not the last word, so it is not taken as a prefix: "cafeteria" only starts like it.
    const p = await page('/search?q=CAFE+timer');
    const card = p.doc.querySelector('ul.cards a[href="/listings/cafe-focus"]')!.closest('li')!;
    expect([...card.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Café', 'timer', 'café']);
  });

  it('marks nothing when browsing without words', async () => {
    const p = await page('/search');
    expect(p.doc.querySelector('ul.cards')).not.toBeNull();
    expect(p.doc.querySelector('mark')).toBeNull();
  });
});

describe('filters', () => {
  it('offers the countries and pricing models of live listings as pickers', async () => {
    const p = await page('/search');
    expect(p.doc.querySelector('input#search-country, input#search-pricing')).toBeNull();
    expect(optionValues(p.doc, 'search-country')).toEqual([
      ['', 'Any country'],
      ['FR', 'France'],
      ['DE', 'Germany'],
      ['US', 'United States'],
    ]);
    expect(optionValues(p.doc, 'search-pricing')).toEqual([
      ['', 'Any pricing'],
      ['freemium', 'Freemium'],
      ['open-source', 'Open-source'],
      ['paid', 'Paid'],
    ]);
  });

  it('keeps the chosen values selected, also one no live listing has', async () => {
    const p = await page('/search?country=de&pricing_model=Freemium');
    expect(resultLinks(p.doc)).toEqual(['/listings/tempo']);
    expect(p.doc.querySelector('#search-country option[selected]')!.getAttribute('value')).toBe('DE');
    expect(p.doc.querySelector('#search-pricing option[selected]')!.getAttribute('value')).toBe('freemium');
    const upcoming = await page('/search?status=upcoming&country=JP');
    expect(upcoming.status).toBe(200);
    expect(resultLinks(upcoming.doc)).toEqual(['/listings/soon']);
    expect(upcoming.doc.querySelector('#search-country option[selected]')!.getAttribute('value')).toBe('JP');
  });

  it('folds the filters under "Filters", open only when one is set', async () => {
    const plain = await page('/search?q=calendar&status=live&sort=relevance&category=&country=');
    const details = plain.doc.querySelector('form[role=search] details')!;
    expect(details.querySelector('summary')!.textContent).toBe('Filters');
    expect(details.hasAttribute('open')).toBe(false);
    expect(details.querySelector('#search-q')).toBeNull(); // the search box stays outside
    for (const id of ['search-category', 'search-country', 'search-pricing', 'search-status', 'search-sort'])
      expect(details.querySelector(`#${id}`), id).not.toBeNull();

    const filtered = await page('/search?q=calendar&category=calendars&sort=newest');
    const open = filtered.doc.querySelector('form[role=search] details')!;
    expect(open.hasAttribute('open')).toBe(true);
    expect(open.querySelector('summary')!.textContent).toBe('Filters (2 set)');
  });

  it('answers a country or pricing model the API would refuse with the friendly 400', async () => {
    for (const [query, message] of [
      ['country=USA', 'Choose a country from the list'],
      ['country=1', 'two-letter code'],
      [`pricing_model=${'x'.repeat(41)}`, 'Choose a pricing model from the list'],
    ] as const) {
      const p = await page(`/search?${query}`);
      expect(p.status, query).toBe(400);
      expect(p.doc.querySelector('[role=alert]')!.textContent, query).toContain(message);
      expect(p.doc.querySelector('select#search-country'), query).not.toBeNull();
    }
  });
});

describe('a search of several words', () => {
  it('shows the products matching every word first, then apart those matching only some', async () => {
    const p = await page('/search?q=productivity+calendar');
    const lists = [...p.doc.querySelectorAll('.search-results ul.cards')];
    expect(lists).toHaveLength(2);
    const hrefs = (list: Element) =>
      [...list.querySelectorAll('a[href^="/listings/"]')].map((a) => a.getAttribute('href'));
    expect(hrefs(lists[0]!)).toContain('/listings/tempo');
    expect(p.doc.querySelector('.search-partial-heading')!.textContent).toBe('Matching some of the words');
    expect(hrefs(lists[1]!)).toContain('/listings/cafe-focus');
    expect(hrefs(lists[1]!)).not.toContain('/listings/tempo');
  });

  it('says when no product matches every word', async () => {
    const p = await page('/search?q=timer+invoicing+staff+zzzz');
    expect(p.doc.querySelector('.search-partial-note')!.textContent).toBe(
      'No product matches all of “timer invoicing staff zzzz”.',
    );
    expect(resultLinks(p.doc)).toContain('/listings/cafe-focus');
  });
});
