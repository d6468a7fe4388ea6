// Upvoting where people are, in a real browser (headless Debian Chromium
// through playwright-core), at laptop (1366 px) and phone (390 px) width: from
// a list's card and from the large button on a listing's first screen, with
// the script (the count changes in place, no page load) and without it (the
// form posts and comes back with a notice). The large button is within the
// first screen; every page is checked with axe-core and screenshotted into
// artifacts/votes/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { axeViolations, chromiumAvailable, launchChromium, signUpInBrowser } from './chromium.js';

const SCREENSHOTS = join(process.cwd(), 'artifacts', 'votes');
const VIEWPORTS = {
  1366: { width: 1366, height: 768 },
  390: { width: 390, height: 844 },
} as const;
// TEST_NOW is Sunday 22 Nov 2026: these launched today, in the week of Monday 16 Nov.
const LAUNCHED = { launch_week: '2026-11-16', launched_at: '2026-11-22T08:00:00.000Z' };
const LIST = '/launches';

describe.skipIf(!chromiumAvailable)('voting in a real browser', () => {
  let ctx: TestContext;
  let server: TestServer;
  let browser: Browser;
  let voter: Cookie[] = [];
  let unconfirmed: Cookie[] = [];

  /** A signed-up person's cookies; confirmed unless asked otherwise. */
  async function signedUp(email: string, confirmed: boolean): Promise<Cookie[]> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signUpInBrowser(page, server.url, email);
    if (confirmed)
      await ctx.db
        .updateTable('users')
        .set({ email_verified_at: ctx.clock.now().toISOString() })
        .where('email', '=', email)
        .execute();
    const cookies = await context.cookies();
    await context.close();
    return cookies;
  }

  async function open(
    cookies: Cookie[],
    width: keyof typeof VIEWPORTS,
    javaScriptEnabled = true,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: VIEWPORTS[width], javaScriptEnabled });
    await context.addCookies(cookies);
    return { context, page: await context.newPage() };
  }

  /** Counts the page loads of the main frame from now on. */
  function loads(page: Page): () => number {
    let n = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) n += 1;
    });
    return () => n;
  }

  async function check(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
    expect(await axeViolations(page), `${name}: accessibility`).toEqual([]);
  }

  const countOf = async (page: Page, slug: string) =>
    Number(await page.locator(`form[data-vote="${slug}"] .vote-count`).first().textContent());

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ctx = await testContext();
    server = await startServer(ctx);
    ctx.config.publicUrl = server.url;
    const g = given(ctx);
    const category = await g.category({ slug: 'developer-tools', name: 'Developer tools' });
    const product = (slug: string, name: string, votes: number) =>
      g.listing({
        slug,
        categories: [category],
        fields: {
          name,
          tagline: `${name} helps teams ship a little faster every week`,
          votes_count: votes,
          description: `${name} is a tool for teams.`,
          ...LAUNCHED,
        },
      });
    await product('alpha', 'Alpha', 12);
    await product('beta', 'Beta', 7);
    await product('gamma', 'Gamma', 3);
    browser = await launchChromium(['--disable-gpu', '--disable-background-networking']);
    voter = await signedUp('voter@example.com', true);
    unconfirmed = await signedUp('new@example.com', false);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await ctx?.close();
  });

  for (const width of [1366, 390] as const) {
    it(`votes from a list in place with the script at ${width} px, and takes the vote back`, async () => {
      const { context, page } = await open(voter, width);
      try {
        await page.goto(`${server.url}${LIST}`);
        const pageLoads = loads(page);
        const button = page.getByRole('button', { name: 'Upvote Alpha' });
        expect(await button.getAttribute('aria-pressed')).toBe('false');
        const before = await countOf(page, 'alpha');
        await button.click();
        await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
        expect(await countOf(page, 'alpha')).toBe(before + 1);
        await expect.poll(() => page.locator('.vote-toast').textContent()).toContain('Your vote is in');
        expect(await page.locator(`form[data-vote="alpha"]`).first().getAttribute('action')).toBe(
          '/listings/alpha/unvote',
        );
        expect(pageLoads()).toBe(0);
        expect(page.url()).toBe(`${server.url}${LIST}`);
        await check(page, `list-voted-${width}`);

        await button.click();
        await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
        expect(await countOf(page, 'alpha')).toBe(before);
        expect(pageLoads()).toBe(0);
        // The page as loaded anew agrees.
        await page.reload();
        expect(await page.getByRole('button', { name: 'Upvote Alpha' }).getAttribute('aria-pressed')).toBe('false');
      } finally {
        await context.close();
      }
    });

    it(`votes from a list without the script at ${width} px: the form posts and comes back`, async () => {
      const { context, page } = await open(voter, width, false);
      try {
        await page.goto(`${server.url}${LIST}`);
        const before = await countOf(page, 'beta');
        await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Upvote Beta' }).click()]);
        expect(page.url()).toBe(`${server.url}${LIST}?vote=voted&vote_on=beta#vote-notice`);
        expect(await page.locator('#vote-notice').textContent()).toBe('Your vote is in. Thank you!');
        expect(await page.getByRole('button', { name: 'Upvote Beta' }).getAttribute('aria-pressed')).toBe('true');
        expect(await countOf(page, 'beta')).toBe(before + 1);
        await page.screenshot({ path: join(SCREENSHOTS, `list-no-script-${width}.png`) });

        await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Upvote Beta' }).click()]);
        expect(page.url()).toBe(`${server.url}${LIST}?vote=unvoted&vote_on=beta#vote-notice`);
        expect(await countOf(page, 'beta')).toBe(before);
      } finally {
        await context.close();
      }
    });

    it(`puts the large vote button on the first screen of a listing at ${width} px and votes in place`, async () => {
      const { context, page } = await open(voter, width);
      try {
        await page.goto(`${server.url}/listings/gamma`);
        const pageLoads = loads(page);
        const button = page.locator('button.vote-large');
        const box = (await button.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORTS[width].height);
        // The largest thing in the listing's header: bigger than the logo, as wide as the space allows.
        const logo = (await page.locator('.listing-head .monogram').boundingBox())!;
        expect(box.width * box.height).toBeGreaterThan(logo.width * logo.height);
        expect(box.height).toBeGreaterThanOrEqual(48);

        await button.click();
        await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
        expect(await page.locator('#vote-count').textContent()).toBe('4');
        expect(await page.locator('.vote-large .vote-word').textContent()).toBe('Upvoted');
        // The community section further down says the same.
        expect(await page.locator('[data-vote-total="gamma"]').textContent()).toBe('4 votes');
        expect(pageLoads()).toBe(0);
        await check(page, `profile-voted-${width}`);
        await button.click();
        await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
        expect(await page.locator('#vote-count').textContent()).toBe('3');
      } finally {
        await context.close();
      }
    });

    it(`votes from a listing's first screen without the script at ${width} px`, async () => {
      const { context, page } = await open(voter, width, false);
      try {
        await page.goto(`${server.url}/listings/gamma`);
        const box = (await page.locator('button.vote-large').boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORTS[width].height);
        await Promise.all([page.waitForNavigation(), page.locator('button.vote-large').click()]);
        expect(page.url()).toBe(`${server.url}/listings/gamma?vote=voted&vote_on=gamma#vote-notice`);
        expect(await page.locator('#vote-notice').textContent()).toBe('Your vote is in. Thank you!');
        expect(await page.locator('#vote-count').textContent()).toBe('4');
        // Scrolled to the notice, the button above it is still in view.
        expect((await page.locator('button.vote-large').boundingBox())!.y).toBeGreaterThanOrEqual(0);
        await page.screenshot({ path: join(SCREENSHOTS, `profile-no-script-${width}.png`) });
        await Promise.all([page.waitForNavigation(), page.locator('button.vote-large').click()]);
        expect(await page.locator('#vote-count').textContent()).toBe('3');
      } finally {
        await context.close();
      }
    });

    it(`shows a visitor the counts and a way to sign in at ${width} px`, async () => {
      const { context, page } = await open([], width);
      try {
        await page.goto(`${server.url}${LIST}`);
        const link = page.getByRole('link', { name: 'Sign in to upvote Alpha' });
        expect(await link.getAttribute('href')).toBe('/sign-in?return_to=%2Flaunches&vote=alpha');
        await check(page, `list-visitor-${width}`);
        await page.goto(`${server.url}/listings/alpha`);
        const box = (await page.locator('a.vote-large').boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORTS[width].height);
        await check(page, `profile-visitor-${width}`);
      } finally {
        await context.close();
      }
    });
  }

  it('keeps the pressed and the plain buttons readable in the dark scheme', async () => {
    for (const width of [1366, 390] as const) {
      const context = await browser.newContext({ viewport: VIEWPORTS[width], colorScheme: 'dark' });
      await context.addCookies(voter);
      const page = await context.newPage();
      try {
        await page.goto(`${server.url}${LIST}`);
        const button = page.getByRole('button', { name: 'Upvote Gamma' });
        await button.click();
        await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
        await check(page, `list-dark-${width}`);
        await page.goto(`${server.url}/listings/gamma`);
        await check(page, `profile-dark-${width}`);
        await page.locator('button.vote-large').click();
        await expect.poll(() => page.locator('button.vote-large').getAttribute('aria-pressed')).toBe('false');
      } finally {
        await context.close();
      }
    }
  });

  it('tells an unconfirmed person why their vote did not count, without leaving the page', async () => {
    const { context, page } = await open(unconfirmed, 1366);
    try {
      await page.goto(`${server.url}${LIST}`);
      const pageLoads = loads(page);
      const button = page.getByRole('button', { name: 'Upvote Alpha' });
      const before = await countOf(page, 'alpha');
      await button.click();
      await expect.poll(() => page.locator('.vote-toast').textContent()).toContain('Confirm your email address first');
      expect(await page.locator('.vote-toast a').getAttribute('href')).toBe('/account');
      expect(await button.getAttribute('aria-pressed')).toBe('false');
      expect(await countOf(page, 'alpha')).toBe(before);
      expect(pageLoads()).toBe(0);
      await check(page, 'list-unconfirmed-1366');
    } finally {
      await context.close();
    }
  });
});
