// Headless Debian Chromium through playwright-core for the browser tests:
// whether it is there (CI installs it and sets LAUNCHBOARD_REQUIRE_BROWSER=1,
// so there a missing browser fails instead of skipping), and the steps their
// pages share.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
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

const axeSource: string = createRequire(import.meta.url)('axe-core').source;

/** Every accessibility violation axe-core finds on the page, as "rule (impact): targets", one line each. */
export async function axeViolations(page: Page, impacts?: readonly string[]): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => !impacts || impacts.includes(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
