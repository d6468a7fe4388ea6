// Headless Debian Chromium through playwright-core for the browser tests:
// whether it is there (CI installs it and sets LAUNCHBOARD_REQUIRE_BROWSER=1,
// so there a missing browser fails instead of skipping), and the steps their
// pages share.
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumAvailable = existsSync(CHROMIUM);
if (!chromiumAvailable && process.env.LAUNCHBOARD_REQUIRE_BROWSER)
  throw new Error(`Chromium is required but not found at ${CHROMIUM}`);

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', ...extraArgs] });
}

/** Creates an account on the sign-up page and waits for the account page it leads to. */
export async function signUpInBrowser(page: Page, siteUrl: string, email: string): Promise<void> {
  await page.goto(`${siteUrl}/sign-up`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/account/);
}
