import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite, type FixtureSite } from '../../fixtures/sites/serve.js';
import { createEndpoint } from '../../../src/webhooks/endpoints.js';
import { draftTestBed, type DraftTestBed } from './setup.js';

let bed: DraftTestBed;
let rich: FixtureSite;
let sparse: FixtureSite;
beforeAll(async () => {
  bed = await draftTestBed();
  rich = await serveSite('rich');
  sparse = await serveSite('sparse');
});
afterAll(async () => {
  await rich?.close();
  await sparse?.close();
  await bed?.close();
});

async function readyDraft(url = rich.url) {
  const maker = await bed.maker();
  const { body } = await bed.call('POST', '/drafts', maker.auth, { url });
  await bed.runJobs();
  return { id: body.id as string, maker };
}

describe('submit_draft', () => {
  it("saves the draft as the maker's listing: status draft, main site, categories, founders, FAQs, socials, story, milestones", async () => {
    const { id, maker } = await readyDraft();
    await bed.call('PATCH', `/drafts/${id}`, maker.auth, {
      fields: { categories: ['Invoicing', 'Finance'] },
      story: { problem: 'Late payments.' },
      milestones: [{ date: '2024-05-01', title: 'Public beta' }],
      founder_socials: { linkedin: 'https://www.linkedin.com/in/mara' },
    });
    const res = await bed.call('POST', `/drafts/${id}/submit`, maker.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slug: 'tallyho', status: 'draft', created: true });
    // A free listing keeps one category: the result says so instead of dropping Finance silently.
    expect(res.body.warnings).toEqual([
      {
        field: 'categories',
        message: expect.stringMatching(
          /^a free listing keeps one category \(Invoicing\); Finance is left out: a paid launch adds up to 3 more \(their slugs as categories of quote_order's launch item\)$/,
        ),
      },
    ]);
    expect(res.body.next_steps.map((s: { tool: string }) => s.tool)).toEqual([
      'get_my_listing',
      'choose_free_listing',
      'quote_order',
    ]);

    const row = await bed.ctx.db
      .selectFrom('listings as l')
      .innerJoin('sites as s', 's.id', 'l.site_id')
      .select(['l.owner_id', 'l.status', 's.key', 'l.domain', 'l.founded_year', 'l.not_found'])
      .where('l.id', '=', res.body.listing_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      owner_id: maker.userId,
      status: 'draft',
      key: 'main',
      domain: '127.0.0.1',
      founded_year: 2019,
      not_found: '["tags"]',
    });

    const { body: listing } = await bed.call('GET', `/me/listings/${res.body.listing_id}`, maker.auth);
    expect(listing).toMatchObject({
      name: 'Tallyho',
      tagline: 'Invoices that chase themselves',
      country: 'DE',
      city: 'Berlin',
      pricing: { model: 'freemium' },
      not_found_on_website: ['tags'],
    });
    // One primary category while the listing is not paid.
    expect(listing.categories).toEqual([{ slug: 'invoicing', name: 'Invoicing', primary: true }]);
    expect(listing.founders.map((f: { name: string }) => f.name)).toEqual(['Mara Lindqvist', 'Jonas Weber']);
    expect(listing.faqs).toHaveLength(2);
    expect(listing.socials).toMatchObject({ website: rich.url, github: 'https://github.com/tallyho' });
    const story = await bed.ctx.db
      .selectFrom('stories')
      .select('problem')
      .where('listing_id', '=', res.body.listing_id)
      .executeTakeFirstOrThrow();
    expect(story.problem).toBe('Late payments.');
    const founder = await bed.ctx.db
      .selectFrom('founders')
      .select('socials')
      .where('name', '=', 'Mara Lindqvist')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(founder.socials)).toEqual({ linkedin: 'https://www.linkedin.com/in/mara' });
  });

  it('warns of a category the site no longer has, and answers no warnings when everything was kept', async () => {
    const { id, maker } = await readyDraft();
    await bed.call('PATCH', `/drafts/${id}`, maker.auth, { fields: { categories: ['Finance'] } });
    expect((await bed.call('POST', `/drafts/${id}/submit`, maker.auth)).body.warnings).toEqual([]);
    // The admin renames the category after the maker chose it.
    await bed.ctx.db.updateTable('categories').set({ name: 'Money' }).where('slug', '=', 'finance').execute();
    try {
      const again = await bed.call('POST', `/drafts/${id}/submit`, maker.auth);
      expect(again.body.warnings).toEqual([
        { field: 'categories', message: 'not categories of this site (list_categories): Finance' },
      ]);
    } finally {
      await bed.ctx.db.updateTable('categories').set({ name: 'Finance' }).where('slug', '=', 'finance').execute();
    }
  });

  it("cuts a value longer than a listing keeps, with a warning, keeping the draft's own", async () => {
    const { id, maker } = await readyDraft();
    const longDescription = `${'Invoices that chase themselves, '.repeat(14)}and more.`; // 457 characters
    await bed.call('PATCH', `/drafts/${id}`, maker.auth, {
      fields: {
        categories: ['Invoicing'],
        short_description: longDescription,
        pricing_model: 'Freemium with a paid plan for growing teams',
      },
    });
    const res = await bed.call('POST', `/drafts/${id}/submit`, maker.auth);
    expect(res.status).toBe(200);
    expect(res.body.warnings).toEqual([
      {
        field: 'short_description',
        message: '457 characters; a listing keeps 300, so it was cut to fit. Shorten it with update_draft',
      },
      {
        field: 'pricing_model',
        message: '43 characters; a listing keeps 40, so it was cut to fit. Shorten it with update_draft',
      },
    ]);

    const { body: listing } = await bed.call('GET', `/me/listings/${res.body.listing_id}`, maker.auth);
    // Cut at the last word that fits, marked with an ellipsis.
    expect(listing.short_description).toBe(`${'Invoices that chase themselves, '.repeat(9)}Invoices…`);
    expect(listing.pricing.model).toBe('Freemium with a paid plan for growing…');
    // The draft keeps what the maker wrote: shortening it there updates the listing.
    const { body: draft } = await bed.call('GET', `/drafts/${id}`, maker.auth);
    expect(draft.fields.short_description.value).toBe(longDescription);
    await bed.call('PATCH', `/drafts/${id}`, maker.auth, { fields: { short_description: 'Invoices that chase.' } });
    const again = await bed.call('POST', `/drafts/${id}/submit`, maker.auth);
    expect(again.body.warnings.map((w: { field: string }) => w.field)).toEqual(['pricing_model']);
    expect((await bed.call('GET', `/me/listings/${res.body.listing_id}`, maker.auth)).body.short_description).toBe(
      'Invoices that chase.',
    );

    // An edit of the submitted draft that the listing cannot keep says so too.
    const edited = await bed.call('PATCH', `/drafts/${id}`, maker.auth, {
      fields: { short_description: longDescription },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.warnings).toEqual([
      {
        field: 'short_description',
        message: '457 characters; a listing keeps 300, so it was cut to fit. Shorten it with update_draft',
      },
      {
        field: 'pricing_model',
        message: '43 characters; a listing keeps 40, so it was cut to fit. Shorten it with update_draft',
      },
    ]);
    // Every later edit of the fields says it again, until the draft's values fit.
    const plain = await bed.call('PATCH', `/drafts/${id}`, maker.auth, { fields: { tagline: 'Chasing done for you' } });
    expect(plain.body.warnings.map((w: { field: string }) => w.field)).toEqual(['short_description', 'pricing_model']);
  });

  it('updates the same listing when run again, and gives a second product of the same name its own slug', async () => {
    const { id, maker } = await readyDraft();
    const first = await bed.call('POST', `/drafts/${id}/submit`, maker.auth);
    await bed.call('PATCH', `/drafts/${id}`, maker.auth, { founders: [{ name: 'Mara Lindqvist' }] });
    const again = await bed.call('POST', `/drafts/${id}/submit`, maker.auth);
    expect(again.body).toMatchObject({ listing_id: first.body.listing_id, slug: first.body.slug, created: false });
    const founders = await bed.ctx.db
      .selectFrom('listing_founders')
      .select('founder_id')
      .where('listing_id', '=', first.body.listing_id)
      .execute();
    expect(founders).toHaveLength(1);
    const other = await readyDraft();
    const second = await bed.call('POST', `/drafts/${other.id}/submit`, other.maker.auth);
    expect(second.body.slug).toMatch(/^tallyho-\d+$/);
    expect(second.body.listing_id).not.toBe(first.body.listing_id);
  });

  it('refuses while the draft is being drafted, and without a name', async () => {
    const maker = await bed.maker();
    const { body } = await bed.call('POST', '/drafts', maker.auth, { url: sparse.url });
    const early = await bed.call('POST', `/drafts/${body.id}/submit`, maker.auth);
    expect(early.status).toBe(409);
    expect(early.body.detail).toMatch(/still crawling/);
    await bed.runJobs();
    await bed.call('PATCH', `/drafts/${body.id}`, maker.auth, { fields: { name: null } });
    const nameless = await bed.call('POST', `/drafts/${body.id}/submit`, maker.auth);
    expect(nameless.status).toBe(409);
    expect(nameless.body.detail).toMatch(/Set fields.name with update_draft/);
    await bed.call('PATCH', `/drafts/${body.id}`, maker.auth, { fields: { name: 'Quietly Mail' } });
    expect((await bed.call('POST', `/drafts/${body.id}/submit`, maker.auth)).body.slug).toBe('quietly-mail');
  });

  it("answers 404 for another user's draft, 401 without sign-in and 403 without listings:write", async () => {
    const { id } = await readyDraft();
    const stranger = await bed.maker();
    expect((await bed.call('POST', `/drafts/${id}/submit`, stranger.auth)).status).toBe(404);
    expect((await bed.call('POST', `/drafts/${id}/submit`, {})).status).toBe(401);
    expect((await bed.call('POST', `/drafts/${id}/submit`, (await bed.maker(['account:read'])).auth)).status).toBe(403);
  });

  it("tells the maker's listing.submitted webhook of the new listing, once: submitting again changes no event", async () => {
    const { id, maker } = await readyDraft();
    await createEndpoint(bed.ctx, maker.userId, 'own', {
      url: 'https://hooks.example.com/in',
      events: ['listing.submitted'],
    });
    const first = await bed.call('POST', `/drafts/${id}/submit`, maker.auth);
    await bed.call('POST', `/drafts/${id}/submit`, maker.auth);
    const sent = await bed.ctx.db.selectFrom('webhook_deliveries').select(['event', 'payload']).execute();
    expect(sent.map((d) => [d.event, JSON.parse(d.payload).data.listing.id])).toEqual([
      ['listing.submitted', first.body.listing_id],
    ]);
  });
});
