// An assistant's whole job over MCP (the v2 client, one API key), as an
// assistant tried it: list my product from my URL (fields say `pending` while the site
// is read, not "not found"), fix the profile, add a founder and FAQs, submit
// (a value the listing will not keep is a warning, not a silent drop; a
// description longer than a listing keeps is cut and said so), learn the
// stage values and site keys the schemas point to, see
// the free and paid options with VAT for a German consumer before choosing,
// take the free route, put the badge up and check it at once, then the top 3
// this week.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../src/platform/jobs.js';
import { jobHandlers } from '../../src/scheduler.js';
import { serveSite, type FixtureSite } from '../fixtures/sites/serve.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { priceProducts } from '../helpers/orders.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';
import { connectHttp } from '../mcp/clients.js';

let ctx: TestContext;
let server: TestServer;
let site: FixtureSite;
/** The homepage the fixture site serves once the maker has put the badge on it (empty: the site's own page). */
let homepageWithBadge = '';

beforeAll(async () => {
  ctx = await testContext({ allowPrivateFetch: true });
  const g = given(ctx);
  await g.category({ name: 'Invoicing', slug: 'invoicing' });
  await g.category({ name: 'Finance', slug: 'finance' });
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

describe('an assistant doing a maker’s whole request over MCP', () => {
  it('drafts, fixes, submits with warnings, sees the options before choosing, launches free and checks the badge', async () => {
    const maker = await userWithKey(ctx, ['account:read', 'listings:write', 'orders:write']);
    const client = await connectHttp('v2-2026-07-28', `${server.url}/mcp`, maker.auth);
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool(name, args);
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      return result.structuredContent as any;
    };
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
});
