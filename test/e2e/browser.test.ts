// A person in a real browser (headless Debian Chromium through playwright-core):
// signs up, creates an API key on the API keys page, and the key works on
// /api/v1/me. CI installs Chromium and sets LAUNCHBOARD_REQUIRE_BROWSER=1, so
// there a missing browser fails instead of skipping.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext, type TestContext } from '../helpers/context.js';
import { startServer, type TestServer } from '../helpers/server.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available && process.env.LAUNCHBOARD_REQUIRE_BROWSER)
  throw new Error(`Chromium is required but not found at ${CHROMIUM}`);

describe.skipIf(!available)('in a real browser', () => {
  let ctx: TestContext;
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    ctx = await testContext();
    server = await startServer(ctx);
    ctx.config.publicUrl = server.url;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await ctx?.close();
  });

  it('signs up, creates an API key on the API keys page, and uses it', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/sign-up`);
    await page.getByLabel('Email').fill('browser@example.com');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/account/);

    await page.goto(`${server.url}/account/api-keys`);
    await page.getByLabel('Name').fill('browser key');
    await page.getByRole('checkbox', { name: /account:read/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('#api-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^lb_/);

    const res = await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    expect((await res.json()).user.email).toBe('browser@example.com');
  });
});
