// The maker's dashboard over HTTP with a signed-up browser: /my lists the
// person's own listings (with the next thing to do), drafts, orders and
// claims and nobody else's; an order is a receipt with VAT and the seller;
// a claim shows what to publish, and "Verify now" reports what the check saw.
import { afterAll, describe, expect, it } from 'vitest';
import { setSetting } from '../../../src/directory/settings.js';
import { given } from '../../helpers/given.js';
import { startTxtServer } from '../../helpers/dns.js';
import { paidLine } from '../../helpers/orders.js';
import { servedTestContext } from '../../helpers/server.js';
import { Browser, formFor, signedUpPerson } from '../../oauth/browser.js';

const dns = await startTxtServer();
afterAll(() => dns.close());
const served = servedTestContext({ dnsServers: [dns.address] });

/** The people of this file, each signed up once (sign-up is rate limited per address). */
const people = new Map<string, { browser: Browser; userId: number; email: string }>();
async function maker(name: 'ada' | 'bob' | 'cy') {
  if (!people.has(name)) {
    const email = `${name}@example.com`;
    people.set(name, await signedUpPerson(served, email));
  }
  return people.get(name)!;
}

const text = async (b: Browser, path: string) => {
  const res = await b.request(path);
  return { status: res.status, page: await res.text() };
};

/** A fulfilled order of one paid launch, billed in Germany: $49.00 + 19 % VAT. */
async function germanOrder(userId: number, listingId: number): Promise<string> {
  const id = await paidLine(served.ctx, {
    userId,
    listingId,
    product: 'launch',
    amountCents: 4900,
    week: '2026-11-30',
  });
  const number = `LB-2026-${String(900_000 + id).padStart(6, '0')}`;
  await served.ctx.db
    .updateTable('orders')
    .set({ number, vat_rate_bp: 1900, vat_cents: 931, total_cents: 5831, billing_country: 'DE' })
    .where('id', '=', id)
    .execute();
  return number;
}

describe('the dashboard', () => {
  it("lists the person's listings, drafts and orders with what to do next, and not someone else's", async () => {
    const ada = await maker('ada');
    const bob = await maker('bob');
    const g = given(served.ctx);
    const live = await g.listing({
      fields: { owner_id: ada.userId, name: 'Ada Live', plan: 'paid', launch_week: '2026-11-16' },
    });
    const waiting = await g.listing({
      status: 'awaiting_badge',
      fields: { owner_id: ada.userId, name: 'Ada Waiting', plan: 'free', launch_week: '2027-01-04' },
    });
    const bobs = await g.listing({ fields: { owner_id: bob.userId, name: 'Bob Secret' } });
    const adaOrder = await germanOrder(ada.userId, live);
    const bobOrder = await germanOrder(bob.userId, bobs);
    const submit = formFor((await text(ada.browser, '/submit')).page, '/submit');
    const submitted = await ada.browser.request('/submit', {
      form: { ...submit.hidden, url: 'https://ada-drafts.example' },
    });
    const draftPath = submitted.headers.get('location')!;

    const { status, page } = await text(ada.browser, '/my');
    expect(status).toBe(200);
    expect(page).toContain('Ada Live');
    expect(page).toContain('Ada Waiting');
    expect(page).toContain('Waiting for your badge');
    expect(page).toContain('Week of 4 Jan 2027');
    expect(page).toContain(
      `<a class="button" href="/my/listings/${waiting}/launch">Put the badge on your homepage</a>`,
    );
    expect(page).toContain(`<a class="button" href="/my/listings/${live}#update">Post an update</a>`);
    expect(page).toContain(`href="${draftPath}"`);
    expect(page).toContain('ada-drafts.example');
    expect(page).toContain(`href="/my/orders/${adaOrder}"`);
    expect(page).toContain('$58.31');
    expect(page).not.toContain('Bob Secret');
    expect(page).not.toContain(bobOrder);
  });

  it('says when a listing’s launch waits in an order: to be paid (with the way to pay), or paid and being applied', async () => {
    const bob = await maker('bob');
    const g = given(served.ctx);
    const unpaid = await g.listing({ status: 'draft', fields: { owner_id: bob.userId, name: 'Bob Unpaid' } });
    const applying = await g.listing({ status: 'draft', fields: { owner_id: bob.userId, name: 'Bob Applying' } });
    const pendingId = await paidLine(served.ctx, {
      userId: bob.userId,
      listingId: unpaid,
      product: 'launch',
      amountCents: 4900,
      fulfilled: false,
    });
    await served.ctx.db
      .updateTable('orders')
      .set({ status: 'pending', paid_at: null, expires_at: '2026-11-23T12:00:00.000Z' })
      .where('id', '=', pendingId)
      .execute();
    await paidLine(served.ctx, {
      userId: bob.userId,
      listingId: applying,
      product: 'launch',
      amountCents: 4900,
      fulfilled: false,
    });

    const { page } = await text(bob.browser, '/my');
    const item = (name: string) => page.slice(page.indexOf(name), page.indexOf('</li>', page.indexOf(name)));
    expect(item('Bob Unpaid')).toContain('waiting for payment until 23 Nov 2026, 12:00 UTC');
    expect(item('Bob Unpaid')).toMatch(/<a class="button" href="[^"]+\/checkout\/[^"]+">Pay for the launch<\/a>/);
    expect(item('Bob Unpaid')).not.toContain('Choose how to launch');
    // The checkout page shows a signed-in buyer their own header, and the expiry as people read it.
    const pay = /href="([^"]+\/checkout\/[^"]+)">Pay for the launch/.exec(item('Bob Unpaid'))![1]!;
    const checkout = await text(bob.browser, new URL(pay).pathname);
    expect(checkout.page).toContain('(signed in as bob@example.com)');
    expect(checkout.page).not.toContain('href="/sign-in');
    expect(checkout.page).toContain('Unpaid orders expire on 23 Nov 2026, 12:00 UTC.');
    expect(item('Bob Applying')).toContain('Paid launch: payment received, being applied');
    expect(item('Bob Applying')).toMatch(/<a class="button" href="\/my\/orders\/LB-[^"]+">See the order<\/a>/);
  });

  it('leads somewhere when there is nothing yet, and links to the account and API keys', async () => {
    const { browser } = await maker('cy');
    const { page } = await text(browser, '/my');
    expect(page).toContain('No listings yet');
    expect(page).toContain('<a class="button" href="/submit">Launch your product</a>');
    expect(page).toContain('href="/account"');
    expect(page).toContain('href="/account/api-keys"');
  });

  it('sends a signed-out visitor to sign in and back', async () => {
    const res = await new Browser(served.server.url).request('/my');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sign-in?return_to=%2Fmy');
  });
});

describe('an order', () => {
  it('is a receipt once paid: lines, subtotal, VAT, total, the seller and the buyer', async () => {
    const ada = await maker('ada');
    const listing = await given(served.ctx).listing({ fields: { owner_id: ada.userId, name: 'Receipted' } });
    const number = await germanOrder(ada.userId, listing);
    const { status, page } = await text(ada.browser, `/my/orders/${number}`);
    expect(status).toBe(200);
    expect(page).toContain(`Receipt for order ${number}`);
    expect(page).toContain('Subtotal (excluding VAT)');
    expect(page).toMatch(/VAT 19 % \(DE\)<\/th><td class="dash-num">\$9\.31/);
    expect(page).toMatch(/Total \(USD\)<\/th><td class="dash-num">\$58\.31/);
    expect(page).toContain('Seller</h2>\n<p class="receipt-address"><strong>Launchboard</strong>');
    expect(page).toContain(ada.email);

    // The seller's details the admin set.
    const now = served.ctx.clock.now();
    await setSetting(served.ctx.db, 'seller_name', 'Launchboard Ltd', now);
    await setSetting(served.ctx.db, 'seller_address', '1 Harbour Street\nDublin', now);
    await setSetting(served.ctx.db, 'seller_vat_id', 'IE1234567T', now);
    const again = (await text(ada.browser, `/my/orders/${number}`)).page;
    expect(again).toContain('<strong>Launchboard Ltd</strong><br>1 Harbour Street\nDublin<br>');
    expect(again).toContain('VAT id: IE1234567T');
    expect(page).toContain('Germany');
    expect(page).toMatch(/Applied 22 Nov 2026/);
  });

  it("is 404 for someone else's order and for a number that is no order", async () => {
    const ada = await maker('ada');
    const bob = await maker('bob');
    const listing = await given(served.ctx).listing({ fields: { owner_id: ada.userId } });
    const number = await germanOrder(ada.userId, listing);
    expect((await bob.browser.request(`/my/orders/${number}`)).status).toBe(404);
    expect((await ada.browser.request('/my/orders/not-an-order')).status).toBe(404);
  });
});

describe('a claim', () => {
  it('starts from the listing page, which offers its owner "Manage this listing" instead', async () => {
    const ada = await maker('ada');
    const bob = await maker('bob');
    const id = await given(served.ctx).listing({ slug: 'owned-by-ada', fields: { owner_id: ada.userId } });
    const forBob = (await text(bob.browser, '/listings/owned-by-ada')).page;
    expect(forBob).toContain('Is this your product? <a href="/my/claims/new?slug=owned-by-ada">Claim it</a>');
    expect(forBob).not.toContain('Manage this listing');
    const forAda = (await text(ada.browser, '/listings/owned-by-ada')).page;
    expect(forAda).toContain(`<a class="button secondary" href="/my/listings/${id}">Manage this listing</a>`);
    expect(forAda).not.toContain('Claim it');
    expect((await text(bob.browser, '/my/claims/new?slug=owned-by-ada')).status).toBe(200);
  });

  it('starts with the DNS method, shows the record to add, and "Verify now" reports it not found, then verified', async () => {
    const ada = await maker('ada');
    const listing = await given(served.ctx).listing({
      slug: 'claimable',
      fields: { name: 'Claimable', domain: 'claimable.test', url: 'https://claimable.test' },
    });
    const start = await text(ada.browser, '/my/claims/new?slug=claimable');
    expect(start.status).toBe(200);
    const form = formFor(start.page, '/my/claims');
    const res = await ada.browser.request('/my/claims', { form: { ...form.hidden, method: 'dns', email: '' } });
    expect(res.status).toBe(303);
    const claimPath = res.headers.get('location')!.split('?')[0]!;
    expect(claimPath).toMatch(/^\/my\/claims\/\d+$/);

    const shown = (await text(ada.browser, claimPath)).page;
    const token = /lb-verify-[0-9a-f]{32}/.exec(shown)![0];
    expect(shown).toContain('<code>TXT</code>');
    expect(shown).toContain('<code>claimable.test</code>');
    expect(shown).toContain(`<code>${token}</code>`);

    const verify = formFor(shown, `${claimPath}/verify`);
    const notYet = await ada.browser.request(`${claimPath}/verify`, { form: verify.hidden });
    expect(notYet.status).toBe(303);
    expect(notYet.headers.get('location')).toBe(`${claimPath}?done=not-found`);
    const after = (await text(ada.browser, notYet.headers.get('location')!)).page;
    expect(after).toContain('<p class="advice" role="status">Not found yet');
    expect(after).toMatch(/Last check<\/strong> \([^)]*\): [^<]*add a TXT record/);

    dns.records.set('claimable.test', [token]);
    served.ctx.clock.advance(11_000);
    const found = await ada.browser.request(`${claimPath}/verify`, { form: verify.hidden });
    expect(found.headers.get('location')).toBe(`${claimPath}?done=verified`);
    const owner = await served.ctx.db
      .selectFrom('listings')
      .select('owner_id')
      .where('id', '=', listing)
      .executeTakeFirstOrThrow();
    expect(owner.owner_id).toBe(ada.userId);
  });

  it('refuses the email method without an address, naming the field, and keeps the choice', async () => {
    const ada = await maker('ada');
    await given(served.ctx).listing({ slug: 'mail-claim', fields: { domain: 'mail-claim.test' } });
    const form = formFor((await text(ada.browser, '/my/claims/new?slug=mail-claim')).page, '/my/claims');
    const res = await ada.browser.request('/my/claims', { form: { ...form.hidden, method: 'email', email: '' } });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('<a href="#f-email">Email address</a>');
    expect(page).toContain('aria-invalid="true"');
    expect(page).toMatch(/id="method-email" name="method" value="email" checked/);
  });

  it("needs the form token, and someone else's claim is 404", async () => {
    const ada = await maker('ada');
    const bob = await maker('bob');
    await given(served.ctx).listing({ slug: 'guarded', fields: { domain: 'guarded.test' } });
    const form = formFor((await text(ada.browser, '/my/claims/new?slug=guarded')).page, '/my/claims');
    const { _csrf, ...withoutToken } = form.hidden;
    expect((await ada.browser.request('/my/claims', { form: { ...withoutToken, method: 'dns' } })).status).toBe(403);
    const started = await ada.browser.request('/my/claims', { form: { ...form.hidden, method: 'dns' } });
    const claimPath = started.headers.get('location')!.split('?')[0]!;
    expect((await bob.browser.request(claimPath)).status).toBe(404);
    const bobsForm = formFor((await text(bob.browser, '/my')).page, '/sign-out');
    expect((await bob.browser.request(`${claimPath}/verify`, { form: bobsForm.hidden })).status).toBe(404);
  });
});
