// The share cards as SVG: well-formed XML whatever the text, every piece of
// text escaped and shown as given, the same data giving the same bytes, and
// the launch week named as ISO 8601 does.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import {
  isoWeekName,
  listingCardSvg,
  siteCardSvg,
  weekCardSvg,
  type ListingCardData,
} from '../../../src/web/share/cards.js';
import { monogramColour, oklchHex } from '../../../src/web/share/colour.js';
import { loadShareFonts } from '../../../src/web/share/fonts.js';
import { nameHue } from '../../../src/web/ui/public-page.js';

const fonts = loadShareFonts();
const brand = { siteName: 'Launch & <Board>', host: 'launch.example.com' };
const listing: ListingCardData = {
  name: 'Acme <script>&"Co"',
  slug: 'acme',
  tagline: 'Ship faster & <b>safer</b>, it\'s "fast"',
  category: 'Dev & Ops',
  votes: 1234,
  status: 'live',
  week: '2026-11-16',
  award: 'Launch of the Week #1',
};

/** The SVG parsed as XML (a parse error throws), and its texts in order. */
function texts(svg: string): string[] {
  const doc = new JSDOM(svg, { contentType: 'image/svg+xml' }).window.document;
  expect(doc.documentElement.getAttribute('width')).toBe('1200');
  expect(doc.documentElement.getAttribute('height')).toBe('630');
  return [...doc.querySelectorAll('text')].map((t) => t.textContent ?? '');
}

describe('the listing card', () => {
  it('is well-formed XML with the name, tagline, labels and votes shown as given, escaped', () => {
    const svg = listingCardSvg(fonts, brand, listing);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('Acme &lt;script&gt;&amp;&quot;Co&quot;');
    expect(texts(svg)).toEqual([
      'AS',
      '1234',
      'votes',
      'Acme <script>&"Co"',
      'Ship faster & <b>safer</b>, it\'s "fast"',
      'Launch of the Week #1',
      'Dev & Ops',
      'Launched in week 2026-W47',
      'Launch & <Board>',
      'launch.example.com',
    ]);
  });

  it('paints the monogram in the colour the pages give the name', () => {
    const colour = monogramColour(nameHue(listing.name));
    expect(listingCardSvg(fonts, brand, listing)).toContain(`width="152" height="152" rx="33.4" fill="${colour}"`);
  });

  it('gives the same bytes for the same data', () => {
    expect(listingCardSvg(fonts, brand, listing)).toBe(listingCardSvg(fonts, brand, { ...listing }));
    expect(listingCardSvg(fonts, brand, listing)).not.toBe(listingCardSvg(fonts, brand, { ...listing, votes: 1235 }));
  });

  it('shows a scheduled listing’s launch week instead of votes', () => {
    const shown = texts(
      listingCardSvg(fonts, brand, { ...listing, status: 'scheduled', week: '2026-12-07', award: null }),
    );
    expect(shown).toEqual(expect.arrayContaining(['Launching', 'W50', '2026', 'Launching in week 2026-W50']));
    expect(shown).not.toContain('votes');
  });

  it('falls back to the slug for a name Inter cannot draw, and cuts a long one to fit', () => {
    expect(texts(listingCardSvg(fonts, brand, { ...listing, name: '日本語' }))).toContain('acme');
    const long = texts(listingCardSvg(fonts, brand, { ...listing, name: 'Word '.repeat(60).trim() }));
    expect(long.some((t) => t.endsWith('…'))).toBe(true);
  });
});

describe('the week card', () => {
  const top = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ name: `P<${i}>`, slug: `p${i}`, tagline: `T&${i}`, votes: 100 - i }));

  it('names the week, its dates and its top five launches with their votes', () => {
    const shown = texts(weekCardSvg(fonts, brand, { monday: '2026-11-16', kind: 'past', total: 7, top: top(7) }));
    expect(shown).toEqual(expect.arrayContaining(['Launches of week 2026-W47', '16 Nov – 22 Nov 2026 · 7 launches']));
    expect(shown.filter((t) => /^P<\d>$/.test(t))).toEqual(['P<0>', 'P<1>', 'P<2>', 'P<3>', 'P<4>']);
    expect(shown).toEqual(expect.arrayContaining(['100', '96', 'T&0']));
  });

  it('says when a week has nothing yet, and does not rank a future week', () => {
    expect(texts(weekCardSvg(fonts, brand, { monday: '2026-11-16', kind: 'current', total: 0, top: [] }))).toContain(
      'No launches this week yet.',
    );
    const future = texts(weekCardSvg(fonts, brand, { monday: '2026-11-30', kind: 'future', total: 2, top: top(2) }));
    expect(future[2]).toBe('Launching in week 2026-W49');
    expect(future).not.toContain('100');
  });
});

describe('the site card', () => {
  it('shows the site name and its purpose, escaped', () => {
    const shown = texts(siteCardSvg(fonts, brand, 'Products <launched> & ranked. By the community.'));
    expect(shown).toEqual([
      'Launch & <Board>',
      'Products <launched> & ranked. By the',
      'community.',
      'launch.example.com',
    ]);
  });
});

describe('isoWeekName', () => {
  it.each([
    ['2026-11-16', '2026-W47'],
    ['2026-01-05', '2026-W02'],
    ['2025-12-29', '2026-W01'],
    ['2020-12-28', '2020-W53'],
    ['2021-01-04', '2021-W01'],
    ['2024-12-30', '2025-W01'],
  ])('names the week of %s as %s', (monday, name) => {
    expect(isoWeekName(monday)).toBe(name);
  });
});

describe('oklchHex', () => {
  it('converts CSS oklch to sRGB like browsers do for in-gamut colours', () => {
    expect(oklchHex(1, 0, 0)).toBe('#ffffff');
    expect(oklchHex(0, 0, 0)).toBe('#000000');
    // oklch(62.8% 0.2577 29.23) is CSS red.
    expect(oklchHex(0.628, 0.2577, 29.23)).toBe('#ff0000');
  });
});
