// The maker's whole journey on the website, in Chromium, as a person does it:
// sign up, "Launch your product", give a (local fixture) site's URL, wait for
// the draft, edit a field, lock one, restore one, add a founder and two FAQs,
// save edits of two parts with one button (leaving unsaved edits asks first),
// submit, choose the free launch and copy the badge; then a second product
// through the paid route to a test payment; the dashboard shows both. Run
// with JavaScript on and off: the site needs none. Screenshots of each step
// go to artifacts/maker-journey/ (and, with UPDATE_SCREENSHOTS=1, the small
// ones the README shows to docs/screenshots/).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceProducts } from '../helpers/orders.js';
import { serveSite, type FixtureSite } from '../fixtures/sites/serve.js';
import { draftTestBed, type DraftTestBed } from '../tools/drafts/setup.js';
import { axeViolations, chromiumAvailable, launchChromium } from './chromium.js';

const ARTIFACTS = join('artifacts', 'maker-journey');
const README_SHOTS = process.env.UPDATE_SCREENSHOTS ? join('docs', 'screenshots') : null;

let bed: DraftTestBed;
let rich: FixtureSite;
let lumen: FixtureSite;
let browser: Browser;

beforeAll(async () => {
  if (!chromiumAvailable) return;
  bed = await draftTestBed();
  await priceProducts(bed.ctx);
  // The checkout link and the badge point at the site's public address: this server.
  bed.ctx.config.publicUrl = bed.server.url;
  rich = await serveSite('rich');
  lumen = await serveSite('lumen');
  browser = await launchChromium(['--disable-gpu', '--disable-background-networking']);
  mkdirSync(ARTIFACTS, { recursive: true });
  if (README_SHOTS) mkdirSync(README_SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await rich?.close();
  await lumen?.close();
  await bed?.close();
});

describe.skipIf(!chromiumAvailable).each([
  ['with JavaScript', true],
  ['without JavaScript', false],
] as const)('the maker journey in a browser (%s)', (_label, javaScriptEnabled) => {
  it('goes from a URL to a free launch and a paid one, and the dashboard shows both', async () => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const slug = javaScriptEnabled ? 'js' : 'nojs';
    let step = 0;
    /** Saves the step's screenshot; a small README copy (JPEG of the viewport, or of `part`) for the named steps. */
    const shot = async (name: string, readme: boolean | Locator = false) => {
      step += 1;
      await page.screenshot({
        path: join(ARTIFACTS, `${slug}-${String(step).padStart(2, '0')}-${name}.png`),
        fullPage: true,
      });
      if (!README_SHOTS || readme === false || !javaScriptEnabled) return;
      const options = { path: join(README_SHOTS, `${name}.jpg`), type: 'jpeg' as const, quality: 60 };
      await (readme === true ? page.screenshot(options) : readme.screenshot(options));
    };
    // axe-core runs as a script in the page: checked on the run with JavaScript, at desktop and phone widths.
    const expectAxeClean = async () => {
      if (!javaScriptEnabled) return;
      expect(await axeViolations(page), 'at 1366').toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await axeViolations(page), 'at 390').toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        'sideways scroll at 390',
      ).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1366, height: 900 });
    };

    try {
      // Sign up, then "Launch your product" from the header.
      await page.goto(`${bed.server.url}/sign-up`);
      await page.getByLabel('Email').fill(`maker-${slug}@example.com`);
      await page.getByLabel('Password').fill('a long enough password');
      await press(page.getByRole('button', { name: 'Create account' }));
      await page.waitForURL(/\/account/);
      await press(page.getByRole('link', { name: 'Launch your product' }).first());
      await page.waitForURL(/\/submit$/);
      await shot('submit', true);
      await expectAxeClean();

      // A URL the tool refuses: the form names the field.
      await page.getByLabel('Your product’s website').fill('ftp://example.com/files');
      await press(page.getByRole('button', { name: 'Draft my listing' }));
      expect(await textOf(page.locator('#form-problem'))).toContain('Your product’s website');
      expect(await page.locator('#f-url').getAttribute('aria-invalid')).toBe('true');

      const draftUrl = await submitUrl(page, rich.url);
      expect(await textOf(page.locator('main'))).toMatch(/Reading your site|Drafting/);
      await shot('draft-reading');
      await bed.runJobs();
      await page.goto(draftUrl);
      expect(await page.locator('#f-fields-tagline').inputValue()).toBe('Invoices that chase themselves');
      await shot('draft-ready', true);
      await expectAxeClean();

      // Edit one field, lock one, restore the edited one to the AI's value.
      await page.locator('#f-fields-tagline').fill('Invoices that chase late payers for you');
      await press(page.getByRole('button', { name: 'Save changes' }).first());
      expect(await textOf(page.locator('main'))).toContain('Saved');
      expect(await page.locator('#f-fields-tagline').inputValue()).toBe('Invoices that chase late payers for you');
      await press(page.getByRole('button', { name: 'Lock Product name' }));
      expect(await textOf(page.locator('main'))).toContain('Product name locked');
      await page.locator('#f-fields-short_description').fill('Edited, then restored.');
      await press(page.getByRole('button', { name: 'Save changes' }).first());
      expect(await page.locator('#f-fields-short_description').inputValue()).toBe('Edited, then restored.');
      await press(page.getByRole('button', { name: 'Restore AI value Short description' }));
      expect(await page.locator('#f-fields-short_description').inputValue()).not.toBe('Edited, then restored.');

      // A founder and two FAQs; an FAQ without its answer is named first.
      await page.locator('#f-founders-0-name').fill('Ada Lovelace');
      await page.locator('#f-founders-0-title').fill('Founder');
      await press(page.getByRole('button', { name: 'Save founders' }));
      expect(await page.locator('#f-founders-0-name').inputValue()).toBe('Ada Lovelace');
      await fillFaq(page, 0, 'Is there a free plan?', '');
      await press(page.getByRole('button', { name: 'Save FAQs' }));
      expect(await textOf(page.locator('#form-problem'))).toContain('FAQ 1');
      await fillFaq(page, 0, 'Is there a free plan?', 'Yes, for up to three clients.');
      await fillFaq(page, 1, 'Can I bring my own domain?', 'Yes, on every plan.');
      await press(page.getByRole('button', { name: 'Save FAQs' }));
      expect(await page.locator('#f-faqs-1-question').inputValue()).toBe('Can I bring my own domain?');

      // Whichever button is pressed, every edit on the page goes with it: a field edited, then "Save story".
      await page.locator('#f-fields-city').fill('Lyon');
      await page.locator('#f-story-problem').fill('Chasing invoices ate our evenings.');
      await press(page.getByRole('button', { name: 'Save story' }));
      await page.reload();
      expect(await page.locator('#f-fields-city').inputValue()).toBe('Lyon');
      expect(await page.locator('#f-story-problem').inputValue()).toBe('Chasing invoices ate our evenings.');
      if (javaScriptEnabled) {
        // Leaving with an edit not saved asks first; staying keeps it.
        await page.locator('#f-fields-city').fill('Paris');
        const dialog = new Promise<string>((resolve) =>
          page.once('dialog', (d) => {
            resolve(d.type());
            void d.dismiss();
          }),
        );
        await page.locator('header a[href="/my"]').first().click({ noWaitAfter: true });
        expect(await dialog).toBe('beforeunload');
        expect(await page.locator('#f-fields-city').inputValue()).toBe('Paris');
        await page.locator('#f-fields-city').fill('Lyon');
      }

      // Submit, then the free route; the badge HTML is there to copy.
      await press(page.getByRole('button', { name: 'Submit as my listing' }).first());
      await page.waitForURL(/\/my\/listings\/\d+\/launch(\?|$)/);
      await shot('launch-choice', true);
      await expectAxeClean();
      await press(page.getByRole('button', { name: 'Choose the free launch' }));
      const badge = await page.getByLabel('Badge HTML to copy').inputValue();
      expect(badge).toMatch(/^<a href="[^"]+\/listings\/[a-z0-9-]+\?ref=badge"/);
      await shot('free-launch-chosen', true);
      await expectAxeClean();

      // A second product, through the paid route to a test payment.
      await press(page.getByRole('link', { name: 'Launch your product' }).first());
      const second = await submitUrl(page, lumen.url);
      await bed.runJobs();
      await page.goto(second);
      await press(page.getByRole('button', { name: 'Submit as my listing' }).first());
      await page.waitForURL(/\/my\/listings\/\d+\/launch(\?|$)/);
      await page.locator('label.launch-week:not(.full)').nth(1).click();
      await page.getByLabel('Billing country').fill('Germany');
      await press(page.getByRole('button', { name: 'See the price' }));
      expect(await textOf(page.locator('#form-problem'))).toContain('Billing country');
      await shot('paid-refused');
      await page.getByLabel('Billing country').fill('DE');
      await press(page.getByRole('button', { name: 'See the price' }));
      expect(await textOf(page.locator('main'))).toContain('VAT');
      await shot('paid-quote', page.locator('#paid'));
      await expectAxeClean();
      await press(page.getByRole('button', { name: 'Go to checkout' }));
      await page.waitForURL(/\/checkout\//);
      await press(page.getByRole('button', { name: /Complete test payment/ }));
      expect(await textOf(page.locator('main'))).toContain('Payment received');
      await bed.runJobs();

      // The dashboard shows both, each with its status.
      await press(page.getByRole('link', { name: 'Your dashboard' }));
      await page.waitForURL(/\/my$/);
      const listings = page.locator('section[aria-labelledby="listings"]');
      expect(await textOf(listings)).toContain('Waiting for your badge');
      expect(await textOf(listings)).toContain('Scheduled');
      expect(await textOf(listings)).toContain('Paid launch');
      expect(await textOf(listings)).toContain('Free launch');
      await shot('dashboard', true);
      await expectAxeClean();

      // The other pages a maker opens from here, each accessible at both widths.
      await press(page.locator('section[aria-labelledby="listings"] a', { hasText: 'Lumen' }).first());
      expect(page.url()).toMatch(/\/my\/listings\/\d+$/);
      await shot('manage-listing');
      await expectAxeClean();
      await page.goto(`${bed.server.url}/my`);
      await press(page.getByRole('link', { name: 'Receipt' }).first());
      expect(await textOf(page.locator('main'))).toContain('Receipt');
      await shot('receipt');
      await expectAxeClean();
      for (const path of ['/launch', '/terms', '/privacy', '/my/claims/new?slug=nonexistent-product']) {
        await page.goto(`${bed.server.url}${path}`);
        await expectAxeClean();
      }
    } catch (err) {
      await page.screenshot({ path: join(ARTIFACTS, `${slug}-failed.png`), fullPage: true });
      throw err;
    } finally {
      await context.close();
    }
  }, 120_000);
});

/** Clicks what navigates (a form's button, a link) and waits for the next page. */
async function press(locator: Locator): Promise<void> {
  // waitForNavigation is deprecated for waitForURL, but a form often posts back to its own URL.
  await Promise.all([locator.page().waitForNavigation(), locator.click()]);
}

/** The text of what the locator finds, once the page has loaded. */
async function textOf(locator: Locator): Promise<string> {
  await locator.page().waitForLoadState();
  return (await locator.textContent()) ?? '';
}

/** Gives the submit page a URL and returns the draft page it leads to. */
async function submitUrl(page: Page, url: string): Promise<string> {
  await page.getByLabel('Your product’s website').fill(url);
  await press(page.getByRole('button', { name: 'Draft my listing' }));
  await page.waitForURL(/\/drafts\/[0-9a-f-]{36}/);
  return page.url().split('?')[0]!;
}

async function fillFaq(page: Page, i: number, question: string, answer: string): Promise<void> {
  await page.locator(`#f-faqs-${i}-question`).fill(question);
  await page.locator(`#f-faqs-${i}-answer`).fill(answer);
}
