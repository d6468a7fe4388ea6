// Notifications in Chromium, as people use them: a maker signed in sees the
// header's bell count rise when another person follows and reviews their
// listing, opens it from the bell (the count clears), chooses what comes by
// mail, and follows a mail's unsubscribe link. axe finds nothing at desktop
// and phone widths, in light and dark mode. Screenshots go to
// artifacts/notifications/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailSettingsOf } from '../../src/community/notification-settings.js';
import { unsubscribeKey, unsubscribeToken } from '../../src/community/unsubscribe.js';
import { given } from '../helpers/given.js';
import { servedTestContext } from '../helpers/server.js';
import { confirmEmail } from '../helpers/users.js';
import { axeViolations, chromiumAvailable, launchChromium, signUpInBrowser } from './chromium.js';

const ARTIFACTS = join('artifacts', 'notifications');
const served = servedTestContext();
let browser: Browser;

beforeAll(async () => {
  if (!chromiumAvailable) return;
  browser = await launchChromium(['--disable-gpu', '--disable-background-networking']);
  mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const userId = async (email: string) =>
  (await served.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** The bell's accessible name and drawn count on the current page. */
async function bell(page: Page): Promise<{ label: string | null; count: string | null }> {
  const link = page.locator('header.site a.bell');
  const badge = link.locator('.bell-count');
  return {
    label: await link.getAttribute('aria-label'),
    count: (await badge.count()) ? await badge.textContent() : null,
  };
}

/** axe at 1366 and 390 px, no sideways scroll on the phone; screenshots of both. */
async function checkAndShoot(page: Page, name: string): Promise<void> {
  expect(await axeViolations(page), `${name} at 1366`).toEqual([]);
  await page.screenshot({ path: join(ARTIFACTS, `${name}-1366.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeViolations(page), `${name} at 390`).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name}: sideways scroll at 390`,
  ).toBeLessThanOrEqual(390);
  await page.screenshot({ path: join(ARTIFACTS, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe.skipIf(!chromiumAvailable)('notifications in a browser', () => {
  it("count another person's follow and review on the bell, and clear when opened", async () => {
    const site = served.server.url;
    const makerContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const fanContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      const maker = await makerContext.newPage();
      await signUpInBrowser(maker, site, 'maker@example.com');
      const makerId = await userId('maker@example.com');
      await given(served.ctx).listing({
        slug: 'lumen',
        fields: { name: 'Lumen', tagline: 'Light for your notes', owner_id: makerId },
      });
      expect(await bell(maker)).toEqual({ label: 'Notifications', count: null });

      // Another person follows and reviews the listing, through the listing page.
      const fan = await fanContext.newPage();
      await signUpInBrowser(fan, site, 'fan@example.com');
      await confirmEmail(served.ctx, await userId('fan@example.com'));
      await fan.goto(`${site}/listings/lumen`);
      await Promise.all([fan.waitForNavigation(), fan.getByRole('button', { name: 'Follow for updates' }).click()]);
      await fan.getByLabel('4 stars').check();
      await fan.getByLabel('Your review').fill('Clear and quick. <b>Would</b> use again.');
      await Promise.all([fan.waitForNavigation(), fan.getByRole('button', { name: 'Publish review' }).click()]);
      // The fan's own actions do not ring their own bell.
      expect(await bell(fan)).toEqual({ label: 'Notifications', count: null });

      await maker.goto(`${site}/`);
      expect(await bell(maker)).toEqual({ label: 'Notifications, 2 unread', count: '2' });
      await maker.screenshot({
        path: join(ARTIFACTS, 'header-bell-1366.png'),
        clip: { x: 0, y: 0, width: 1366, height: 80 },
      });
      await maker.setViewportSize({ width: 390, height: 844 });
      await maker.screenshot({
        path: join(ARTIFACTS, 'header-bell-390.png'),
        clip: { x: 0, y: 0, width: 390, height: 120 },
      });
      await maker.setViewportSize({ width: 1366, height: 900 });

      await Promise.all([maker.waitForNavigation(), maker.locator('header.site a.bell').click()]);
      expect(new URL(maker.url()).pathname).toBe('/account/notifications');
      expect(await bell(maker)).toEqual({ label: 'Notifications', count: null });
      const text = await maker.locator('main').textContent();
      expect(text).toContain('Lumen has a new follower');
      expect(text).toContain('A member reviewed Lumen: 4 of 5 stars');
      expect(text).toContain('Clear and quick. <b>Would</b> use again.');
      await checkAndShoot(maker, 'notifications');
      await maker.emulateMedia({ colorScheme: 'dark' });
      expect(await axeViolations(maker), 'dark').toEqual([]);
      await maker.screenshot({ path: join(ARTIFACTS, 'notifications-dark-1366.png'), fullPage: true });
      await maker.emulateMedia({ colorScheme: 'light' });

      // Reloading: nothing new.
      await maker.goto(`${site}/account`);
      expect(await bell(maker)).toEqual({ label: 'Notifications', count: null });

      // Mail settings, from the notifications page.
      await maker.goto(`${site}/account/notifications`);
      await Promise.all([
        maker.waitForNavigation(),
        maker.getByRole('link', { name: 'Choose what comes by mail' }).click(),
      ]);
      await checkAndShoot(maker, 'settings');
      await maker.getByLabel('New followers of your listings').uncheck();
      await maker.getByLabel('New votes on your listings (an hourly summary)').check();
      await Promise.all([maker.waitForNavigation(), maker.getByRole('button', { name: 'Save' }).click()]);
      expect(await maker.locator('.notice').textContent()).toBe('Saved.');
      expect(await mailSettingsOf(served.ctx, makerId)).toMatchObject({ follow: false, vote: true, review: true });

      // A mail's unsubscribe link, opened in a browser: confirm, then stopped.
      const token = unsubscribeToken(await unsubscribeKey(served.ctx), makerId, 'review');
      await maker.goto(`${site}/unsubscribe?token=${encodeURIComponent(token)}`);
      await checkAndShoot(maker, 'unsubscribe-confirm');
      await Promise.all([maker.waitForNavigation(), maker.getByRole('button', { name: 'Stop this mail' }).click()]);
      expect(await maker.locator('main').textContent()).toContain(
        'You will no longer get mail about reviews of your listings.',
      );
      await checkAndShoot(maker, 'unsubscribe-done');
      expect(await mailSettingsOf(served.ctx, makerId)).toMatchObject({ review: false });
    } finally {
      await makerContext.close();
      await fanContext.close();
    }
  });
});
