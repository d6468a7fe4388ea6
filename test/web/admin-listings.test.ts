// /admin/listings: admins find any listing, hide it (gone from every public
// read, like a listing that is not live) and show it again, and edit its
// public fields with the owner's own validation; each with a reason that the
// history keeps and the owner sees. Everyone else gets 404, forms need their
// CSRF token, and hostile text comes back escaped.
import { beforeAll, describe, expect, it } from 'vitest';
import { mondayOf } from '../../src/launches/weeks.js';
import { given } from '../helpers/given.js';
import { servedTestContext } from '../helpers/server.js';
import { Browser, formFor, signUpThroughPages } from '../oauth/browser.js';

const XSS = '<script>alert(1)</script>';
const ATTR_XSS = '"><img src=x onerror=alert(1)>';

const served = servedTestContext();
let admin: Browser;
let owner: Browser;
let person: Browser;
let listingId: number;

const db = () => served.ctx.db;
const userId = async (email: string) =>
  (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  admin = new Browser(served.server.url);
  await signUpThroughPages(admin, 'boss@example.com', 'long enough pw');
  await db().updateTable('users').set({ role: 'admin' }).where('email', '=', 'boss@example.com').execute();
  owner = new Browser(served.server.url);
  await signUpThroughPages(owner, 'maker@example.com', 'long enough pw');
  person = new Browser(served.server.url);
  await signUpThroughPages(person, 'person@example.com', 'long enough pw');
  const now = served.ctx.clock.now();
  listingId = await given(served.ctx).listing({
    slug: 'acme',
    fields: {
      name: 'Acme Invoicing',
      tagline: 'Invoices that chase themselves',
      keywords: JSON.stringify(['invoices']),
      owner_id: await userId('maker@example.com'),
      launch_week: mondayOf(now),
      launched_at: now.toISOString(),
    },
  });
  await given(served.ctx).listing({ slug: 'bolt', status: 'draft', fields: { name: `Bolt ${XSS}` } });
});

const page = async (b: Browser, path: string) => (await b.request(path)).text();
const detail = () => page(admin, `/admin/listings/${listingId}`);
const post = async (action: string, fields: Record<string, string>) => {
  // Each action a minute later: the search index follows changes by their time.
  served.ctx.clock.advance(60_000);
  const form = formFor(await detail(), action);
  return admin.request(action, { form: { ...form.hidden, ...fields } });
};
const status = async () =>
  (await db().selectFrom('listings').select('status').where('id', '=', listingId).executeTakeFirstOrThrow()).status;
const versions = () =>
  db().selectFrom('listing_versions').selectAll().where('listing_id', '=', listingId).orderBy('id').execute();
const api = (path: string) => fetch(`${served.server.url}/api/v1${path}`);

/** Every public read the listing showed up in. */
async function publicTraces(): Promise<string[]> {
  const traces: string[] = [];
  const visitor = new Browser(served.server.url);
  if ((await page(visitor, '/')).includes('Acme Invoicing')) traces.push('home');
  if ((await page(visitor, '/launches')).includes('Acme Invoicing')) traces.push('launches');
  if ((await visitor.request('/listings/acme')).status === 200) traces.push('listing page');
  if ((await page(visitor, '/search?q=invoices')).includes('Acme Invoicing')) traces.push('search page');
  if ((await page(visitor, '/sitemap.xml')).includes('/listings/acme')) traces.push('sitemap');
  if ((await page(visitor, '/feeds/launches.rss')).includes('Acme Invoicing')) traces.push('feed');
  if ((await api('/listings/acme')).status === 200) traces.push('get_listing');
  const search = (await (await api('/listings?q=invoices')).json()) as { items: { slug: string }[] };
  if (search.items.some((l) => l.slug === 'acme')) traces.push('search_listings');
  return traces;
}
const EVERYWHERE = [
  'home',
  'launches',
  'listing page',
  'search page',
  'sitemap',
  'feed',
  'get_listing',
  'search_listings',
];

describe('who may use /admin/listings', () => {
  it('answers 404 to visitors and non-admins, on every page and form, even with a valid CSRF token', async () => {
    const visitor = new Browser(served.server.url);
    for (const path of ['/admin/listings', `/admin/listings/${listingId}`]) {
      expect((await visitor.request(path)).status, path).toBe(404);
      expect((await person.request(path)).status, path).toBe(404);
      expect((await owner.request(path)).status, path).toBe(404);
    }
    const csrf = formFor(await page(person, '/account'), '/sign-out').hidden._csrf;
    for (const action of ['hide', 'unhide', 'edit']) {
      const path = `/admin/listings/${listingId}/${action}`;
      const form = { _csrf: csrf, reason: 'Taking over', 'fields.tagline': 'Owned' };
      expect((await visitor.request(path, { form })).status, path).toBe(404);
      expect((await person.request(path, { form })).status, path).toBe(404);
    }
    expect(await status()).toBe('live');
    expect(await versions()).toEqual([]);
  });
});

describe('finding listings', () => {
  it('lists every listing with its status, escaped, and finds one by name, slug or status', async () => {
    const all = await page(admin, '/admin/listings');
    expect(all).toContain(`href="/admin/listings/${listingId}"`);
    expect(all).toContain('Bolt &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(all).not.toContain(XSS);
    expect(all).toContain('maker@example.com');

    const byName = await page(admin, '/admin/listings?q=INVOIC');
    expect(byName).toContain('Acme Invoicing');
    expect(byName).not.toContain('Bolt');
    expect(await page(admin, '/admin/listings?q=bolt')).not.toContain('Acme Invoicing');
    const drafts = await page(admin, '/admin/listings?status=draft');
    expect(drafts).toContain('Bolt');
    expect(drafts).not.toContain('Acme Invoicing');
    // LIKE wildcards in a search are taken literally.
    expect(await page(admin, '/admin/listings?q=%25')).toContain('No listings found.');
    expect(await page(admin, '/admin/listings?q=_')).toContain('No listings found.');
    // A search that is itself hostile comes back escaped in the box.
    const hostile = await page(admin, `/admin/listings?q=${encodeURIComponent(ATTR_XSS)}`);
    expect(hostile).not.toContain(ATTR_XSS);
    expect(hostile).toContain('No listings found.');
  });

  it('answers an unknown or malformed listing id with 404 and 400', async () => {
    expect((await admin.request('/admin/listings/999999')).status).toBe(404);
    expect((await admin.request('/admin/listings/abc')).status).toBe(400);
  });
});

describe('hiding a listing', () => {
  it('refuses without a CSRF token, without a reason, or with an over-long one, changing nothing', async () => {
    const action = `/admin/listings/${listingId}/hide`;
    expect((await admin.request(action, { form: { reason: 'Spam' } })).status).toBe(403);
    const empty = await post(action, { reason: '   ' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Give a reason');
    const long = await post(action, { reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain('at most 500 characters');
    expect(await status()).toBe('live');
    expect(await versions()).toEqual([]);
  });

  it('takes it off every public page, list, search, feed, the sitemap and the API', async () => {
    expect(await publicTraces()).toEqual(EVERYWHERE);
    const res = await post(`/admin/listings/${listingId}/hide`, { reason: `Spam ${XSS} ${ATTR_XSS}` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/listings/${listingId}?done=hidden`);
    expect(await status()).toBe('hidden');
    expect(await publicTraces()).toEqual([]);

    const shown = await page(admin, res.headers.get('location')!);
    expect(shown).toContain('Listing hidden');
    expect(shown).toContain('Spam &lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(shown).not.toContain(XSS);
    expect(shown).not.toContain(ATTR_XSS);
    expect(shown).toContain('Show listing again');
  });

  it('keeps the change in the history with the admin and the reason, which the owner sees and is mailed', async () => {
    const [version] = await versions();
    expect(version).toMatchObject({ user_id: await userId('boss@example.com'), by_admin: 1 });
    expect(version!.reason).toContain('Spam <script>');
    expect(JSON.parse(version!.changes)).toEqual({ status: { before: 'live', after: 'hidden' } });

    const manage = await page(owner, `/my/listings/${listingId}`);
    expect(manage).toContain('by the site team');
    expect(manage).toContain('Reason: Spam &lt;script&gt;');
    expect(manage).not.toContain(XSS);

    const mail = await db()
      .selectFrom('outbox')
      .selectAll()
      .where('to', '=', 'maker@example.com')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your listing Acme Invoicing was hidden');
    expect(mail.text).toContain('Spam <script>');
  });

  it('refuses to hide it twice, then shows it again in the status it had', async () => {
    const twice = await admin.request(`/admin/listings/${listingId}/hide`, {
      form: { ...formFor(await detail(), `/admin/listings/${listingId}/unhide`).hidden, reason: 'Again' },
    });
    expect(twice.status).toBe(409);
    const res = await post(`/admin/listings/${listingId}/unhide`, { reason: 'Fixed by the maker' });
    expect(res.status).toBe(303);
    expect(await status()).toBe('live');
    expect(await publicTraces()).toEqual(EVERYWHERE);
    const last = (await versions()).at(-1)!;
    expect(JSON.parse(last.changes)).toEqual({ status: { before: 'hidden', after: 'live' } });
    expect(last.reason).toBe('Fixed by the maker');
  });
});

describe('editing a listing', () => {
  const edit = (fields: Record<string, string>) => post(`/admin/listings/${listingId}/edit`, fields);

  it('refuses what update_my_listing refuses, naming the field, and writes nothing', async () => {
    const before = await versions();
    const long = await edit({ 'fields.tagline': 't'.repeat(201), reason: 'Shorter tagline' });
    expect(long.status).toBe(400);
    const text = await long.text();
    expect(text).toContain('href="#f-fields-tagline"');
    expect(text).toContain('Too long: at most 200 characters');
    const country = await edit({ 'fields.country': 'Germany', reason: 'Country' });
    expect(country.status).toBe(400);
    expect(await country.text()).toContain('two-letter country code');
    const noReason = await edit({ 'fields.tagline': 'Better' });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain('Give a reason');
    expect(await versions()).toEqual(before);
  });

  it('saves only what changed, with the reason, and shows hostile text escaped', async () => {
    const res = await edit({ 'fields.tagline': `Chasing ${ATTR_XSS}`, 'fields.city': 'Berlin', reason: 'Typo' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/listings/${listingId}?done=edited&n=2`);
    const row = await db().selectFrom('listings').selectAll().where('id', '=', listingId).executeTakeFirstOrThrow();
    expect(row.tagline).toBe(`Chasing ${ATTR_XSS}`);
    expect(row.city).toBe('Berlin');
    const last = (await versions()).at(-1)!;
    expect(Object.keys(JSON.parse(last.changes)).sort()).toEqual(['city', 'tagline']);
    expect(last).toMatchObject({ reason: 'Typo', by_admin: 1 });

    const shown = await page(admin, res.headers.get('location')!);
    expect(shown).toContain('Saved 2 changed fields');
    expect(shown).not.toContain(ATTR_XSS);
    expect(shown).toContain('Chasing &quot;&gt;&lt;img');
    expect(await (await new Browser(served.server.url).request('/listings/acme')).text()).not.toContain(ATTR_XSS);

    const again = await edit({ reason: 'Nothing' });
    expect(again.headers.get('location')).toBe(`/admin/listings/${listingId}?done=unchanged`);
  });
});
