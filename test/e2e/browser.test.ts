// A person in a real browser (headless Debian Chromium through playwright-core):
// signs up, creates an API key on the API keys page, and the key works on
// /api/v1/me. CI installs Chromium and sets LAUNCHBOARD_REQUIRE_BROWSER=1, so
// there a missing browser fails instead of skipping.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedTestContext } from '../helpers/server.js';
import { chromiumAvailable, launchChromium, signUpInBrowser } from './chromium.js';

describe.skipIf(!chromiumAvailable)('in a real browser', () => {
  const served = servedTestContext();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up, creates an API key on the API keys page, and uses it', async () => {
    const page = await browser.newPage();
    await signUpInBrowser(page, served.server.url, 'browser@example.com');

    await page.goto(`${served.server.url}/account/api-keys`);
    await page.getByLabel('Name').fill('browser key');
    await page.getByRole('checkbox', { name: /account:read/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('#api-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^lb_/);

    const res = await fetch(`${served.server.url}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    expect((await res.json()).user.email).toBe('browser@example.com');
  });
});
