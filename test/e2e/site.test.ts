// The site people use, in a real browser (headless Debian Chromium through
// playwright-core): a person signs up, confirms the mailed link, goes from
// the home page to a listing, votes, and sees the count and this week's
// ranking change; a badge on a maker's site links back to the listing page;
// the checkout page from a quote completes a test payment. The home, listing
// and leaderboard pages are screenshotted into artifacts/screenshots/ and
// checked with axe-core (no serious or critical violations). CI installs
// Chromium and sets LAUNCHBOARD_REQUIRE_BROWSER=1, so there a missing browser
// fails instead of skipping.
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { launches } from '../helpers/launches.js';
import { checkoutOverRest, priceProducts } from '../helpers/orders.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';
import { chromiumAvailable, launchChromium, signUpInBrowser, axeViolations } from './chromium.js';

const SCREENSHOTS = join(process.cwd(), 'artifacts', 'screenshots');
const THIS_WEEK = '2026-11-16'; // the Monday of TEST_NOW's week

async function review(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  expect(await axeViolations(page, ['serious', 'critical']), `${name} page accessibility`).toEqual([]);
}

/** The rank shown for a listing on the launch week page. */
async function weekRank(page: Page, name: string): Promise<number> {
  const item = page.locator('li', { has: page.getByRole('link', { name }) }).first();
  const text = (await item.locator('.rank').textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

describe.skipIf(!chromiumAvailable)('the site in a real browser', () => {
  let ctx: TestContext;
  let server: TestServer;
  let browser: Browser;
  let makerSite: Server;
  let makerSiteUrl = '';
  let badgeEmbed = '';

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ctx = await testContext();
    server = await startServer(ctx);
    ctx.config.publicUrl = server.url;
    await priceProducts(ctx);
    const week = launches(ctx);
    const category = await given(ctx).category({ slug: 'developer-tools', name: 'Developer tools' });
    const tool = (slug: string, name: string, tagline: string, hour: string) =>
      week.launch({
        slug,
        week: THIS_WEEK,
        launchedAt: `${THIS_WEEK}T${hour}:00:00.000Z`,
        categories: [category],
        fields: { name, tagline },
      });
    // Alpha launched first, so it leads Beta on a tie.
    const alpha = await tool('alpha-tool', 'Alpha Tool', 'The first tool', '08');
    const beta = await tool('beta-tool', 'Beta Tool', 'The second tool', '09');
    await week.votes(alpha, ['2026-11-20T10:00:00.000Z', '2026-11-21T10:00:00.000Z']);
    await week.votes(beta, ['2026-11-20T11:00:00.000Z', '2026-11-21T11:00:00.000Z']);

    // A maker's homepage carrying the badge embed code get_badges hands out.
    const badges = await (await fetch(`${server.url}/api/v1/listings/beta-tool/badges`)).json();
    badgeEmbed = badges.items[0].html;
    makerSite = createServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><title>Beta Tool</title><h1>Beta Tool</h1>${badgeEmbed}`),
    );
    await new Promise<void>((r) => makerSite.listen(0, '127.0.0.1', r));
    makerSiteUrl = `http://127.0.0.1:${(makerSite.address() as AddressInfo).port}`;

    browser = await launchChromium([
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    makerSite?.closeAllConnections();
    await new Promise((r) => (makerSite ? makerSite.close(r) : r(undefined)));
    await server?.close();
    await ctx?.close();
  });

  it('signs up, confirms the email, goes home → listing → votes, and the count and the week ranking change', async () => {
    const page = await browser.newPage();
    await signUpInBrowser(page, server.url, 'voter@example.com');
    const mail = await ctx.db
      .selectFrom('outbox')
      .select('text')
      .where('to', '=', 'voter@example.com')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await page.goto(/https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mail.text)![0]);

    await page.goto(`${server.url}/launches/weeks/this`);
    expect(await weekRank(page, 'Alpha Tool')).toBe(1);
    expect(await weekRank(page, 'Beta Tool')).toBe(2);

    await page.goto(`${server.url}/`);
    await review(page, 'home');
    await page.getByRole('link', { name: 'Beta Tool' }).first().click();
    await page.waitForURL(/\/listings\/beta-tool/);
    await expect.poll(() => page.locator('#vote-count').textContent()).toBe('2');
    // The vote script counts it in place: the button is pressed and the count goes up without a page load.
    const upvote = page.getByRole('button', { name: 'Upvote Beta Tool' });
    await upvote.click();
    await expect.poll(() => upvote.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('#vote-count').textContent()).toBe('3');
    expect(page.url()).toBe(`${server.url}/listings/beta-tool`);
    await review(page, 'listing');

    await page.goto(`${server.url}/launches/weeks/this`);
    expect(await weekRank(page, 'Beta Tool')).toBe(1);
    expect(await weekRank(page, 'Alpha Tool')).toBe(2);

    await page.goto(`${server.url}/leaderboards/community-weekly`);
    await review(page, 'leaderboard');
    await page.close();
  });

  it('serves an accessible REST reference: axe-clean at 1366 and 390, light and dark, an operation open and tried', async () => {
    for (const [width, colorScheme] of [
      [1366, 'light'],
      [390, 'dark'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
      try {
        const page = await context.newPage();
        await page.goto(`${server.url}/docs`);
        const operation = page.locator('#operations-Public-search_listings');
        await operation.locator('.opblock-summary-control').click();
        await operation.getByRole('button', { name: 'Try it out' }).click();
        await operation.getByRole('button', { name: 'Execute' }).click();
        await operation.locator('.responses-table .response').first().waitFor();
        expect(await axeViolations(page), `/docs at ${width} (${colorScheme})`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      } finally {
        await context.close();
      }
    }
  });

  it("copies a listing's address with its Copy link button", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      const page = await context.newPage();
      await page.goto(`${server.url}/listings/beta-tool`);
      await page.getByRole('button', { name: 'Copy link' }).click();
      await page.getByRole('button', { name: 'Link copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/listings/beta-tool`);
    } finally {
      await context.close();
    }
  });

  it("opens the listing page from the badge on the maker's site", async () => {
    const page = await browser.newPage();
    await page.goto(makerSiteUrl);
    await page.locator('a img').first().click();
    await page.waitForURL(`${server.url}/listings/beta-tool?ref=badge`);
    expect(await page.title()).toMatch(/Beta Tool/);
    await page.close();
  });

  it('completes a test payment on the checkout page from a quote', async () => {
    const maker = await userWithKey(ctx, ['orders:write', 'account:read']);
    const id = await given(ctx).listing({
      slug: 'gamma-tool',
      status: 'draft',
      fields: { name: 'Gamma Tool', owner_id: maker.userId },
    });
    const body = { items: [{ product: 'launch', listing_id: id }], billing_country: 'US' };
    const quote = await fetch(`${server.url}/api/v1/orders/quote`, {
      method: 'POST',
      headers: { ...maker.auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(quote.status).toBe(200);
    const { total_cents } = await quote.json();
    const order = await checkoutOverRest(server.url, maker.auth, body);

    const page = await browser.newPage();
    await page.goto(order.checkout_url);
    await page.getByRole('heading', { name: 'TEST MODE' }).waitFor();
    await page.getByRole('button', { name: /Complete test payment/ }).click();
    await page.getByText(/Payment received/).waitFor();
    const got = await (await fetch(`${server.url}/api/v1/orders/${order.number}`, { headers: maker.auth })).json();
    expect(got.status).toMatch(/^(paid|fulfilled)$/);
    expect(got.total_cents).toBe(total_cents);
    await page.close();
  });
});
