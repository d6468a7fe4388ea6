// The discussion on a listing page in a real browser (headless Chromium): a
// visitor comments, the maker answers (marked "Maker") and comments too, the
// visitor replies, and an admin hides a spam comment from the moderation
// page. The listing and admin pages are checked with axe-core at 1366 and
// 390 px wide, with no sideways scroll on the phone; screenshots go to
// artifacts/comments/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { axeViolations, chromiumAvailable, launchChromium, signUpInBrowser } from './chromium.js';

const ARTIFACTS = join('artifacts', 'comments');

let ctx: TestContext;
let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!chromiumAvailable) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  ctx = await testContext();
  server = await startServer(ctx);
  ctx.config.publicUrl = server.url;
  const category = await given(ctx).category({ slug: 'productivity', name: 'Productivity' });
  await given(ctx).listing({
    slug: 'gridnote',
    categories: [category],
    fields: {
      name: 'Gridnote',
      tagline: 'Notes that line up',
      description: 'Gridnote keeps your notes on a grid, so related ideas sit side by side.',
      launched_at: '2026-11-16T08:00:00.000Z',
    },
  });
  browser = await launchChromium(['--disable-gpu', '--disable-background-networking']);
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.close();
  await ctx?.close();
});

/** A person signed up in their own browser context, confirmed, with a display name (and a role). */
async function person(email: string, name: string, role = 'user'): Promise<{ page: Page; id: number }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await signUpInBrowser(page, server.url, email);
  await ctx.db
    .updateTable('users')
    .set({ name, role, email_verified_at: ctx.clock.now().toISOString() })
    .where('email', '=', email)
    .execute();
  const { id } = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { page, id };
}

async function press(locator: Locator): Promise<void> {
  await Promise.all([locator.page().waitForNavigation(), locator.click()]);
}

async function textOf(locator: Locator): Promise<string> {
  await locator.page().waitForLoadState();
  return (await locator.textContent()) ?? '';
}

async function shot(page: Page, name: string, part?: Locator): Promise<void> {
  await (part ?? page).screenshot({ path: join(ARTIFACTS, `${name}.png`), ...(part ? {} : { fullPage: true }) });
}

/** axe-core clean at desktop and phone widths, no sideways scroll on the phone; a phone screenshot of `part`. */
async function expectAxeClean(page: Page, name: string, part: Locator): Promise<void> {
  expect(await axeViolations(page), `${name} at 1366`).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeViolations(page), `${name} at 390`).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name}: sideways scroll at 390`,
  ).toBeLessThanOrEqual(390);
  await shot(page, `${name}-390`, part);
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe.skipIf(!chromiumAvailable)('the discussion on a listing page, in a browser', () => {
  it('takes comments and replies from a visitor and the maker, and an admin hides one', async () => {
    const visitor = await person('vera@example.com', 'Vera Visitor');
    const maker = await person('olga@example.com', 'Olga Maker');
    const admin = await person('ada@example.com', 'Ada Admin', 'admin');
    await ctx.db.updateTable('listings').set({ owner_id: maker.id }).where('slug', '=', 'gridnote').execute();
    const listingUrl = `${server.url}/listings/gridnote`;
    const discussion = (page: Page) => page.locator('section.discussion');

    // Anyone may read; signed out, the page asks to sign in.
    const anonymous = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    contexts.push(anonymous);
    const reader = await anonymous.newPage();
    await reader.goto(listingUrl);
    expect(await textOf(discussion(reader))).toContain('No comments yet.');
    expect(await textOf(discussion(reader))).toContain('Sign in or create an account to join the discussion.');

    // The visitor comments.
    await visitor.page.goto(`${listingUrl}#discussion`);
    await shot(visitor.page, 'empty-discussion', discussion(visitor.page));
    await visitor.page
      .getByLabel('Add a comment')
      .fill(
        'Does Gridnote work offline?\n\nI take notes on trains a lot. Docs I found: https://example.com/gridnote/faq',
      );
    await press(visitor.page.getByRole('button', { name: 'Post comment' }));
    expect(await textOf(discussion(visitor.page))).toContain('Your comment is posted.');
    expect(await visitor.page.locator('.comment-body a').getAttribute('rel')).toBe('ugc nofollow noopener');
    ctx.clock.advance(20 * 60_000);

    // The maker answers in the thread, marked as the maker, and comments at the top level too.
    await maker.page.goto(listingUrl);
    await maker.page.locator('summary', { hasText: 'Reply to Vera Visitor' }).click();
    await maker.page
      .getByLabel('Your reply to Vera Visitor')
      .fill('Yes: everything works offline and syncs when you are back online.');
    await press(maker.page.getByRole('button', { name: 'Post reply' }));
    const reply = maker.page.locator('.comment-reply').first();
    expect(await textOf(reply.locator('.comment-meta'))).toMatch(/Olga Maker\s*Maker/);
    ctx.clock.advance(5 * 60_000);
    await maker.page
      .getByLabel('Add a comment as the maker')
      .fill('Hi everyone, maker here. Ask me anything about Gridnote!');
    await press(maker.page.getByRole('button', { name: 'Post comment' }));
    ctx.clock.advance(2 * 60_000);

    // The visitor replies to the maker's comment, and sees the edit form for a few minutes.
    await visitor.page.goto(listingUrl);
    await visitor.page.locator('summary', { hasText: 'Reply to Olga Maker' }).click();
    await visitor.page.getByLabel('Your reply to Olga Maker').fill('How do I export my notes?');
    await press(visitor.page.getByRole('button', { name: 'Post reply' }));
    const threads = discussion(visitor.page).locator('.comment-thread');
    expect(await threads.count()).toBe(2);
    expect(await textOf(threads.first())).toContain('How do I export my notes?');
    await visitor.page.locator('summary', { hasText: 'Edit your comment' }).click();
    await shot(visitor.page, 'discussion-1366', discussion(visitor.page));
    await expectAxeClean(visitor.page, 'discussion', discussion(visitor.page));

    // A comment the rules refuse comes back with the text kept and the field's problem named.
    await visitor.page
      .getByLabel('Add a comment')
      .fill('Compare https://a.example, https://b.example and https://c.example');
    await press(visitor.page.getByRole('button', { name: 'Post comment' }));
    expect(await textOf(visitor.page.locator('#form-problem'))).toContain(
      'Your comment: At most 2 links (it has 3): remove some.',
    );
    expect(await visitor.page.getByLabel('Your comment').inputValue()).toContain('https://c.example');
    await shot(visitor.page, 'refused-comment');
    await expectAxeClean(visitor.page, 'refused-comment', visitor.page.locator('main'));

    // A spam comment, hidden by an admin from the moderation page.
    ctx.clock.advance(10 * 60_000);
    const spammer = await person('spam@example.com', 'Cheap Deals');
    await spammer.page.goto(listingUrl);
    await spammer.page.getByLabel('Add a comment').fill('Cheap followers at https://spam.example now!!!');
    await press(spammer.page.getByRole('button', { name: 'Post comment' }));
    const spamId = (await ctx.db.selectFrom('comments').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow())
      .id;
    await admin.page.goto(`${server.url}/admin/comments`);
    await shot(admin.page, 'admin-comments');
    await admin.page.getByLabel(`Reason for hiding comment #${spamId}`).fill('Spam');
    await press(admin.page.getByRole('button', { name: `Hide comment #${spamId}` }));
    expect(await textOf(admin.page.locator('main'))).toContain('Comment hidden');
    await expectAxeClean(admin.page, 'admin-comments', admin.page.locator('main'));

    // (Signed out, the page may be cached for a minute: the reader reloads.)
    await reader.reload();
    expect(await textOf(discussion(reader))).not.toContain('Cheap followers');
    expect(await textOf(discussion(reader))).toContain('4 comments');
    await shot(reader, 'discussion-signed-out', discussion(reader));
    await shot(reader, 'listing-page');
    await reader.emulateMedia({ colorScheme: 'dark' });
    await shot(reader, 'discussion-dark', discussion(reader));
    expect(await axeViolations(reader), 'discussion in dark mode').toEqual([]);
    await reader.emulateMedia({ colorScheme: 'light' });
    await expectAxeClean(reader, 'discussion-signed-out', discussion(reader));
    // Four people's browsers and eight axe runs: about 15 s on a quiet machine, twice that on a busy one.
  }, 120_000);
});
