// The paid extras page (/my/listings/:id/promote) through HTTP: a featured
// week, a billboard amount and the premium profile in one quote with VAT,
// then the checkout; refusals at the field that caused them (an amount that is
// not one, below the minimum, nothing ticked); someone else's listing; CSRF;
// and the way in from the billboard page (/my/promote).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWeeks, mondayOf } from '../../../src/launches/weeks.js';
import { given } from '../../helpers/given.js';
import { priceProducts } from '../../helpers/orders.js';
import { servedTestContext } from '../../helpers/server.js';
import { Browser, decodeHtml, formFor, signUpThroughPages } from '../../oauth/browser.js';

const env = servedTestContext();

let n = 0;
async function signedUpBrowser(): Promise<{ browser: Browser; userId: number }> {
  n += 1;
  const email = `promoter${n}@example.com`;
  const browser = new Browser(env.server.url);
  await signUpThroughPages(browser, email, 'a long enough password');
  const user = await env.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { browser, userId: user.id };
}

async function page(browser: Browser, path: string): Promise<{ status: number; text: string }> {
  const res = await browser.request(path);
  return { status: res.status, text: decodeHtml(await res.text()) };
}

let maker: { browser: Browser; userId: number };
let listingId: number;
let path: string;
let nextWeek: string;
beforeAll(async () => {
  await priceProducts(env.ctx);
  maker = await signedUpBrowser();
  listingId = await given(env.ctx).listing({
    slug: 'promoted-app',
    status: 'live',
    fields: { owner_id: maker.userId, name: 'Promoted App', plan: 'free' },
  });
  path = `/my/listings/${listingId}/promote`;
  nextWeek = addWeeks(mondayOf(env.ctx.clock.now()), 1);
});
afterAll(() => {});

describe('the promote page', () => {
  it('offers the three extras with what each gives, and the week picker from next week', async () => {
    const { status, text } = await page(maker.browser, path);
    expect(status).toBe(200);
    expect(text).toContain('<h1>Promote Promoted App</h1>');
    expect(text).toContain('Featured this week · paid placement');
    expect(text).toContain('Paying never buys votes or rank.');
    expect(text).toContain(
      'the paid ranking: listings are ordered by what they paid in total, so your payments add up',
    );
    expect(text).toContain('Nobody is on the billboard yet');
    expect(text).toContain('Unlocks the founder story, milestones and media (screenshots, demo video) sections');
    expect(text).toContain(`<option value="${nextWeek}">`);
    const form = formFor(text, `${path}/quote#quote`);
    expect(form.checkboxes.map((c) => c.value)).toEqual(['featured', 'billboard', 'premium-profile']);
  });

  it('quotes everything ticked in one order with VAT, then goes to checkout', async () => {
    const form = formFor((await page(maker.browser, path)).text, `${path}/quote#quote`);
    const quoted = await maker.browser.request(`${path}/quote`, {
      form: {
        ...form.hidden,
        extras: ['featured', 'billboard', 'premium-profile'],
        week: nextWeek,
        amount: '$150',
        billing_country: 'de',
      },
    });
    expect(quoted.status).toBe(200);
    const text = decodeHtml(await quoted.text());
    expect(text).toContain(`Featured week of ${nextWeek} for Promoted App`);
    expect(text).toContain('Billboard (a paid ranking) for Promoted App: $150');
    expect(text).toContain('Premium profile for Promoted App');
    // 99 + 150 + 29 = 278, and German VAT at 19 %.
    expect(text).toContain('<td class="launch-num">$278</td>');
    expect(text).toContain('VAT (19 %)');

    const checkout = formFor(text, `${path}/checkout`);
    expect(checkout.hidden).toMatchObject({ week: nextWeek, amount: '$150', billing_country: 'de' });
    const res = await maker.browser.request(`${path}/checkout`, {
      form: { ...checkout.hidden, extras: ['featured', 'billboard', 'premium-profile'] },
    });
    expect(res.status).toBe(303);
    const checkoutUrl = res.headers.get('location')!;
    expect(checkoutUrl).toMatch(/\/checkout\/[A-Za-z0-9_-]+$/);
    const order = await env.ctx.db
      .selectFrom('orders')
      .select(['id', 'subtotal_cents'])
      .where('user_id', '=', maker.userId)
      .executeTakeFirstOrThrow();
    expect(order.subtotal_cents).toBe(27_800);
    const lines = await env.ctx.db
      .selectFrom('order_lines')
      .select(['product', 'amount_cents', 'week'])
      .where('order_id', '=', order.id)
      .orderBy('position')
      .execute();
    expect(lines).toEqual([
      { product: 'featured', amount_cents: 9900, week: nextWeek },
      { product: 'billboard', amount_cents: 15_000, week: null },
      { product: 'premium-profile', amount_cents: 2900, week: null },
    ]);
  });

  it('says at the field what is wrong with the amount, and at the top when nothing is ticked', async () => {
    const form = formFor((await page(maker.browser, path)).text, `${path}/quote#quote`);
    const quote = async (fields: Record<string, string | string[]>) => {
      const res = await maker.browser.request(`${path}/quote`, { form: { ...form.hidden, ...fields } });
      return { status: res.status, text: decodeHtml(await res.text()) };
    };

    let res = await quote({ extras: 'billboard', amount: 'lots', billing_country: 'US' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('<a href="#f-amount">Billboard amount</a>: Enter an amount in dollars, at least $10');
    expect(res.text).toMatch(/id="f-amount"[^>]*aria-invalid="true"[^>]*value="lots"/);

    res = await quote({ extras: 'billboard', amount: '5', billing_country: 'US' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('At least $10: the billboard minimum');

    res = await quote({ extras: 'billboard', billing_country: 'US' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('<a href="#f-amount">Billboard amount</a>');

    res = await quote({ billing_country: 'US' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Tick at least one extra');

    res = await quote({ extras: 'featured', week: '2020-01-06', billing_country: 'US' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('<a href="#f-week">Featured week</a>');
  });

  it('keeps a listing that is not public from being featured, and someone else’s listing is a 404', async () => {
    const draftId = await given(env.ctx).listing({
      slug: 'unlaunched-app',
      status: 'draft',
      fields: { owner_id: maker.userId, name: 'Unlaunched App' },
    });
    const { text } = await page(maker.browser, `/my/listings/${draftId}/promote`);
    expect(text).toContain('A listing can be featured once it is live or scheduled');
    expect(text).not.toContain('value="featured"');

    const other = await signedUpBrowser();
    expect((await page(other.browser, path)).status).toBe(404);
    const own = formFor((await page(maker.browser, path)).text, `${path}/quote#quote`);
    const res = await other.browser.request(`${path}/quote`, {
      form: { _csrf: own.hidden._csrf!, extras: 'premium-profile', billing_country: 'US' },
    });
    expect(res.status).toBe(403);
  });

  it('refuses a form without its CSRF token, and sends anonymous visitors to sign in', async () => {
    const res = await maker.browser.request(`${path}/checkout`, {
      form: { extras: 'premium-profile', billing_country: 'US' },
    });
    expect(res.status).toBe(403);
    const anonymous = new Browser(env.server.url);
    const signIn = await anonymous.request('/my/promote?product=billboard');
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get('location')).toContain('/sign-in?return_to=');
  });

  it('is linked from the billboard, which says what a buyer gets', async () => {
    const { text } = await page(new Browser(env.server.url), '/leaderboards/billboard');
    expect(text).toContain('the total of a listing’s payments sets its place');
    expect(text).toContain('href="/my/promote?product=billboard"');
    const other = await signedUpBrowser();
    let res = await other.browser.request('/my/promote?product=billboard');
    expect(res.status).toBe(200);
    expect(decodeHtml(await res.text())).toContain('You have no listing yet');
    const solo = await given(env.ctx).listing({
      slug: 'solo-app',
      status: 'live',
      fields: { owner_id: other.userId, name: 'Solo App' },
    });
    res = await other.browser.request('/my/promote?product=billboard');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/my/listings/${solo}/promote#f-extra-billboard`);
  });
});
