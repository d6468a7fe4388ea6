// The admin pages in Chromium, as an admin uses them: sign in, find a listing
// and hide it with a reason (it leaves the home page and the launches list),
// look over users and orders, then write a blog post, preview it, save and
// publish it (it is on the blog). Every admin page is checked with axe-core
// at 1366 and 390 px, without sideways scrolling on the phone (nor a header
// wider than the page at 1366 and 960), and
// screenshotted at both widths into artifacts/admin/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/accounts/users.js';
import { given } from '../helpers/given.js';
import { paidLine, pendingBillboardOrder, priceProducts } from '../helpers/orders.js';
import { servedTestContext } from '../helpers/server.js';
import { axeViolations, chromiumAvailable, launchChromium } from './chromium.js';

const ARTIFACTS = join('artifacts', 'admin');
const THIS_WEEK = '2026-11-16'; // the Monday of TEST_NOW's week
const PASSWORD = 'a long enough password';

const served = servedTestContext();
let browser: Browser;
let acmeId: number;

beforeAll(async () => {
  if (!chromiumAvailable) return;
  const ctx = served.ctx;
  mkdirSync(ARTIFACTS, { recursive: true });
  await priceProducts(ctx);
  const admin = await createUser(ctx.db, {
    email: 'admin@example.com',
    password: PASSWORD,
    name: 'Ada Admin',
    role: 'admin',
    confirmed: true,
    now: ctx.clock.now(),
  });
  const maker = await createUser(ctx.db, {
    email: 'maker@example.com',
    password: PASSWORD,
    name: 'Max Maker',
    confirmed: true,
    now: ctx.clock.now(),
  });
  for (const [slug, name, tagline, hour] of [
    ['acme', 'Acme Invoicing', 'Invoices that chase themselves', '09'],
    ['lumen', 'Lumen Notes', 'Notes that link themselves', '10'],
    ['pulse', 'Pulse Metrics', 'Product analytics without cookies', '11'],
  ] as const)
    await given(ctx).listing({
      slug,
      fields: {
        name,
        tagline,
        owner_id: maker,
        launch_week: THIS_WEEK,
        launched_at: `2026-11-22T${hour}:00:00.000Z`,
        plan: 'free',
      },
    });
  acmeId = (await ctx.db.selectFrom('listings').select('id').where('slug', '=', 'acme').executeTakeFirstOrThrow()).id;
  await paidLine(ctx, { userId: maker, listingId: acmeId, product: 'featured', amountCents: 9900, week: THIS_WEEK });
  await pendingBillboardOrder(ctx, served.server.url, 2500);
  // A review and a comment for the moderation tables.
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .insertInto('reviews')
    .values({
      listing_id: acmeId,
      user_id: admin,
      rating: 4,
      body: 'Chased two invoices for me.',
      flagged: 0,
      created_at: now,
    })
    .execute();
  await ctx.db
    .insertInto('comments')
    .values({ listing_id: acmeId, user_id: admin, body: 'Does it work with Stripe?', created_at: now })
    .execute();
  browser = await launchChromium(['--disable-gpu', '--disable-background-networking']);
});

afterAll(async () => {
  await browser?.close();
});

async function press(locator: Locator): Promise<void> {
  // A form often posts back to its own URL, so wait for the navigation itself.
  await Promise.all([locator.page().waitForNavigation(), locator.click()]);
}

async function mainText(page: Page): Promise<string> {
  await page.waitForLoadState();
  return (await page.locator('main').textContent()) ?? '';
}

describe.skipIf(!chromiumAvailable)('the admin pages in a browser', () => {
  it('hides a listing with a reason, and publishes a blog post after a preview', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const site = served.server.url;
    /** axe at both widths, no sideways scroll on a phone, and a full-page screenshot at each. */
    /** The header's row holds an admin's longer account links without spilling past the page. */
    const headerFits = async (width: number) => {
      await page.setViewportSize({ width, height: 900 });
      const [scroll, client] = await page.evaluate(() => {
        const bar = document.querySelector('header.site .bar')!;
        return [bar.scrollWidth, bar.clientWidth];
      });
      expect(scroll, `header at ${width}`).toBeLessThanOrEqual(client);
      await page.setViewportSize({ width: 1366, height: 900 });
    };
    const review = async (name: string) => {
      expect(await axeViolations(page), `${name} at 1366`).toEqual([]);
      await headerFits(1366);
      await headerFits(960);
      await page.screenshot({ path: join(ARTIFACTS, `${name}-1366.png`), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await axeViolations(page), `${name} at 390`).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${name}: sideways scroll at 390`,
      ).toBeLessThanOrEqual(390);
      await page.screenshot({ path: join(ARTIFACTS, `${name}-390.png`), fullPage: true });
      await page.setViewportSize({ width: 1366, height: 900 });
    };

    try {
      await page.goto(`${site}/`);
      expect(await mainText(page)).toContain('Acme Invoicing');
      await page.goto(`${site}/sign-in?return_to=/admin`);
      await page.getByLabel('Email').fill('admin@example.com');
      await page.getByLabel('Password').fill(PASSWORD);
      await press(page.getByRole('button', { name: 'Sign in' }));
      expect(new URL(page.url()).pathname).toBe('/admin');
      await review('overview');

      // Find the listing and hide it.
      await press(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Listings' }));
      await page.getByLabel('Name, slug or domain').fill('acme');
      await press(page.getByRole('button', { name: 'Find listings' }));
      await review('listings');
      await press(page.getByRole('link', { name: 'Acme Invoicing', exact: true }));
      await review('listing');
      await page.locator('#f-hide-reason').fill('Copies another product’s screenshots. Replace them and write to us.');
      await press(page.getByRole('button', { name: 'Hide listing' }));
      expect(await mainText(page)).toContain('Listing hidden');
      expect(await mainText(page)).toContain('Copies another product’s screenshots');
      await review('listing-hidden');
      // Dark mode: the same page keeps its contrast.
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await axeViolations(page), 'listing-hidden in dark mode').toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS, 'listing-hidden-dark-1366.png'), fullPage: true });
      await page.emulateMedia({ colorScheme: 'light' });

      // It left the home page and the launches list; the others stay.
      await page.goto(`${site}/`);
      let home = await mainText(page);
      expect(home).not.toContain('Acme Invoicing');
      expect(home).toContain('Lumen Notes');
      await page.goto(`${site}/launches`);
      expect(await mainText(page)).not.toContain('Acme Invoicing');
      expect((await page.goto(`${site}/listings/acme`))?.status()).toBe(404);

      // Users and orders.
      await page.goto(`${site}/admin/users`);
      await review('users');
      await press(page.getByRole('link', { name: 'maker@example.com' }));
      expect(await mainText(page)).toContain('They are signed out everywhere and cannot sign in.');
      await review('user');
      await page.goto(`${site}/admin/orders`);
      await review('orders');
      await press(page.locator('table a[href^="/admin/orders/LB-"]').first());
      await review('order');

      // A blog post: write, preview, save, publish.
      await page.goto(`${site}/admin/blog`);
      await press(page.getByRole('link', { name: 'Write a post' }));
      await page.getByLabel('Title').fill('How to launch on a Monday');
      await page.getByLabel('Summary').fill('A short checklist for launch day.');
      await page
        .getByLabel('Body (Markdown)')
        .fill(
          '## Before the day\n\n- Write the tagline\n- Ask **three** friends to try it\n\nRead [the docs](https://example.com/docs).',
        );
      await press(page.getByRole('button', { name: 'Preview' }));
      const preview = page.getByRole('region', { name: 'Preview' });
      expect(await preview.locator('h3', { hasText: 'Before the day' }).count()).toBe(1);
      expect(await preview.locator('strong').textContent()).toBe('three');
      expect(await page.getByLabel('Title').inputValue()).toBe('How to launch on a Monday');
      await review('blog-preview');
      await press(page.getByRole('button', { name: 'Save post' }));
      expect(await mainText(page)).toContain('Post saved.');
      await page.goto(`${site}/blog`);
      expect(await mainText(page)).not.toContain('How to launch on a Monday');
      await page.goto(`${site}/admin/blog`);
      await press(page.getByRole('button', { name: 'Publish How to launch on a Monday' }));
      expect(await mainText(page)).toContain('Post published');
      await review('blog');
      // The moderation tables, whose hidden labels once widened a phone's page.
      for (const path of ['reviews', 'comments', 'reports', 'votes']) {
        await page.goto(`${site}/admin/${path}`);
        await review(path);
      }
      await page.goto(`${site}/blog`);
      await press(page.getByRole('link', { name: 'How to launch on a Monday' }));
      expect(await page.locator('main h1').textContent()).toBe('How to launch on a Monday');
      expect(await page.locator('.post h3').textContent()).toBe('Before the day');
      home = await mainText(page);
      expect(home).toContain('Ask three friends to try it');

      // The owner sees the hiding, by the site team, with the reason, in the listing's history.
      const owner = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const ownerPage = await owner.newPage();
      await ownerPage.goto(`${site}/sign-in?return_to=/my`);
      await ownerPage.getByLabel('Email').fill('maker@example.com');
      await ownerPage.getByLabel('Password').fill(PASSWORD);
      await press(ownerPage.getByRole('button', { name: 'Sign in' }));
      await ownerPage.goto(`${site}/my/listings/${acmeId}#history`);
      const history = (await ownerPage.locator('#history').locator('..').textContent()) ?? '';
      expect(history).toContain('by the site team');
      expect(history).toContain('Reason: Copies another product’s screenshots');
      await ownerPage
        .locator('#history')
        .locator('..')
        .screenshot({ path: join(ARTIFACTS, 'owner-history-1366.png') });
      await owner.close();
    } finally {
      await context.close();
    }
  }, 120_000);
});
