// An assistant's whole job over MCP (the v2 client, one API key), as an
// assistant tried it: list my product from my URL (fields say `pending` while the site
// is read, not "not found"), fix the profile, add a founder and FAQs, submit
// (a value the listing will not keep is a warning, not a silent drop; a
// description longer than a listing keeps is cut and said so), learn the
// stage values and site keys the schemas point to, see
// the free and paid options with VAT for a German consumer before choosing,
// take the free route, put the badge up and check it at once, then the top 3
// this week. A second request: list a product, fix the draft, add FAQs and a
// co-founder, quote a paid launch for a French company with a VAT number,
// start a DNS claim on another listing, and answer "the top three in our
// category this week, and how we compare with our closest alternative".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../src/platform/jobs.js';
import { jobHandlers } from '../../src/scheduler.js';
import { serveSite, type FixtureSite } from '../fixtures/sites/serve.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { launches } from '../helpers/launches.js';
import { priceProducts } from '../helpers/orders.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { confirmEmail, userWithKey } from '../helpers/users.js';
import { connectHttp } from '../mcp/clients.js';

let ctx: TestContext;
let server: TestServer;
let site: FixtureSite;
/** The homepage the fixture site serves once the maker has put the badge on it (empty: the site's own page). */
let homepageWithBadge = '';
/** This week's launches in Invoicing and the votes each has, and one in Finance with more. */
const THIS_WEEK = '2026-11-16';

beforeAll(async () => {
  ctx = await testContext({ allowPrivateFetch: true });
  const g = given(ctx);
  const invoicing = await g.category({ name: 'Invoicing', slug: 'invoicing' });
  const finance = await g.category({ name: 'Finance', slug: 'finance' });
  const l = launches(ctx);
  for (const [slug, votes] of [
    ['dunning', 5],
    ['paywise', 9],
    ['billbot', 2],
    ['remindly', 7],
  ] as const)
    await l.launch({ slug, week: THIS_WEEK, votes, categories: [invoicing] });
  await l.launch({ slug: 'ledgerly', week: THIS_WEEK, votes: 20, categories: [finance] });
  await g.listing({
    slug: 'acme-invoices',
    fields: { name: 'Acme Invoices', url: 'https://www.acme.example/', domain: 'www.acme.example' },
  });
  await g.listing({ status: 'live', fields: { stage: 'beta' } });
  await priceProducts(ctx);
  site = await serveSite('rich', {
    routes: {
      '/': (_req, res) => {
        if (!homepageWithBadge) return false;
        res.setHeader('content-type', 'text/html');
        res.end(homepageWithBadge);
      },
    },
  });
  server = await startServer(ctx);
});
afterAll(async () => {
  await server?.close();
  await site?.close();
  await ctx?.close();
});

/** A maker's assistant on the v2 client with one API key; `call` expects success and gives the structured result. */
async function assistant() {
  const maker = await userWithKey(ctx, ['account:read', 'listings:write', 'orders:write']);
  const client = await connectHttp('v2-2026-07-28', `${server.url}/mcp`, maker.auth);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool(name, args);
    expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    return result.structuredContent as any;
  };
  return { maker, client, call };
}

describe('an assistant doing a maker’s whole request over MCP', () => {
  it('drafts, fixes, submits with warnings, sees the options before choosing, launches free and checks the badge', async () => {
    const { client, call } = await assistant();
    try {
      // While the site is read, fields are pending, not "not found", and nothing is known missing.
      const created = await call('submit_listing', { url: site.url });
      let draft = await call('get_draft', { id: created.id });
      expect(draft.status).toBe('crawling');
      expect(draft.fields.tagline.state).toBe('pending');
      expect(draft.missing).toEqual([]);
      await runDueJobs(ctx, jobHandlers, 'test-worker');
      draft = await call('get_draft', { id: created.id });
      expect(draft.status).toBe('ready');

      // Fix the profile: two categories, a long short description, a founder, two FAQs.
      const longer = `${'Invoices that chase themselves until they are paid. '.repeat(7)}`.trim();
      expect(longer.length).toBeGreaterThan(300); // a draft takes 500; a listing keeps 300
      draft = await call('update_draft', {
        id: created.id,
        fields: { categories: ['Invoicing', 'Finance'], short_description: longer },
        founders: [{ name: 'Ada Lovelace', title: 'Founder' }],
        faqs: [
          { question: 'Is there a free plan?', answer: 'Yes, for up to three clients.' },
          { question: 'Can I export my data?', answer: 'Yes, as CSV at any time.' },
        ],
      });
      expect(draft.fields.categories.value).toEqual(['Invoicing', 'Finance']);

      // Submitting says what a free listing will not keep, instead of dropping it silently.
      const submitted = await call('submit_draft', { id: created.id });
      expect(submitted.warnings).toEqual([
        { field: 'short_description', message: expect.stringContaining('a listing keeps 300, so it was cut') },
        expect.objectContaining({
          field: 'categories',
          message: expect.stringContaining('a free listing keeps one category'),
        }),
      ]);
      const listingId = submitted.listing_id;

      // The vocabulary the schemas point to: stage values in use, and the site keys apply_to takes.
      const info = await call('get_site_info', {});
      expect(info.filters.stages).toEqual(expect.arrayContaining(['beta']));
      expect(info.sites.map((s: { key: string }) => s.key)).toEqual(['main']);
      const mine = await call('get_my_listing', { listing_id: listingId });
      expect(mine).toMatchObject({ site: 'main', other_sites: [] });
      expect(mine.short_description.length).toBeLessThanOrEqual(300);

      // The options before committing: the free week, open paid weeks, a quote with German VAT.
      const options = await call('get_launch_options', { listing_id: listingId, billing_country: 'DE' });
      expect(options.free).toMatchObject({ available: true, week: '2026-12-28', badge_checks_every_minutes: 60 });
      expect(options.paid.available).toBe(true);
      expect(options.paid.weeks.length).toBeGreaterThan(0);
      expect(options.paid.quote.vat).toMatchObject({ computed: true, rate_percent: 19, billing_country: 'DE' });
      expect(options.paid.quote.total_cents).toBe(
        options.paid.quote.subtotal_cents + options.paid.quote.vat.amount_cents,
      );
      const listingBefore = await call('get_my_listing', { listing_id: listingId });
      expect(listingBefore.status).toBe('draft'); // looking reserved nothing

      // The free route reserves exactly the week the options showed.
      const free = await call('choose_free_listing', { listing_id: listingId });
      expect(free.launch_week).toBe(options.free.week);

      // The badge: missing until it is on the homepage, found at once when checked after.
      const missing = await call('check_badge', { listing_id: listingId });
      expect(missing).toMatchObject({ result: 'missing', status: 'awaiting_badge', next_check_within_minutes: 60 });
      homepageWithBadge = `<html><body><h1>Tallyho</h1><footer>${free.badge.html}</footer></body></html>`;
      const found = await call('check_badge', { listing_id: listingId });
      expect(found).toMatchObject({ result: 'found', status: 'scheduled' });

      // The top 3 this week.
      const board = await call('get_leaderboard', { board: 'community-weekly', per_page: 3 });
      expect(board.items.length).toBeLessThanOrEqual(3);
    } finally {
      await client.close();
    }
  });

  it('quotes a paid launch for a French company, claims another listing by DNS, and answers the category’s top three and the closest alternative', async () => {
    const { maker, client, call } = await assistant();
    await confirmEmail(ctx, maker.userId); // invites go out from confirmed addresses only
    homepageWithBadge = ''; // the site as it is, not as the first maker changed it
    try {
      // List the product from its site and fix the draft: the category, FAQs, a co-founder invited.
      const created = await call('submit_listing', { url: site.url });
      await runDueJobs(ctx, jobHandlers, 'test-worker');
      let draft = await call('update_draft', {
        id: created.id,
        fields: { categories: ['Invoicing'], tagline: 'Invoices that chase themselves' },
        faqs: [{ question: 'Is there a free plan?', answer: 'Yes, for up to three clients.' }],
      });
      expect(draft.fields.tagline).toMatchObject({ value: 'Invoices that chase themselves' });
      expect(draft.faqs).toHaveLength(1);
      const invited = await call('invite_cofounder', { id: created.id, email: 'jonas@tallyho.example' });
      expect(invited.invites_left).toBe(9);
      draft = await call('get_draft', { id: created.id });
      expect(draft.invites).toEqual({ sent: 1, left: 9 });
      const { listing_id: listingId } = await call('submit_draft', { id: created.id });
      const mine = await call('get_my_listing', { listing_id: listingId });

      // A paid launch for a French company with a VAT number: reverse charge, its name and address on the quote.
      const company = { company_name: 'Tallyho SAS', company_address: '12 rue de la Paix, 75002 Paris' };
      const quote = await call('quote_order', {
        items: [{ product: 'launch', listing_id: listingId }],
        billing_country: 'FR',
        vat_number: 'FR40303265045',
        ...company,
      });
      expect(quote.vat).toMatchObject({ reverse_charge: true, amount_cents: 0, ...company });
      expect(quote.total_cents).toBe(quote.subtotal_cents);

      // A DNS claim on another listing: a token to publish, then verify_claim.
      const claim = await call('claim_listing', { slug: 'acme-invoices', method: 'dns' });
      expect(claim).toMatchObject({ status: 'pending', listing: { slug: 'acme-invoices' } });
      expect(claim.token).toEqual(expect.any(String));
      expect(claim.next_steps.map((s: { tool: string }) => s.tool)).toContain('verify_claim');

      // "The top three in our category this week": Invoicing alone, by votes.
      const top = await call('get_leaderboard', { board: 'community-weekly', category: 'invoicing', per_page: 3 });
      expect(top.items.map((i: any) => [i.listing.slug, i.metric.value])).toEqual([
        ['paywise', 9],
        ['remindly', 7],
        ['dunning', 5],
      ]);
      // "How we compare with our closest alternative": asked for our own listing before it is live.
      const alternatives = await call('get_alternatives', { slug: mine.slug });
      const closest = alternatives.items[0].slug;
      expect(closest).toBe('paywise');
      const comparison = await call('compare_listings', { a: mine.slug, b: closest });
      expect([comparison.a.slug, comparison.b.slug]).toEqual([mine.slug, 'paywise']);
      expect(comparison.rows.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });
});
