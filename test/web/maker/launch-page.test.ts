// The launch pages through HTTP with a signed-up browser: the public /launch
// page with live prices and settings; a listing's launch choice, free (the
// week reserved, the badge HTML, "Check my badge now" against a local fixture
// homepage without and then with the badge) and paid (a quote with VAT, then
// the checkout page and its test payment); refusals naming the field; someone
// else's listing; CSRF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSetting } from '../../../src/directory/settings.js';
import { setProductPrice } from '../../../src/orders/products.js';
import { runDueJobs } from '../../../src/platform/jobs.js';
import { jobHandlers } from '../../../src/scheduler.js';
import { type FixtureSite, serveSite } from '../../fixtures/sites/serve.js';
import { given } from '../../helpers/given.js';
import { PRICES, priceProducts } from '../../helpers/orders.js';
import { servedTestContext } from '../../helpers/server.js';
import { Browser, formFor, signUpThroughPages, decodeHtml } from '../../oauth/browser.js';

const env = servedTestContext({ allowPrivateFetch: true });

/** The fixture homepage: the `rich` site, or, once the maker pastes it, a page with the badge HTML. */
let site: FixtureSite;
let pastedBadge = '';

let n = 0;
async function signedUpBrowser(): Promise<{ browser: Browser; userId: number }> {
  n += 1;
  const email = `launcher${n}@example.com`;
  const browser = new Browser(env.server.url);
  await signUpThroughPages(browser, email, 'a long enough password');
  const user = await env.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { browser, userId: user.id };
}

/** A submitted listing (status draft, no plan yet) of `userId`, whose homepage is the fixture site. */
async function submittedListing(userId: number, slug: string): Promise<number> {
  return given(env.ctx).listing({
    slug,
    status: 'draft',
    fields: { owner_id: userId, url: site.url, name: `${slug} app` },
  });
}

const listingRow = (id: number) =>
  env.ctx.db
    .selectFrom('listings')
    .select(['status', 'plan', 'launch_week'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function page(browser: Browser, path: string): Promise<{ status: number; text: string }> {
  const res = await browser.request(path);
  return { status: res.status, text: await res.text() };
}

let maker: { browser: Browser; userId: number };
beforeAll(async () => {
  await priceProducts(env.ctx);
  await given(env.ctx).category({ slug: 'invoicing', name: 'Invoicing' });
  site = await serveSite('rich', {
    routes: {
      '/': (_req, res) => {
        if (!pastedBadge) return false;
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(`<html><body><h1>Acme</h1><footer>${pastedBadge}</footer></body></html>`);
      },
    },
  });
  maker = await signedUpBrowser();
});
afterAll(async () => {
  await site?.close();
});

describe('the public Launch page', () => {
  it('explains both routes to anyone, with the prices in the products table and the weeks in the settings', async () => {
    const anonymous = new Browser(env.server.url);
    let { status, text } = await page(anonymous, '/launch');
    expect(status).toBe(200);
    expect(text).toContain('Free launch');
    expect(text).toContain('Paid launch');
    expect(text).toContain('<strong>$49</strong>');
    expect(text).toContain('A launch week 6–8 weeks out');
    expect(text).toContain('$99');
    expect(text).toMatch(/<a class="button" href="\/submit">Launch your product<\/a>/);

    await setProductPrice(env.ctx.db, { key: 'launch', cents: 5900, now: env.ctx.clock.now() });
    await setSetting(env.ctx.db, 'free_launch_weeks_min', '4', env.ctx.clock.now());
    try {
      ({ text } = await page(anonymous, '/launch'));
      expect(text).toContain('<strong>$59</strong>');
      expect(text).not.toContain('<strong>$49</strong>');
      expect(text).toContain('A launch week 4–8 weeks out');
    } finally {
      await setProductPrice(env.ctx.db, { key: 'launch', cents: PRICES.launch, now: env.ctx.clock.now() });
      await setSetting(env.ctx.db, 'free_launch_weeks_min', '6', env.ctx.clock.now());
    }
  });
});

describe("a listing's launch choice", () => {
  it('is 404 for someone else’s listing and for an id that is not a number', async () => {
    const id = await submittedListing(maker.userId, 'not-yours');
    const other = await signedUpBrowser();
    expect((await page(other.browser, `/my/listings/${id}/launch`)).status).toBe(404);
    expect((await page(maker.browser, '/my/listings/abc/launch')).status).toBe(404);
    expect((await page(maker.browser, '/my/listings/1.5/launch')).status).toBe(404);
    expect((await page(maker.browser, '/my/listings/99999999/launch')).status).toBe(404);

    // Their own valid form, aimed at this listing: the tool's 404, nothing changes.
    const theirs = await submittedListing(other.userId, 'theirs');
    const form = formFor(
      (await page(other.browser, `/my/listings/${theirs}/launch`)).text,
      `/my/listings/${theirs}/launch/free`,
    );
    const res = await other.browser.request(`/my/listings/${id}/launch/free`, { form: form.hidden });
    expect(res.status).toBe(404);
    const badge = await other.browser.request(`/my/listings/${id}/launch/check-badge`, { form: form.hidden });
    expect(badge.status).toBe(404);
    expect(await listingRow(id)).toMatchObject({ status: 'draft', plan: 'none' });
  });

  it('refuses every form without its CSRF token', async () => {
    const id = await submittedListing(maker.userId, 'csrf-check');
    for (const action of ['free', 'check-badge', 'quote', 'checkout']) {
      const res = await maker.browser.request(`/my/listings/${id}/launch/${action}`, {
        form: { _idem: 'k1', billing_country: 'US', week: '' },
      });
      expect(res.status, action).toBe(403);
      expect(await res.text()).toContain('This form has expired');
    }
    expect(await listingRow(id)).toMatchObject({ status: 'draft', plan: 'none' });
    expect(await env.ctx.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });

  it('sends a signed-out visitor to sign in and back', async () => {
    const res = await new Browser(env.server.url).request('/my/listings/1/launch');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/sign-in?return_to=${encodeURIComponent('/my/listings/1/launch')}`);
  });

  it('takes the free route: the week it showed is reserved and the badge HTML is there to copy', async () => {
    const id = await submittedListing(maker.userId, 'acme');
    const before = await page(maker.browser, `/my/listings/${id}/launch`);
    expect(before.status).toBe(200);
    // The clock is Sunday 2026-11-22 (week of 11-16): six weeks on is the week of 2026-12-28.
    expect(before.text).toContain('If you choose it now: <strong>the week of 28 Dec 2026</strong>');
    expect(before.text).toContain('the first week with room 6–8 weeks out');
    expect(before.text).toContain('<strong>$49</strong>');
    expect(await listingRow(id)).toMatchObject({ status: 'draft', launch_week: null });

    const form = formFor(before.text, `/my/listings/${id}/launch/free`);
    const res = await maker.browser.request(`/my/listings/${id}/launch/free`, { form: form.hidden });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/my/listings/${id}/launch?done=free`);
    expect(await listingRow(id)).toEqual({ status: 'awaiting_badge', plan: 'free', launch_week: '2026-12-28' });

    const after = await page(maker.browser, res.headers.get('location')!);
    expect(after.text).toContain('Free launch chosen: the week of 28 Dec 2026 is reserved');
    expect(after.text).toContain('Free launch: waiting for your badge');
    expect(after.text).toContain('<label for="badge-html">Badge HTML to copy</label>');
    const textarea = /<textarea id="badge-html"[^>]*readonly[^>]*>([^<]*)<\/textarea>/.exec(after.text);
    expect(textarea).not.toBeNull();
    const badgeHtml = decodeHtml(textarea![1]!);
    expect(badgeHtml).toContain(`${env.server.url}/badges/acme/listed.svg`);
    expect(badgeHtml).toMatch(/^<a href="[^"]+\/listings\/acme[^"]*"><img /);
    // The live preview is that image.
    expect(after.text).toMatch(/<div class="launch-badge-preview"><a [^>]*><img src="[^"]*\/badges\/acme\/listed\.svg/);
    // The free route is taken; the paid one still skips the wait.
    expect(after.text).not.toContain('Choose the free launch');
    expect(after.text).toContain('Skip the wait: launch paid');
  });

  it('checks the badge on demand: not found on the homepage without it, found (and scheduled) with it', async () => {
    const id = (
      await env.ctx.db.selectFrom('listings').select('id').where('slug', '=', 'acme').executeTakeFirstOrThrow()
    ).id;
    const path = `/my/listings/${id}/launch`;
    let text = (await page(maker.browser, path)).text;
    const check = formFor(text, `${path}/check-badge`);
    expect(text).toContain('Check my badge now');

    pastedBadge = '';
    let res = await maker.browser.request(`${path}/check-badge`, { form: check.hidden });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${path}?badge=missing`);
    text = (await page(maker.browser, res.headers.get('location')!)).text;
    expect(text).toContain('Badge not found on your homepage');
    expect((await listingRow(id)).status).toBe('awaiting_badge');
    expect(site.requests).toContain('/');

    const textarea = /<textarea id="badge-html"[^>]*>([^<]*)<\/textarea>/.exec(text)!;
    pastedBadge = decodeHtml(textarea[1]!);
    res = await maker.browser.request(`${path}/check-badge`, { form: check.hidden });
    expect(res.headers.get('location')).toBe(`${path}?badge=found`);
    text = (await page(maker.browser, res.headers.get('location')!)).text;
    expect(text).toContain('Badge found on your homepage. acme app is scheduled for the week of 28 Dec 2026');
    expect(text).toContain('Badge found: your free launch is scheduled');
    expect(await listingRow(id)).toMatchObject({ status: 'scheduled', plan: 'free', launch_week: '2026-12-28' });
    // Nothing left to check.
    expect(text).not.toContain('Check my badge now');
    pastedBadge = '';
  });

  it('takes the paid route: shows the weeks with room, quotes with VAT, and goes to the checkout page where the test payment works', async () => {
    const id = await submittedListing(maker.userId, 'rocket');
    const path = `/my/listings/${id}/launch`;
    const before = await page(maker.browser, path);
    expect(before.text).toContain('Live today');
    expect(before.text).toMatch(/Week of 30 Nov 2026<\/strong><small>10 of 10 places left/);

    const quoteForm = formFor(before.text, `${path}/quote#paid`);
    const quoted = await maker.browser.request(`${path}/quote`, {
      form: { ...quoteForm.hidden, week: '2026-11-30', billing_country: 'DE', vat_number: '' },
    });
    expect(quoted.status).toBe(200);
    const text = await quoted.text();
    expect(text).toContain('<caption>Your price</caption>');
    expect(text).toContain('scheduled for the week of 2026-11-30');
    expect(text).toMatch(/VAT \(19 %\)<\/th><td class="launch-num">\$9\.31/);
    expect(text).toMatch(/Total<\/th><td class="launch-num">\$58\.31/);
    expect(text).toContain('19 % VAT of DE');
    // The inputs are kept: the country typed and the week picked.
    expect(text).toMatch(/id="f-billing_country" name="billing_country"[^>]*value="DE"/);
    expect(text).toMatch(/value="2026-11-30" checked/);
    expect(await env.ctx.db.selectFrom('orders').select('id').execute()).toEqual([]);

    const checkout = formFor(text, `${path}/checkout`);
    expect(checkout.hidden).toMatchObject({ week: '2026-11-30', billing_country: 'DE' });
    const res = await maker.browser.request(`${path}/checkout`, { form: checkout.hidden });
    expect(res.status).toBe(303);
    const checkoutUrl = res.headers.get('location')!;
    expect(checkoutUrl).toMatch(new RegExp(`^${env.server.url}/checkout/[A-Za-z0-9_-]+$`));
    // The same form sent twice (a double click) is one order.
    const again = await maker.browser.request(`${path}/checkout`, { form: checkout.hidden });
    expect(again.headers.get('location')).toBe(checkoutUrl);
    expect(await env.ctx.db.selectFrom('orders').select('id').execute()).toHaveLength(1);

    // Back on the launch page before paying: the checkout to continue, not a second order.
    let back = (await page(maker.browser, path)).text;
    expect(back).toContain(`<a class="button" href="${checkoutUrl}">Continue to checkout</a>`);
    expect(back).not.toContain('See the price');

    const pay = await page(maker.browser, checkoutUrl);
    expect(pay.text).toContain('TEST MODE');
    expect(pay.text).toMatch(/Total<\/th><td><strong>\$58\.31<\/strong>/);
    const payForm = formFor(pay.text, `${new URL(checkoutUrl).pathname}/pay`);
    const paid = await maker.browser.request(`${new URL(checkoutUrl).pathname}/pay`, { form: payForm.hidden });
    expect(paid.status).toBe(303);
    back = (await page(maker.browser, path)).text;
    expect(back).toMatch(/Payment received for order LB-\d{4}-\d{6}: the launch is being applied/);
    await runDueJobs(env.ctx, jobHandlers, 'test-worker');
    expect(await listingRow(id)).toEqual({ status: 'scheduled', plan: 'paid', launch_week: '2026-11-30' });

    const after = (await page(maker.browser, path)).text;
    expect(after).toContain('Your paid launch is scheduled</strong> for the week of 30 Nov 2026');
    expect(after).not.toContain('See the price');
  });

  it('refuses a bad billing country, naming the field and keeping what was typed', async () => {
    const id = await submittedListing(maker.userId, 'bad-country');
    const path = `/my/listings/${id}/launch`;
    const form = formFor((await page(maker.browser, path)).text, `${path}/quote#paid`);
    const res = await maker.browser.request(`${path}/quote`, {
      form: { ...form.hidden, week: '2026-12-07', billing_country: 'Germany', vat_number: '' },
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toMatch(/<a href="#f-billing_country">Billing country<\/a>: Must be a two-letter country code/);
    expect(text).toMatch(/<p class="field-error" id="f-billing_country-error">Must be a two-letter country code/);
    expect(text).toMatch(
      /id="f-billing_country" name="billing_country" aria-describedby="[^"]*" aria-invalid="true"[^>]*value="Germany"/,
    );
    expect(text).toMatch(/value="2026-12-07" checked/);
    expect(text).not.toContain('<caption>Your price</caption>');

    // The same refusal stops the checkout, with nothing created.
    const checkout = await maker.browser.request(`${path}/checkout`, {
      form: { ...form.hidden, _idem: 'bad-country-1', week: '', billing_country: 'Germany' },
    });
    expect(checkout.status).toBe(400);
    expect(await checkout.text()).toContain('<a href="#f-billing_country">Billing country</a>');

    // An invalid VAT number is named the same way.
    const vat = await maker.browser.request(`${path}/quote`, {
      form: { ...form.hidden, week: '', billing_country: 'FR', vat_number: 'FR123' },
    });
    expect(vat.status).toBe(400);
    expect(await vat.text()).toMatch(/<a href="#f-vat_number">VAT number<\/a>: Is not a valid FR VAT number/);
  });

  it('asks a company with a reverse-charge VAT number for its name and address, carries them to checkout and shows them on the receipt', async () => {
    const id = await submittedListing(maker.userId, 'lumiere');
    const path = `/my/listings/${id}/launch`;
    const form = formFor((await page(maker.browser, path)).text, `${path}/quote#paid`);
    const billing = { billing_country: 'FR', vat_number: 'FR40303265045' };
    const ordersOf = (userId: number) =>
      env.ctx.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute();
    const before = await ordersOf(maker.userId);
    const quoted = await maker.browser.request(`${path}/quote`, { form: { ...form.hidden, week: '', ...billing } });
    expect(quoted.status).toBe(200);
    const checkout = formFor(await quoted.text(), `${path}/checkout`);
    const refused = await maker.browser.request(`${path}/checkout`, {
      form: { ...checkout.hidden, company_name: 'Lumière SAS' },
    });
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(text).toMatch(/<a href="#f-company_address">Company address<\/a>: Needed for a reverse-charge invoice/);
    expect(text).toMatch(/id="f-company_name" name="company_name"[^>]*value="Lumière SAS"/);
    expect(await ordersOf(maker.userId)).toEqual(before);

    const company = { company_name: 'Lumière SAS', company_address: '12 rue de la Paix, 75002 Paris' };
    const requoted = await maker.browser.request(`${path}/quote`, {
      form: { ...form.hidden, week: '', ...billing, ...company },
    });
    const withCompany = formFor(await requoted.text(), `${path}/checkout`);
    expect(withCompany.hidden).toMatchObject({ ...billing, ...company });
    const res = await maker.browser.request(`${path}/checkout`, { form: withCompany.hidden });
    expect(res.status).toBe(303);
    const order = await env.ctx.db
      .selectFrom('orders')
      .select(['number', 'company_name', 'company_address', 'reverse_charge'])
      .where('user_id', '=', maker.userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ ...company, reverse_charge: 1 });
    const receipt = (await page(maker.browser, `/my/orders/${order.number}`)).text;
    expect(receipt).toContain('<strong>Lumière SAS</strong><br>12 rue de la Paix, 75002 Paris<br>');
  });

  it('marks a full week and refuses it, and a week that has passed, naming the launch week', async () => {
    const id = await submittedListing(maker.userId, 'late-comer');
    const path = `/my/listings/${id}/launch`;
    // One paid launch a week, and the week of 2026-12-14 taken by another paid listing.
    await setSetting(env.ctx.db, 'paid_weekly_capacity', '1', env.ctx.clock.now());
    await given(env.ctx).listing({ status: 'scheduled', fields: { plan: 'paid', launch_week: '2026-12-14' } });
    try {
      const text = (await page(maker.browser, path)).text;
      expect(text).toMatch(/value="2026-12-14" disabled><span><strong>Week of 14 Dec 2026<\/strong><small>Full/);
      const form = formFor(text, `${path}/quote#paid`);
      for (const [week, reason] of [
        ['2026-12-14', 'fully booked'],
        ['2026-11-09', 'already started or passed'],
      ]) {
        const res = await maker.browser.request(`${path}/quote`, {
          form: { ...form.hidden, week, billing_country: 'US' },
        });
        expect(res.status, week).toBe(400);
        const body = await res.text();
        expect(body).toContain('<a href="#f-items-0-week">Launch week</a>');
        expect(body).toMatch(new RegExp(`<p class="field-error" id="f-items-0-week-error">[^<]*${reason}`));
        expect(body).toMatch(new RegExp(`value="${week}" checked`));
      }
    } finally {
      await setSetting(env.ctx.db, 'paid_weekly_capacity', '10', env.ctx.clock.now());
    }
  });
});
