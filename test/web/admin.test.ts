// The admin pages: for admins only (everyone else gets 404, on reads and on
// form posts), the overview linking every page with what is waiting, and the
// review feeds of listing edits and the mail outbox.
import { beforeAll, describe, expect, it } from 'vitest';
import { sendMail } from '../../src/platform/mail.js';
import { updateMyListing } from '../../src/listings/my-listings.js';
import { given } from '../helpers/given.js';
import { servedTestContext } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';
import { Browser, formFor, signUpThroughPages } from '../oauth/browser.js';

const ADMIN_PAGES = [
  '/admin',
  '/admin/settings',
  '/admin/products',
  '/admin/reviews',
  '/admin/reports',
  '/admin/votes',
  '/admin/changes',
  '/admin/outbox',
  '/admin/webhooks',
];
const ADMIN_POSTS = [
  '/admin/webhooks',
  '/admin/webhooks/1/test',
  '/admin/webhooks/1/delete',
  '/admin/settings',
  '/admin/products',
  '/admin/products/launch/price',
  '/admin/reviews/1/flag',
  '/admin/reviews/1/unflag',
  '/admin/reports/1/resolve',
  '/admin/reports/1/dismiss',
  '/admin/votes/1/discount',
  '/admin/votes/1/restore',
];

const served = servedTestContext();
let admin: Browser;
let person: Browser;
beforeAll(async () => {
  const maker = await userWithKey(served.ctx, ['listings:write']);
  const id = await given(served.ctx).listing({
    slug: 'acme',
    fields: { owner_id: maker.userId, name: 'Acme', tagline: 'Before <b>' },
  });
  await updateMyListing(served.ctx, maker.userId, id, { fields: { tagline: 'After <script>' } });
  await sendMail(served.ctx, { to: 'someone@example.com', subject: 'Hello there', text: 'Body' });
  person = new Browser(served.server.url);
  await signUpThroughPages(person, 'person@example.com', 'long enough pw');
  admin = new Browser(served.server.url);
  await signUpThroughPages(admin, 'boss@example.com', 'long enough pw');
  await served.ctx.db.updateTable('users').set({ role: 'admin' }).where('email', '=', 'boss@example.com').execute();
});

describe('admin pages', () => {
  it('are 404 for visitors and for people who are not admins', async () => {
    const visitor = new Browser(served.server.url);
    for (const path of ADMIN_PAGES) {
      expect((await visitor.request(path)).status, path).toBe(404);
      const res = await person.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('Admin');
    }
  });

  it('refuse form posts from visitors and non-admins with 404, even with a valid CSRF token', async () => {
    const page = await (await person.request('/account')).text();
    const csrf = formFor(page, '/sign-out').hidden._csrf;
    for (const path of ADMIN_POSTS) {
      expect((await new Browser(served.server.url).request(path, { form: { cents: '1' } })).status, path).toBe(404);
      expect(
        (await person.request(path, { form: { _csrf: csrf, cents: '1', site_name: 'Taken over' } })).status,
        path,
      ).toBe(404);
    }
    expect(
      (await served.ctx.db.selectFrom('settings').select('key').where('key', '=', 'site_name').executeTakeFirst())?.key,
    ).toBeUndefined();
    expect(await served.ctx.db.selectFrom('products').selectAll().execute()).toEqual([]);
  });

  it('open for an admin, with the admin menu and nothing cached', async () => {
    for (const path of ADMIN_PAGES) {
      const res = await admin.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      const page = await res.text();
      expect(page).toContain('<nav aria-label="Admin">');
      expect(page).toContain('boss@example.com');
    }
  });

  it('are linked from the header of every page for an admin only', async () => {
    for (const path of ['/', '/my', '/account']) {
      expect(await (await admin.request(path)).text(), path).toContain('<a href="/admin">Admin</a>');
      expect(await (await person.request(path)).text(), path).not.toContain('href="/admin"');
    }
  });

  it('have an overview linking every admin page, with open reports and flagged votes counted', async () => {
    const listing = await given(served.ctx).listing({ slug: 'counted' });
    const voter = await userWithKey(served.ctx, []);
    const now = served.ctx.clock.now().toISOString();
    await served.ctx.db
      .insertInto('votes')
      .values({
        listing_id: listing,
        user_id: voter.userId,
        created_at: now,
        network: 'abc',
        flags: 'new_account',
        discounted_at: null,
        discounted_by: null,
      })
      .execute();
    const report = (reason: string, status: 'open' | 'dismissed') => ({
      reporter_id: voter.userId,
      target_kind: 'listing' as const,
      target_id: listing,
      listing_id: listing,
      reason,
      created_at: now,
      status,
    });
    await served.ctx.db
      .insertInto('reports')
      .values([report('spam', 'open'), report('other', 'open'), report('other', 'dismissed')])
      .execute();
    const page = await (await admin.request('/admin')).text();
    for (const path of ADMIN_PAGES.slice(1)) expect(page, path).toContain(`href="${path}"`);
    expect(page).toContain('2 open reports');
    expect(page).toContain('1 flagged vote');
  });

  it('show an admin every edit with before/after, escaped, and the outbox', async () => {
    const changes = await admin.request('/admin/changes');
    expect(changes.status).toBe(200);
    const page = await changes.text();
    expect(page).toContain('Before &lt;b&gt;');
    expect(page).toContain('After &lt;script&gt;');
    expect(page).not.toContain('<script>');
    expect(await (await admin.request('/admin/outbox')).text()).toContain('Hello there');
  });

  it('put every table header in scope and label every visible input', async () => {
    await served.ctx.db
      .insertInto('products')
      .values({ key: 'launch', name: 'Launch', price_cents: 4900, updated_at: served.ctx.clock.now().toISOString() })
      .execute();
    for (const path of ADMIN_PAGES) {
      const page = await (await admin.request(path)).text();
      expect(page.match(/<th\b(?![^>]*\bscope=)[^>]*>/g) ?? [], path).toEqual([]);
      const ids = [...page.matchAll(/<(?:input|select|textarea)\b(?![^>]*type="hidden")[^>]*>/g)].map(
        (m) => m[0].match(/\bid="([^"]+)"/)?.[1],
      );
      for (const id of ids) {
        expect(id, `${path}: an input without an id`).toBeDefined();
        expect(page, `${path}: no label for ${id}`).toContain(`<label for="${id}"`);
      }
    }
  });
});
