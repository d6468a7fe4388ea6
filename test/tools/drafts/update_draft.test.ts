import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeUpload } from '../../../src/media/uploads.js';
import { serveSite, type FixtureSite } from '../../fixtures/sites/serve.js';
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

async function readyDraft() {
  const maker = await bed.maker();
  const { body } = await bed.call('POST', '/drafts', maker.auth, { url: rich.url });
  await bed.runJobs();
  const patch = (changes: unknown, headers?: Record<string, string>) =>
    bed.call('PATCH', `/drafts/${body.id}`, maker.auth, changes, headers);
  return { id: body.id as string, maker, patch };
}

const paths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

describe('update_draft: field states', () => {
  it('marks a value the AI had as edited and one it had not as manual', async () => {
    const { patch } = await readyDraft();
    const { status, body } = await patch({
      fields: { tagline: 'Get paid without chasing', tags: ['invoices', ' invoices ', 'freelance'] },
    });
    expect(status).toBe(200);
    expect(body.fields.tagline).toEqual({
      value: 'Get paid without chasing',
      state: 'edited',
      evidence: [],
      ai_value: 'Invoices that chase themselves',
    });
    expect(body.fields.tags).toEqual({
      value: ['invoices', 'freelance'],
      state: 'manual',
      evidence: [],
      ai_value: null,
    });
    expect(body.missing).not.toContain('tags');
    expect(body.completeness).toBe(100);
  });

  it('removes a field sent as null (deleted), keeping the AI original for restore', async () => {
    const { patch } = await readyDraft();
    const { body } = await patch({ fields: { city: null } });
    expect(body.fields.city).toEqual({ value: null, state: 'deleted', evidence: [], ai_value: 'Berlin' });
    expect(body.missing).toContain('city');
    expect(body.not_found_on_website).not.toContain('city');
  });

  it('locks fields against AI redrafts (override); regenerating one names the fix', async () => {
    const { patch } = await readyDraft();
    let { body } = await patch({ lock_fields: ['tagline', 'pricing_model'] });
    expect(body.locked_fields).toEqual(['tagline', 'pricing_model']);
    expect(body.fields.tagline).toMatchObject({ value: 'Invoices that chase themselves', state: 'override' });
    ({ body } = await patch({ fields: { tagline: 'Mine now' } }));
    expect(body.fields.tagline).toMatchObject({ value: 'Mine now', state: 'override' });
    const refused = await patch({ regenerate: ['tagline'] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        path: 'regenerate.0',
        message: 'tagline is locked (override); restore it to let the AI redraft it, or set it in fields',
      },
    ]);
  });

  it('restores the AI original, with its evidence, and unlocks the field', async () => {
    const { patch } = await readyDraft();
    await patch({ fields: { tagline: 'Mine' }, lock_fields: ['tagline'] });
    const { body } = await patch({ restore: ['tagline'] });
    expect(body.fields.tagline).toEqual({
      value: 'Invoices that chase themselves',
      state: 'ai',
      evidence: [{ quote: 'Invoices that chase themselves', url: rich.url }],
      ai_value: 'Invoices that chase themselves',
    });
    expect(body.locked_fields).toEqual([]);
  });

  it('regenerates fields from the stored website evidence, without reading the site again', async () => {
    const { patch } = await readyDraft();
    await patch({ fields: { tagline: 'Mine', founded_year: '2001' } });
    const requests = rich.requests.length;
    const { status, body } = await patch({ regenerate: ['tagline', 'founded_year'] });
    expect(status).toBe(200);
    expect(body.fields.tagline).toMatchObject({ value: 'Invoices that chase themselves', state: 'ai' });
    expect(body.fields.founded_year).toMatchObject({
      value: '2019',
      state: 'ai',
      evidence: [{ quote: '2019-03-01', url: rich.url }],
    });
    expect(rich.requests.length).toBe(requests);
  });

  it('refuses a field sent in more than one of fields, restore, regenerate and undo', async () => {
    const { patch } = await readyDraft();
    await patch({ regenerate: ['city'], fields: { name: 'Mine' } });
    await patch({ regenerate: ['name'] });
    const { status, body } = await patch({
      fields: { tagline: 'x' },
      restore: ['name', 'tagline'],
      regenerate: ['name'],
      undo: ['name'],
    });
    expect(status).toBe(400);
    expect(paths(body)).toEqual(['restore.1', 'regenerate.0', 'undo.0']);
  });

  it("undoes a redraft: the maker's text comes back, once, and not after they set the field", async () => {
    const { patch } = await readyDraft();
    await patch({ fields: { tagline: 'Get paid without chasing' }, lock_fields: ['tagline'] });
    let { body } = await patch({ restore: ['tagline'] });
    expect(body.undoable).toEqual(['tagline']);
    ({ body } = await patch({ regenerate: ['tagline'] }));
    expect(body.fields.tagline).toMatchObject({ value: 'Invoices that chase themselves', state: 'ai' });
    // The redraft changed nothing, so undo still brings back what the restore replaced, lock included.
    expect(body.undoable).toEqual(['tagline']);
    ({ body } = await patch({ undo: ['tagline'] }));
    expect(body.fields.tagline).toEqual({
      value: 'Get paid without chasing',
      state: 'override',
      evidence: [],
      ai_value: 'Invoices that chase themselves',
    });
    expect(body.locked_fields).toEqual(['tagline']);
    expect(body.undoable).toEqual([]);

    const again = await patch({ undo: ['tagline'] });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([
      {
        path: 'undo.0',
        message:
          'tagline has nothing to undo: undo brings back what the last restore or regenerate replaced, until the field is set',
      },
    ]);

    await patch({ fields: { founded_year: '2001' } });
    ({ body } = await patch({ regenerate: ['founded_year'] }));
    expect(body.undoable).toEqual(['founded_year']);
    ({ body } = await patch({ fields: { founded_year: '2002' } }));
    expect(body.undoable).toEqual([]);
  });
});

describe("update_draft: founders' photos", () => {
  it('takes only a photo stored here, keeps one a client leaves out, and removes one sent as null', async () => {
    const { patch } = await readyDraft();
    const square = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const { url } = await storeUpload(bed.ctx, { bytes: square, variant: 'logo' });
    let { status, body } = await patch({ founders: [{ name: 'Ada Maker', avatar_url: url }, { name: 'Jonas Weber' }] });
    expect(status).toBe(200);
    expect(body.founders.map((f: { avatar_url: string | null }) => f.avatar_url)).toEqual([url, null]);
    // Editing a bio without naming the photo keeps it with the founder of that name.
    ({ body } = await patch({ founders: [{ name: 'Jonas Weber' }, { name: 'Ada Maker', bio: 'Writes invoices.' }] }));
    expect(body.founders.map((f: { avatar_url: string | null }) => f.avatar_url)).toEqual([null, url]);
    ({ body } = await patch({ founders: [{ name: 'Ada Maker', avatar_url: null }] }));
    expect(body.founders[0].avatar_url).toBeNull();

    const refused = await patch({
      founders: [
        { name: 'Ada Maker', avatar_url: 'https://elsewhere.example/ada.png' },
        { name: 'B', avatar_url: `${url}x` },
      ],
    });
    expect(refused.status).toBe(400);
    expect(paths(refused.body)).toEqual(['founders.0.avatar_url', 'founders.1.avatar_url']);
  });
});

describe('update_draft: values checked beyond their bounds', () => {
  it('takes category names from list_categories in any case, and refuses others', async () => {
    const { patch } = await readyDraft();
    expect((await patch({ fields: { categories: ['finance', 'INVOICING'] } })).body.fields.categories.value).toEqual([
      'Finance',
      'Invoicing',
    ]);
    const refused = await patch({ fields: { categories: ['Finance', 'Space travel'] } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: 'fields.categories.1', message: 'unknown category; use a name from list_categories' },
    ]);
  });

  it('stores countries as ISO codes and founding years as four digits', async () => {
    const { patch } = await readyDraft();
    expect((await patch({ fields: { country: 'france' } })).body.fields.country.value).toBe('FR');
    expect(paths((await patch({ fields: { country: 'Atlantis' } })).body)).toEqual(['fields.country']);
    expect(paths((await patch({ fields: { founded_year: '99' } })).body)).toEqual(['fields.founded_year']);
  });

  const long = (n: number) => 'x'.repeat(n);
  const faq = { question: 'Q?', answer: 'A.' };
  const founder = { name: 'Ada' };
  const milestone = { date: '2024-01-31', title: 'Launch' };
  it.each([
    [{ fields: { tagline: long(501) } }, 'fields.tagline'],
    [{ fields: { description: long(20001) } }, 'fields.description'],
    [{ fields: { features: Array(21).fill('f') } }, 'fields.features'],
    [{ fields: { keywords: [long(201)] } }, 'fields.keywords.0'],
    [{ fields: { colour: 'red' } }, 'fields.colour'],
    [{ lock_fields: Array(21).fill('name') }, 'lock_fields'],
    [{ regenerate: Array(6).fill('name') }, 'regenerate'],
    [{ restore: Array(21).fill('name') }, 'restore'],
    [{ restore: ['headline'] }, 'restore.0'],
    [{ faqs: Array(11).fill(faq) }, 'faqs'],
    [{ faqs: [{ question: long(301), answer: 'a' }] }, 'faqs.0.question'],
    [{ faqs: [{ question: 'q', answer: long(1501) }] }, 'faqs.0.answer'],
    [{ founders: Array(7).fill(founder) }, 'founders'],
    [{ founders: [{ name: long(161) }] }, 'founders.0.name'],
    [{ founders: [{ name: 'Ada', bio: long(3001) }] }, 'founders.0.bio'],
    [{ milestones: Array(51).fill(milestone) }, 'milestones'],
    [{ milestones: [{ date: '2024-02-30', title: 'x' }] }, 'milestones.0.date'],
    [{ milestones: [{ ...milestone, url: 'http://insecure.example' }] }, 'milestones.0.url'],
    [{ milestones: [{ ...milestone, description: long(2001) }] }, 'milestones.0.description'],
    [{ story: { journey: long(8001) } }, 'story.journey'],
    [{ story: { epilogue: 'x' } }, 'story.epilogue'],
    [{ seo: { title: long(71) } }, 'seo.title'],
    [{ seo: { meta: long(171) } }, 'seo.meta'],
    [{ company_socials: { myspace: 'https://myspace.com/x' } }, 'company_socials.myspace'],
    [{ company_socials: { github: `https://github.com/${long(490)}` } }, 'company_socials.github'],
    [{ competitor_url: long(2049) }, 'competitor_url'],
    [{ competitor_url: 'not a site' }, 'competitor_url'],
  ])('rejects %j naming the field', async (changes, path) => {
    const { patch } = await readyDraft();
    const { status, body } = await patch(changes);
    expect(status).toBe(400);
    expect(paths(body)).toContain(path);
  });
});

describe('update_draft: the rest of the draft', () => {
  it('replaces FAQs, founders, milestones and socials; merges story and SEO sections', async () => {
    const { patch } = await readyDraft();
    const faqs = [{ question: 'Is there an app?', answer: 'Not yet.' }];
    const founders = [
      { name: 'Mara Lindqvist', title: 'CEO' },
      { name: 'Jonas Weber', bio: 'Builds things.' },
    ];
    const milestones = [{ date: '2024-05-01', title: 'Public beta', url: 'https://tallyho.example/beta' }];
    let { body } = await patch({
      faqs,
      founders,
      milestones,
      company_socials: { github: 'https://github.com/tallyho' },
      founder_socials: { linkedin: 'https://www.linkedin.com/in/mara' },
      story: { problem: 'Late payments.', why_started: 'We were freelancers.' },
      seo: { title: 'Tallyho invoicing' },
    });
    expect(body.faqs).toEqual([{ ...faqs[0], evidence: [] }]);
    expect(body.founders).toEqual([
      { name: 'Mara Lindqvist', title: 'CEO', bio: null, avatar_url: null, evidence: [] },
      { name: 'Jonas Weber', title: null, bio: 'Builds things.', avatar_url: null, evidence: [] },
    ]);
    expect(body.milestones).toEqual([
      { date: '2024-05-01', title: 'Public beta', description: null, url: 'https://tallyho.example/beta' },
    ]);
    expect(body.company_socials).toEqual({ github: 'https://github.com/tallyho' });
    expect(body.founder_socials).toEqual({ linkedin: 'https://www.linkedin.com/in/mara' });
    expect(body.seo).toEqual({
      title: 'Tallyho invoicing',
      meta: 'Tallyho sends your invoices, reminds late payers and matches payments, so freelancers get paid on time.',
    });
    ({ body } = await patch({ story: { problem: '', lessons: 'Ship early.' }, seo: { meta: '' } }));
    expect(body.story).toEqual({ why_started: 'We were freelancers.', lessons: 'Ship early.' });
    expect(body.seo).toEqual({ title: 'Tallyho invoicing', meta: null });
  });

  it('reads a competitor and compares it through the same evidence gate; an empty string clears it', async () => {
    const { patch } = await readyDraft();
    let { body } = await patch({ competitor_url: sparse.url });
    expect(body.competitor).toMatchObject({ url: sparse.url, status: 'reading', rows: [] });
    await bed.runJobs();
    ({ body } = await patch({}));
    expect(body.competitor).toMatchObject({ url: sparse.url, status: 'ready', name: 'Quietly', failure_reason: null });
    const pricing = body.competitor.rows.find((r: { field: string }) => r.field === 'pricing_model');
    expect(pricing).toEqual({ field: 'pricing_model', ours: 'freemium', theirs: null, theirs_evidence: [] });
    expect(body.competitor.rows.find((r: { field: string }) => r.field === 'name').theirs_evidence).toEqual([
      { quote: 'Quietly', url: sparse.url },
    ]);
    ({ body } = await patch({ competitor_url: '' }));
    expect(body.competitor).toBeNull();
  });

  it('refuses to regenerate while the draft is still being drafted', async () => {
    const maker = await bed.maker();
    const { body } = await bed.call('POST', '/drafts', maker.auth, { url: rich.url });
    const res = await bed.call('PATCH', `/drafts/${body.id}`, maker.auth, { regenerate: ['name'] });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/still crawling/);
    // Edits are fine meanwhile, and survive the drafting.
    await bed.call('PATCH', `/drafts/${body.id}`, maker.auth, { fields: { tagline: 'Written before the AI' } });
    await bed.runJobs();
    const after = await bed.call('GET', `/drafts/${body.id}`, maker.auth);
    expect(after.body.fields.tagline).toEqual({
      value: 'Written before the AI',
      state: 'edited',
      evidence: [],
      ai_value: 'Invoices that chase themselves',
    });
  });

  it('after submission, updates the listing too (and records the change in its history)', async () => {
    const { id, maker, patch } = await readyDraft();
    const { body: submitted } = await bed.call('POST', `/drafts/${id}/submit`, maker.auth);
    await patch({
      fields: { tagline: 'Invoices, handled', categories: ['Finance'] },
      faqs: [{ question: 'Is it safe?', answer: 'Yes.' }],
    });
    const { body: listing } = await bed.call('GET', `/me/listings/${submitted.listing_id}`, maker.auth);
    expect(listing.tagline).toBe('Invoices, handled');
    expect(listing.status).toBe('draft');
    expect(listing.categories).toEqual([{ slug: 'finance', name: 'Finance', primary: true }]);
    expect(listing.faqs).toEqual([{ question: 'Is it safe?', answer: 'Yes.' }]);
    const versions = await bed.ctx.db
      .selectFrom('listing_versions')
      .select('changes')
      .where('listing_id', '=', submitted.listing_id)
      .execute();
    expect(JSON.parse(versions.at(-1)!.changes)).toMatchObject({
      tagline: { before: 'Invoices that chase themselves', after: 'Invoices, handled' },
      faqs: { after: 'replaced from the draft' },
    });
  });

  it("answers 404 for another user's draft and for one that does not exist", async () => {
    const { id } = await readyDraft();
    const stranger = await bed.maker();
    expect((await bed.call('PATCH', `/drafts/${id}`, stranger.auth, { fields: { name: 'Mine' } })).status).toBe(404);
    expect((await bed.call('PATCH', '/drafts/00000000-0000-4000-8000-000000000000', stranger.auth, {})).status).toBe(
      404,
    );
  });

  it('replays a retried edit with the same Idempotency-Key', async () => {
    const { patch } = await readyDraft();
    const first = await patch({ fields: { city: 'Hamburg' } }, { 'idempotency-key': 'edit-1' });
    const again = await patch({ fields: { city: 'Hamburg' } }, { 'idempotency-key': 'edit-1' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.updated_at).toBe(first.body.updated_at);
  });
});
