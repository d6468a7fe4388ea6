// The site's design on the demo directory (its pictures drawn), in a real browser (headless Debian
// Chromium through playwright-core): home, a listing, a paid one's media, search, a category, last
// week's launches, the leaderboards, the Domain Rating board, a founder and a
// blog post at laptop (1366 px) and phone (390 px) width (the admin pages: admin.test.ts), in the
// light and the dark scheme. Each is screenshotted into
// artifacts/screenshots/design-*.png and checked with axe-core (no violation
// of any impact), and no page scrolls sideways on a phone.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed/demo.js';
import { settingDefaults } from '../../src/directory/settings.js';
import { drawOwnSvg } from '../../src/media/process.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { chromiumAvailable, launchChromium, axeViolations } from './chromium.js';

const SCREENSHOTS = join(process.cwd(), 'artifacts', 'screenshots');

const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;

describe.skipIf(!chromiumAvailable)('the design on the demo directory', () => {
  let ctx: TestContext;
  let server: TestServer;
  let browser: Browser;
  const pages: [string, string][] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ctx = await testContext();
    await seedDemo(ctx.db, { now: ctx.clock.now(), settings: settingDefaults, draw: drawOwnSvg });
    server = await startServer(ctx);
    ctx.config.publicUrl = server.url;
    const top = await ctx.db
      .selectFrom('listings')
      .select(['slug', 'name'])
      .where('status', '=', 'live')
      .orderBy('votes_count', 'desc')
      .executeTakeFirstOrThrow();
    const category = await ctx.db
      .selectFrom('categories')
      .select('slug')
      .where('parent_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const withScreenshots = await ctx.db
      .selectFrom('listings')
      .innerJoin('listing_screenshots as s', 's.listing_id', 'listings.id')
      .select('slug')
      .where('status', '=', 'live')
      .orderBy('listings.id')
      .executeTakeFirstOrThrow();
    const founder = await ctx.db.selectFrom('founders').select('slug').orderBy('id').executeTakeFirstOrThrow();
    const post = await ctx.db
      .selectFrom('blog_posts')
      .select('slug')
      .where('published_at', 'is not', null)
      .orderBy('published_at', 'desc')
      .executeTakeFirstOrThrow();
    pages.push(
      ['home', '/'],
      ['listing', `/listings/${top.slug}`],
      ['listing-media', `/listings/${withScreenshots.slug}`],
      ['search', `/search?q=${encodeURIComponent(top.name.split(' ')[0])}`],
      ['category', `/categories/${category.slug}`],
      ['week', '/launches/weeks/last'],
      ['leaderboards', '/leaderboards'],
      ['domain-rating', '/leaderboards/domain-rating'],
      ['founder', `/founders/${founder.slug}`],
      ['blog-post', `/blog/${post.slug}`],
    );
    browser = await launchChromium(['--disable-gpu', '--disable-background-networking']);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await ctx?.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      it(`shows every page at ${width} width in the ${scheme} scheme without accessibility violations`, async () => {
        const context = await browser.newContext({ viewport, colorScheme: scheme });
        const page = await context.newPage();
        try {
          for (const [name, path] of pages) {
            const res = await page.goto(`${server.url}${path}`);
            expect(res?.status(), path).toBe(200);
            const suffix = scheme === 'light' ? '' : '-dark';
            await page.screenshot({ path: join(SCREENSHOTS, `design-${name}-${width}${suffix}.png`), fullPage: true });
            if (width === 'mobile' && scheme === 'light')
              await page.screenshot({ path: join(SCREENSHOTS, `design-${name}-mobile-first-screen.png`) });
            if (width === 'mobile' && name === 'home') {
              // A phone's first screen shows five whole products, each with its picture.
              const whole = await page.evaluate(
                () =>
                  [...document.querySelectorAll('main .cards li')].filter(
                    (card) =>
                      card.getBoundingClientRect().bottom <= window.innerHeight && card.querySelector('img.logo'),
                  ).length,
              );
              expect(whole, 'whole products on the first screen of home at 390 × 844').toBeGreaterThanOrEqual(5);
              // The site's nav is folded into a menu that opens without JavaScript.
              await page.locator('.menu > summary').click();
              await expect.poll(() => page.getByRole('link', { name: 'Leaderboards' }).first().isVisible()).toBe(true);
              await page.screenshot({ path: join(SCREENSHOTS, `design-menu-open-mobile${suffix}.png`) });
              expect(await axeViolations(page), `open menu at mobile (${scheme})`).toEqual([]);
            }
            expect(await axeViolations(page), `${name} at ${width} (${scheme})`).toEqual([]);
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            expect(overflow, `${name} at ${width} scrolls sideways`).toBeLessThanOrEqual(0);
          }
        } finally {
          await context.close();
        }
      }, 120_000);
    }
  }
});
