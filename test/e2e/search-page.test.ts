// The search page in a real browser (headless Debian Chromium through
// playwright-core), as a visitor on a phone (390 px) and on a laptop
// (1366 px): on the phone the search box and its button are at the top and
// the first result is on the first screen (the other filters folded); the
// suggestions and the marked words show; axe-core finds no violation.
// Screenshots go to artifacts/screenshots/search-*.png. CI installs Chromium
// and sets LAUNCHBOARD_REQUIRE_BROWSER=1, so there a missing browser fails
// instead of skipping.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { given } from '../helpers/given.js';
import { servedTools } from '../helpers/server.js';
import { chromiumAvailable, launchChromium, axeViolations } from './chromium.js';

const SCREENSHOTS = join(process.cwd(), 'artifacts', 'screenshots');

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

const PRODUCTS: [name: string, tagline: string, category: 'calendars' | 'notes' | 'invoicing', country: string][] = [
  ['Tempo', 'The shared calendar that plans your team’s week for you', 'calendars', 'DE'],
  ['Daybreak', 'Calendar scheduling links without the back-and-forth', 'calendars', 'US'],
  ['Slotwise', 'Book meetings across time zones from one calendar', 'calendars', 'GB'],
  ['Café Agenda', 'A calm daily calendar for café owners & their staff', 'calendars', 'FR'],
  ['Quillpad', 'Fast notes that link to each other', 'notes', 'US'],
  ['Marginalia', 'Note taking for researchers who read a lot', 'notes', 'NL'],
  ['Ledgerly', 'Invoicing for freelancers, with reminders that get you paid', 'invoicing', 'SE'],
  ['Billow', 'Send invoices and track payments in one place', 'invoicing', 'US'],
  ['Chronicle', 'A calendar of your product’s releases, shared with customers', 'calendars', 'CA'],
  ['Planwell', 'Weekly planning with your calendar and tasks side by side', 'calendars', 'AU'],
];

describe.skipIf(!chromiumAvailable)('the search page in a real browser', () => {
  const served = servedTools({
    seed: async (ctx) => {
      const g = given(ctx);
      const productivity = await g.category({ slug: 'productivity', name: 'Productivity' });
      const categories = {
        calendars: await g.category({ slug: 'calendars', name: 'Calendars', parent: productivity }),
        notes: await g.category({ slug: 'notes', name: 'Note taking', parent: productivity }),
        invoicing: await g.category({ slug: 'invoicing', name: 'Invoicing' }),
      };
      for (const [i, [name, tagline, category, country]] of PRODUCTS.entries())
        await g.listing({
          slug: name.toLowerCase().replace(/[^a-z]+/g, '-'),
          categories: [categories[category]],
          fields: {
            name,
            tagline,
            country,
            pricing_model: ['freemium', 'subscription', 'free'][i % 3],
            votes_count: 40 - i * 3,
          },
        });
    },
  });
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await launchChromium(['--disable-gpu', '--no-first-run', '--disable-background-networking']);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The search box, its button and the first result each lie whole within the first screen. */
  async function expectResultsOnFirstScreen(page: Page, label: string): Promise<void> {
    const box = await page.getByRole('searchbox', { name: 'Search words' }).boundingBox();
    const button = await page.getByRole('button', { name: 'Search', exact: true }).boundingBox();
    const first = await page.locator('ul.cards > li').first().boundingBox();
    for (const [what, b] of [
      ['search box', box],
      ['search button', button],
      ['first result', first],
    ] as const) {
      expect(b, `${label}: ${what}`).not.toBeNull();
      expect(b!.y, `${label}: ${what}`).toBeGreaterThanOrEqual(0);
      expect(b!.y + b!.height, `${label}: ${what} ends within the first screen`).toBeLessThanOrEqual(PHONE.height);
      expect(b!.x + b!.width, `${label}: ${what} fits the width`).toBeLessThanOrEqual(PHONE.width);
    }
  }

  it('shows a phone visitor the search box and the first result on the first screen', async () => {
    const page = await browser.newPage({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await page.goto(`${served.server.url}/search?q=calendar`);
    await expectResultsOnFirstScreen(page, 'words only');
    expect(await page.getByLabel('Country').isVisible()).toBe(false); // folded under Filters
    expect(await page.locator('mark', { hasText: 'calendar' }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.search-suggestions a[href="/categories/calendars"]').count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'search-phone-first-screen.png') });
    expect(await axeViolations(page), 'phone: accessibility').toEqual([]);

    // Opening the filters shows the pickers; a typo is offered its correction.
    await page.getByText('Filters', { exact: true }).click();
    expect(await page.getByLabel('Country').isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'search-phone-filters-open.png') });
    await page.goto(`${served.server.url}/search?q=calender&country=US`);
    // A filter in force keeps the filters open, and the results still start on the first screen.
    expect(await page.locator('details.search-filters').getAttribute('open')).not.toBeNull();
    await expectResultsOnFirstScreen(page, 'with a filter');
    await page.screenshot({ path: join(SCREENSHOTS, 'search-phone-typo.png') });
    expect(await axeViolations(page), 'phone, typo: accessibility').toEqual([]);
    await page.close();
  });

  it('shows a laptop visitor suggestions, marked words and the filters', async () => {
    const page = await browser.newPage({ viewport: LAPTOP });
    await page.goto(`${served.server.url}/search?q=calendar`);
    expect(await page.locator('ul.cards > li').count()).toBeGreaterThan(3);
    const first = await page.locator('ul.cards > li').first().boundingBox();
    expect(first!.y + first!.height).toBeLessThanOrEqual(LAPTOP.height);
    await page.screenshot({ path: join(SCREENSHOTS, 'search-laptop.png'), fullPage: true });
    expect(await axeViolations(page), 'laptop: accessibility').toEqual([]);

    await page.goto(`${served.server.url}/search?q=prodcutivity+calender&pricing_model=freemium`);
    await page.screenshot({ path: join(SCREENSHOTS, 'search-laptop-filtered.png'), fullPage: true });
    expect(await axeViolations(page), 'laptop, filtered: accessibility').toEqual([]);

    await page.goto(`${served.server.url}/search?q=xylophone`);
    expect(await page.getByRole('status').textContent()).toBe('No products match “xylophone”.');
    await page.screenshot({ path: join(SCREENSHOTS, 'search-laptop-nothing.png'), fullPage: true });
    expect(await axeViolations(page), 'laptop, nothing found: accessibility').toEqual([]);
    await page.close();
  });
});
