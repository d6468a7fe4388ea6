// The draft review page through HTTP as a signed-up person: the status while
// the fixture site is read, the drafted fields with their states and
// evidence, saving only what changed, the per-field Lock / Restore / Redraft
// buttons, the sections' forms, refusals that name the field and save
// nothing, ownership, CSRF and "Submit as my listing".
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { draftById } from '../../../src/drafts/drafts.js';
import { serveSite, type FixtureSite } from '../../fixtures/sites/serve.js';
import { confirmEmail } from '../../helpers/users.js';
import { Browser, formFor, signUpThroughPages, formValues } from '../../oauth/browser.js';
import { draftTestBed, type DraftTestBed } from '../../tools/drafts/setup.js';

let bed: DraftTestBed;
let rich: FixtureSite;
let sparse: FixtureSite;
let blocked: FixtureSite;
beforeAll(async () => {
  bed = await draftTestBed();
  bed.ctx.config.publicUrl = bed.server.url;
  rich = await serveSite('rich');
  sparse = await serveSite('sparse');
  blocked = await serveSite('blocked');
});
afterAll(async () => {
  await rich?.close();
  await sparse?.close();
  await blocked?.close();
  await bed?.close();
});
// Form budgets are per minute of the test clock: each test starts with fresh ones.
beforeEach(() => bed.ctx.clock.advance(61_000));

let people = 0;
async function signedUp(): Promise<Browser> {
  const browser = new Browser(bed.server.url);
  await signUpThroughPages(browser, `maker${++people}@example.com`, 'long enough pw');
  return browser;
}

async function submitUrl(browser: Browser, url: string): Promise<string> {
  const page = await (await browser.request('/submit')).text();
  const res = await browser.request('/submit', { form: { ...formFor(page, '/submit').hidden, url } });
  expect(res.status).toBe(303);
  return res.headers.get('location')!.replace('/drafts/', '');
}

async function readyDraft(site = rich) {
  const browser = await signedUp();
  const id = await submitUrl(browser, site.url);
  await bed.runJobs();
  return { browser, id };
}

async function open(browser: Browser, path: string) {
  const res = await browser.request(path);
  return { status: res.status, text: await res.text(), res };
}

/** What a section's button sends: the page's form with its intent. */
const SECTION_BUTTONS: Record<string, string> = {
  '/faqs': 'faqs',
  '/founders': 'founders',
  '/socials/company': 'company_socials',
  '/socials/founder': 'founder_socials',
  '/story': 'story',
  '/milestones': 'milestones',
  '/seo': 'seo',
  '/competitor': 'competitor',
};

/**
 * Opens the draft page and presses one of its buttons with some values
 * changed, as a person would: the page is one form, so every button sends all
 * of it, to the form's address with its intent (a section's "Save") or to its
 * own (`formaction`: "Send invite", "Submit as my listing").
 */
async function send(browser: Browser, id: string, suffix: string, changes: Record<string, string>) {
  const page = (await open(browser, `/drafts/${id}`)).text;
  const values = formValues(page, `/drafts/${id}`);
  const section = SECTION_BUTTONS[suffix];
  if (section)
    return browser.request(`/drafts/${id}`, { form: { ...values, intent: `section:${section}`, ...changes } });
  if (suffix !== '') expect(page).toContain(`formaction="/drafts/${id}${suffix}"`);
  return browser.request(`/drafts/${id}${suffix}`, { form: { ...values, ...changes } });
}

/** The part of the page that shows one profile field. */
function fieldBlock(page: string, field: string): string {
  const start = page.indexOf(`id="field-${field}"`);
  expect(start).toBeGreaterThan(-1);
  const end = page.indexOf('<div class="draft-field ', start + 1);
  return page.slice(start, end === -1 ? page.indexOf('</form>', start) : end);
}

const stored = async (id: string) => (await draftById(bed.ctx, bed.ctx.db, id))!;

describe('the draft page while the site is read', () => {
  it('shows the status, refreshes itself every 3 seconds and has a Refresh link', async () => {
    const browser = await signedUp();
    const id = await submitUrl(browser, rich.url);
    const page = await open(browser, `/drafts/${id}`);
    expect(page.status).toBe(200);
    expect(page.res.headers.get('refresh')).toBe('3');
    expect(page.text).toContain('<h1>Reading your site…</h1>');
    expect(page.text).toContain(`<a class="button secondary" href="/drafts/${id}">Refresh</a>`);
    expect(page.text).not.toContain('name="fields.tagline"');

    const still = await open(browser, `/drafts/${id}?refresh=off`);
    expect(still.res.headers.get('refresh')).toBeNull();
    expect(still.text).toContain('Automatic refresh is off');

    await bed.runJobs();
    const ready = await open(browser, `/drafts/${id}`);
    expect(ready.res.headers.get('refresh')).toBeNull();
    expect(ready.text).toContain('<h1>Tallyho</h1>');
  });

  it('says why reading failed and tries again with the button', async () => {
    const { browser, id } = await readyDraft(blocked);
    const page = await open(browser, `/drafts/${id}`);
    expect(page.text).toContain('We could not read your site');
    expect(page.text).toMatch(/robots\.txt/);
    expect(page.text).toContain('<a class="button secondary" href="/submit">Submit another URL</a>');
    const res = await browser.request(`/drafts/${id}/retry`, {
      form: formFor(page.text, `/drafts/${id}/retry`).hidden,
    });
    expect(res.status).toBe(303);
    expect((await stored(id)).status).toBe('crawling');
    expect((await open(browser, `/drafts/${id}`)).text).toContain('<h1>Reading your site…</h1>');
  });
});

describe('the ready draft', () => {
  it('shows every field with its value, its state and the quotes it came from', async () => {
    const { browser, id } = await readyDraft();
    const { text } = await open(browser, `/drafts/${id}`);
    const tagline = fieldBlock(text, 'tagline');
    expect(tagline).toContain('<label for="f-fields-tagline">Tagline</label>');
    expect(tagline).toContain('value="Invoices that chase themselves"');
    expect(tagline).toContain('>AI drafted</span>');
    expect(tagline).toContain('<q>Invoices that chase themselves</q>');
    expect(tagline).toContain(`<a href="${rich.url}" rel="nofollow noopener noreferrer">home page</a>`);
    // Several quotes fold away, each with its page.
    const features = fieldBlock(text, 'features');
    expect(features).toMatch(/<details class="draft-evidence"><summary>Evidence: 5 quotes from 2 pages of your site/);
    expect(features).toContain(`<a href="${rich.url}features" rel="nofollow noopener noreferrer">/features</a>`);
    expect(features).toContain('Automatic payment reminders\nBank reconciliation\n');
    expect(fieldBlock(text, 'tags')).toContain('>Not on your site</span>');
    expect(fieldBlock(text, 'categories')).toContain('The first line is your primary category');
    expect(fieldBlock(text, 'categories')).toContain('<a href="/categories">our categories</a>');
    for (const label of ['Short description', 'Unique selling points', 'Pricing model', 'Founded (year)']) {
      expect(text).toContain(`">${label}</label>`);
    }
    expect(text).toContain('Still missing: <a href="#f-fields-tags">Tags</a>');
    expect(text).toMatch(/<progress id="completeness" max="100" value="95">/);
    expect(text).toContain('value="Can I import invoices from another tool?"');
    expect(text).toContain('value="Mara Lindqvist"');
  });

  it('saves only the field a person changed: the others stay AI drafted', async () => {
    const { browser, id } = await readyDraft();
    const res = await send(browser, id, '', { 'fields.tagline': 'Get paid without chasing', intent: 'save' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/drafts/${id}?done=saved#profile`);
    const draft = await stored(id);
    expect(draft.fields.tagline).toMatchObject({ value: 'Get paid without chasing', state: 'edited' });
    const states = Object.entries(draft.fields)
      .filter(([f]) => f !== 'tagline')
      .map(([, v]) => v.state);
    expect(new Set(states)).toEqual(new Set(['ai', 'not_found']));
    const page = await open(browser, res.headers.get('location')!);
    expect(page.text).toContain('<p class="notice" role="status">Saved your changes.</p>');
    expect(fieldBlock(page.text, 'tagline')).toContain('>Edited by you</span>');
    expect(fieldBlock(page.text, 'tagline')).toContain('<q>Invoices that chase themselves</q>');
  });

  it('removes a value that was emptied, and adds one the site did not state', async () => {
    const { browser, id } = await readyDraft();
    const res = await send(browser, id, '', {
      'fields.city': '',
      'fields.tags': 'invoices\n\nfreelance\n',
      intent: 'save',
    });
    expect(res.status).toBe(303);
    const draft = await stored(id);
    expect(draft.fields.city).toMatchObject({ value: null, state: 'deleted' });
    expect(draft.fields.tags).toMatchObject({ value: ['invoices', 'freelance'], state: 'manual' });
  });

  it('locks, restores and redrafts a field with its buttons, saving unsaved edits along', async () => {
    const { browser, id } = await readyDraft();
    let res = await send(browser, id, '', { 'fields.tagline': 'Mine now', intent: 'lock:city' });
    expect(res.headers.get('location')).toBe(`/drafts/${id}?done=saved%2Clock%3Acity#field-city`);
    let draft = await stored(id);
    expect(draft.fields.tagline).toMatchObject({ value: 'Mine now', state: 'edited' });
    expect(draft.fields.city.state).toBe('override');
    let page = (await open(browser, res.headers.get('location')!)).text;
    const city = fieldBlock(page, 'city');
    expect(city).toContain('Saved your changes. City locked: redrafts will not change it.');
    expect(city).toContain('>Locked</span>');
    expect(city).toContain('value="restore:city"');
    expect(city).not.toContain('value="regenerate:city"');
    expect(city).not.toContain('value="lock:city"');

    // Restore wins over an edit of the same field sent with it.
    res = await send(browser, id, '', { 'fields.tagline': 'Something else', intent: 'restore:tagline' });
    expect(res.status).toBe(303);
    draft = await stored(id);
    expect(draft.fields.tagline).toMatchObject({ value: 'Invoices that chase themselves', state: 'ai' });

    await send(browser, id, '', { 'fields.stage': 'live', intent: 'save' });
    expect((await stored(id)).fields.stage).toMatchObject({ value: 'live', state: 'edited' });
    // Redrafting over the maker's own value asks first, keeping what was typed elsewhere unsaved.
    const asked = await send(browser, id, '', { 'fields.city': 'Lyon', intent: 'regenerate:stage' });
    expect(asked.status).toBe(200);
    const askedPage = await asked.text();
    expect(fieldBlock(askedPage, 'stage')).toContain('Redrafting replaces your text with what your site says');
    expect(fieldBlock(askedPage, 'stage')).toContain('value="regenerate:stage:confirmed"');
    expect(fieldBlock(askedPage, 'city')).toContain('value="Lyon"');
    expect((await stored(id)).fields.stage).toMatchObject({ value: 'live', state: 'edited' });
    res = await send(browser, id, '', { intent: 'regenerate:stage:confirmed' });
    expect(res.headers.get('location')).toBe(`/drafts/${id}?done=regenerate%3Astage#field-stage`);
    expect((await stored(id)).fields.stage).toMatchObject({ value: 'beta', state: 'ai' });
    page = (await open(browser, res.headers.get('location')!)).text;
    expect(fieldBlock(page, 'stage')).toContain('Stage redrafted from your site. Undo brings back what it held.');
    // Undo brings the maker's text back (the field's own button, beside its others).
    expect(fieldBlock(page, 'stage')).toContain('value="undo:stage"');
    expect(fieldBlock(page, 'city')).not.toContain('value="undo:city"');
    res = await send(browser, id, '', { intent: 'undo:stage' });
    expect(res.headers.get('location')).toBe(`/drafts/${id}?done=undo%3Astage#field-stage`);
    expect((await stored(id)).fields.stage).toMatchObject({ value: 'live', state: 'edited' });
    page = (await open(browser, res.headers.get('location')!)).text;
    expect(fieldBlock(page, 'stage')).toContain('Stage is back to what it held before.');
    expect(fieldBlock(page, 'stage')).not.toContain('value="undo:stage"');

    res = await send(browser, id, '', { intent: 'regenerate:tags' });
    expect(res.headers.get('location')).toContain('done=regenerate-none%3Atags');
  });

  it('escapes what sites and people wrote', async () => {
    const { browser, id } = await readyDraft();
    const markup = '<img src=x onerror=alert(1)> "quoted"';
    await send(browser, id, '', { 'fields.tagline': markup, intent: 'save' });
    const { text } = await open(browser, `/drafts/${id}`);
    expect(text).not.toContain('<img src=x');
    expect(text).toContain('<p class="draft-tagline">&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot;</p>');
    expect(fieldBlock(text, 'tagline')).toContain('value="&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot;"');
  });

  it('refuses a tagline over 500 characters, naming the field, keeping the input and saving nothing', async () => {
    const { browser, id } = await readyDraft();
    const long = 'x'.repeat(501);
    const res = await send(browser, id, '', { 'fields.tagline': long, 'fields.city': 'Hamburg', intent: 'save' });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain('<a href="#f-fields-tagline">Tagline</a>: Too long: at most 500 characters. Shorten it.');
    const tagline = fieldBlock(text, 'tagline');
    expect(tagline).toContain('aria-invalid="true"');
    expect(tagline).toContain('<p class="field-error" id="f-fields-tagline-error">Too long: at most 500 characters.');
    expect(tagline).toContain(`value="${long}"`);
    expect(fieldBlock(text, 'city')).toContain('value="Hamburg"');
    const draft = await stored(id);
    expect(draft.fields.tagline).toMatchObject({ value: 'Invoices that chase themselves', state: 'ai' });
    expect(draft.fields.city).toMatchObject({ value: 'Berlin', state: 'ai' });
  });

  it('puts an error on a field action on that field', async () => {
    const { browser, id } = await readyDraft();
    await send(browser, id, '', { intent: 'lock:city' });
    const page = (await open(browser, `/drafts/${id}`)).text;
    // A page from before the lock (or a crafted post) asks to redraft the locked field.
    const res = await browser.request(`/drafts/${id}`, {
      form: { ...formValues(page, `/drafts/${id}`), intent: 'regenerate:city' },
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain('<a href="#f-fields-city">City</a>');
    expect(fieldBlock(text, 'city')).toContain('is locked (override)');
  });
});

describe('the sections of the draft', () => {
  it('saves FAQs, dropping empty rows', async () => {
    const { browser, id } = await readyDraft();
    const res = await send(browser, id, '/faqs', {
      'faqs.2.question': 'Is there an API?',
      'faqs.2.answer': 'Yes, a REST API.',
      'faqs.1.question': '',
      'faqs.1.answer': '',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/drafts/${id}?done=faqs#faqs`);
    expect((await stored(id)).faqs).toEqual([
      { question: 'Can I import invoices from another tool?', answer: expect.any(String) },
      { question: 'Is there an API?', answer: 'Yes, a REST API.' },
    ]);
    expect((await open(browser, res.headers.get('location')!)).text).toContain('FAQs saved.');
  });

  it('refuses an FAQ with a question but no answer, naming it and saving nothing', async () => {
    const { browser, id } = await readyDraft();
    const res = await send(browser, id, '/faqs', { 'faqs.2.question': 'Is there an API?' });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain('<a href="#f-faqs-2-answer">FAQ 3: answer</a>: Required: fill it in.');
    expect(text).toMatch(
      /<textarea id="f-faqs-2-answer" name="faqs\.2\.answer" aria-describedby="f-faqs-2-answer-error" aria-invalid="true"/,
    );
    expect(text).toContain('value="Is there an API?"');
    expect((await stored(id)).faqs).toHaveLength(2);
  });

  it('keeps every edit on the page whichever button is pressed', async () => {
    const { browser, id } = await readyDraft();
    // The maker edits the short description and the SEO title, then presses "Save FAQs".
    let res = await send(browser, id, '/faqs', {
      'fields.short_description': 'Invoices that chase late payers for you, politely.',
      'seo.title': 'Tallyho invoices',
      'faqs.2.question': 'Is there an API?',
      'faqs.2.answer': 'Yes.',
    });
    expect(res.headers.get('location')).toBe(`/drafts/${id}?done=saved%2Cfaqs#faqs`);
    let draft = await stored(id);
    expect(draft.fields.short_description).toMatchObject({
      value: 'Invoices that chase late payers for you, politely.',
      state: 'edited',
    });
    expect(draft.seo.title).toBe('Tallyho invoices');
    expect(draft.faqs).toHaveLength(3);
    // Untouched parts stay as drafted: founders keep their evidence, the tagline stays AI drafted.
    expect(draft.fields.tagline.state).toBe('ai');
    expect(draft.founders.every((f) => (f.evidence?.length ?? 0) > 0)).toBe(true);
    expect((await open(browser, res.headers.get('location')!)).text).toContain(
      'FAQs saved. Your other edits on the page were saved too.',
    );

    // A refused save keeps everything typed on the page and saves none of it.
    res = await send(browser, id, '/seo', {
      'fields.city': 'Lyon',
      'story.problem': 'Chasing invoices ate our evenings.',
      'milestones.0.date': 'not a date',
      'milestones.0.title': 'Launch',
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(fieldBlock(page, 'city')).toContain('value="Lyon"');
    expect(page).toContain('Chasing invoices ate our evenings.</textarea>');
    expect(page).toContain('value="not a date"');
    draft = await stored(id);
    expect(draft.fields.city.value).not.toBe('Lyon');
    expect(draft.story.problem ?? null).toBeNull();
  });

  it('keeps a co-founder email typed but not sent when another button is pressed', async () => {
    const { browser, id } = await readyDraft();
    // Enter in the email box presses the form's first button, "Save changes".
    const res = await send(browser, id, '', { 'fields.city': 'Lyon', email: 'jonas@example.com', intent: 'save' });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('The co-founder’s invite was not sent');
    expect(page).toMatch(/id="f-email"[^>]*value="jonas@example.com"/);
    expect((await stored(id)).fields.city).toMatchObject({ value: 'Lyon', state: 'edited' });
  });

  it('saves founders, the first being primary', async () => {
    const { browser, id } = await readyDraft();
    const res = await send(browser, id, '/founders', {
      'founders.0.name': 'Ada Maker',
      'founders.0.title': 'Founder',
      'founders.0.bio': '',
      'founders.2.name': 'Jonas Weber',
      'founders.2.title': '',
    });
    expect(res.status).toBe(303);
    const founders = (await stored(id)).founders;
    expect(founders.map((f) => [f.name, f.title])).toEqual([
      ['Ada Maker', 'Founder'],
      ['Jonas Weber', 'Co-founder & CTO'],
      ['Jonas Weber', null],
    ]);
    expect(founders[0]!.bio).toBeNull();
    const page = (await open(browser, `/drafts/${id}`)).text;
    expect(page).toContain('<legend>Founder 1 (primary)</legend>');
  });

  it('invites a co-founder once the email is confirmed, and says so before', async () => {
    const { browser, id } = await readyDraft();
    let res = await send(browser, id, '/invite', { email: 'jonas@example.com' });
    expect(res.status).toBe(403);
    const text = await res.text();
    expect(text).toContain('<a href="#f-email">Co-founder’s email</a>: Confirm your email address before inviting');
    expect(text).toContain('value="jonas@example.com"');

    const user = await bed.ctx.db.selectFrom('drafts').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
    await confirmEmail(bed.ctx, user.user_id);
    res = await send(browser, id, '/invite', { email: 'jonas@example.com' });
    expect(res.status).toBe(303);
    const page = (await open(browser, res.headers.get('location')!)).text;
    expect(page).toContain('Invite sent.');
    expect(page).toContain('1 of 10 invites sent, 9 left.');
  });

  it('saves links, the story, milestones and SEO, and refuses bad milestones by field', async () => {
    const { browser, id } = await readyDraft();
    let res = await send(browser, id, '/socials/company', {
      'company_socials.youtube': 'https://youtube.com/@tallyho',
    });
    expect(res.status).toBe(303);
    res = await send(browser, id, '/socials/founder', { 'founder_socials.x': 'https://x.com/mara' });
    expect(res.status).toBe(303);
    res = await send(browser, id, '/story', { 'story.problem': 'Chasing invoices ate our evenings.' });
    expect(res.status).toBe(303);
    res = await send(browser, id, '/seo', { 'seo.title': 'Tallyho: invoices that chase themselves' });
    expect(res.status).toBe(303);
    res = await send(browser, id, '/milestones', {
      'milestones.0.date': '2024-03-01',
      'milestones.0.title': 'Public beta',
      'milestones.0.url': 'https://tallyho.example/beta',
    });
    expect(res.status).toBe(303);
    const draft = await stored(id);
    expect(draft.company_socials.youtube).toBe('https://youtube.com/@tallyho');
    expect(draft.company_socials.linkedin).toBe('https://www.linkedin.com/company/tallyho');
    expect(draft.founder_socials).toEqual({ x: 'https://x.com/mara' });
    expect(draft.story).toEqual({ problem: 'Chasing invoices ate our evenings.' });
    expect(draft.seo.title).toBe('Tallyho: invoices that chase themselves');
    expect(draft.milestones).toEqual([
      { date: '2024-03-01', title: 'Public beta', description: null, url: 'https://tallyho.example/beta' },
    ]);

    res = await send(browser, id, '/milestones', {
      'milestones.1.date': '1 March 2024',
      'milestones.1.title': 'Launch',
      'milestones.1.url': 'http://tallyho.example/launch',
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain('<a href="#f-milestones-1-date">Milestone 2: date</a>');
    expect(text).toContain('<a href="#f-milestones-1-url">Milestone 2: link</a>');
    expect(text).toContain('value="1 March 2024"');
    expect((await stored(id)).milestones).toHaveLength(1);
  });

  it('compares with a competitor and shows the comparison as a table', async () => {
    const { browser, id } = await readyDraft();
    const res = await send(browser, id, '/competitor', { competitor_url: sparse.url });
    expect(res.status).toBe(303);
    let page = (await open(browser, res.headers.get('location')!)).text;
    expect(page).toContain('Reading the competitor’s site.');
    await bed.runJobs();
    page = (await open(browser, `/drafts/${id}`)).text;
    expect(page).toMatch(/<table class="draft-compare"><caption>Tallyho and [^<]+, as each site states it<\/caption>/);
    expect(page).toContain('<th scope="row">Tagline</th><td>Invoices that chase themselves</td>');
  });
});

describe('who may use the draft page', () => {
  it('answers 404 for another person’s draft and for an id that is no draft id', async () => {
    const { id } = await readyDraft();
    const stranger = await signedUp();
    const theirs = await open(stranger, `/drafts/${id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain('Tallyho');
    const posted = await stranger.request(`/drafts/${id}/faqs`, {
      form: { _csrf: formFor((await open(stranger, '/submit')).text, '/submit').hidden._csrf!, 'faqs.0.question': 'x' },
    });
    expect(posted.status).toBe(404);
    expect((await open(stranger, '/drafts/not-a-uuid')).status).toBe(404);
    expect((await open(stranger, '/drafts/not-a-uuid/faqs')).status).toBe(404);
  });

  it('sends a signed-out visitor to sign in', async () => {
    const res = await new Browser(bed.server.url).request('/drafts/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/sign-in\?return_to=/);
  });

  it('requires the CSRF token on every form', async () => {
    const { browser, id } = await readyDraft();
    for (const suffix of ['', '/faqs', '/submit']) {
      const res = await send(browser, id, suffix, {
        _csrf: 'forged',
        'fields.tagline': 'Forged',
        'faqs.0.question': 'Forged',
      });
      expect(res.status).toBe(403);
    }
    const draft = await stored(id);
    expect(draft.fields.tagline.value).toBe('Invoices that chase themselves');
    expect(draft.faqs[0]!.question).not.toBe('Forged');
    expect(draft.listing_id).toBeNull();
  });
});

describe('submitting the draft', () => {
  it('saves it as a listing and leads to the launch choice; later edits still save', async () => {
    const { browser, id } = await readyDraft();
    // Two categories: a free listing keeps the first, and the launch page says so.
    await send(browser, id, '', { 'fields.categories': 'Invoicing\nFinance', intent: 'save' });
    // "Submit as my listing" saves what was typed and not saved yet.
    const res = await send(browser, id, '/submit', { 'fields.city': 'Lyon' });
    expect(res.status).toBe(303);
    const listingId = (await stored(id)).listing_id;
    expect(listingId).toEqual(expect.any(Number));
    expect((await stored(id)).fields.city).toMatchObject({ value: 'Lyon', state: 'edited' });
    expect(res.headers.get('location')).toBe(`/my/listings/${listingId}/launch?done=submitted&warned=categories`);
    const launch = (await open(browser, res.headers.get('location')!)).text;
    expect(launch).toContain('Saved as your listing. Nothing is published yet');
    expect(launch).toContain('<p class="advice" role="status">A free launch keeps one category, your first.');

    const page = (await open(browser, `/drafts/${id}`)).text;
    expect(page).toContain('Submitted as your listing.');
    expect(page).toContain(`<a class="button" href="/my/listings/${listingId}/launch">Choose how to launch</a>`);
    expect(page).toContain(`<a href="/my/listings/${listingId}">Manage the listing</a>`);
    expect(page).not.toContain('>Submit as my listing</button>');

    const edit = await send(browser, id, '', { 'fields.tagline': 'Get paid without chasing', intent: 'save' });
    expect(edit.status).toBe(303);
    const listing = await bed.ctx.db
      .selectFrom('listings')
      .select('tagline')
      .where('id', '=', listingId!)
      .executeTakeFirstOrThrow();
    expect(listing.tagline).toBe('Get paid without chasing');
  });
});

describe('uploading a logo', () => {
  const png = () =>
    sharp({ create: { width: 120, height: 80, channels: 4, background: '#3b5bdb' } })
      .png()
      .toBuffer();

  /** Presses "Upload logo": the whole form as multipart, with `file` in the file control. */
  async function upload(
    browser: Browser,
    id: string,
    changes: Record<string, string>,
    file?: { name: string; type: string; bytes: Buffer },
  ) {
    const page = (await open(browser, `/drafts/${id}`)).text;
    expect(page).toContain(`formenctype="multipart/form-data" formaction="/drafts/${id}/logo#field-logo_url"`);
    const values = formValues(page, `/drafts/${id}`);
    return browser.request(`/drafts/${id}/logo`, {
      form: { ...values, intent: 'upload', ...changes },
      files: { logo_file: file ?? { name: '', type: 'application/octet-stream', bytes: Buffer.alloc(0) } },
    });
  }

  it('stores the file as a square logo, saves its address as the logo link with every other edit, and shows it', async () => {
    const { browser, id } = await readyDraft();
    const res = await upload(
      browser,
      id,
      { 'fields.city': 'Lyon' },
      { name: 'logo.png', type: 'image/png', bytes: await png() },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/drafts/${id}?done=saved%2Cupload%3Alogo_url#field-logo_url`);
    const draft = await stored(id);
    expect(draft.fields.city).toMatchObject({ value: 'Lyon', state: 'edited' });
    const link = String(draft.fields.logo_url.value);
    const hash = /^http:\/\/127\.0\.0\.1:\d+\/media\/([0-9a-f]{64})\.webp$/.exec(link)?.[1];
    expect(hash, link).toBeDefined();
    const image = await bed.ctx.db.selectFrom('images').selectAll().where('hash', '=', hash!).executeTakeFirstOrThrow();
    expect(image).toMatchObject({ content_type: 'image/webp', width: 120, height: 120 });

    const page = (await open(browser, res.headers.get('location')!)).text;
    expect(page).toContain('Your logo file is uploaded and saved: the logo link now points to it.');
    expect(fieldBlock(page, 'logo_url')).toContain(`<img class="logo logo-upload-preview" src="/media/${hash}.webp"`);

    // Submitted, the listing shows the uploaded logo at once: nothing is fetched.
    expect((await send(browser, id, '/submit', {})).status).toBe(303);
    const listing = await bed.ctx.db
      .selectFrom('listings')
      .select(['logo_url', 'logo_image', 'logo_error'])
      .where('id', '=', (await stored(id)).listing_id!)
      .executeTakeFirstOrThrow();
    expect(listing).toEqual({ logo_url: link, logo_image: hash, logo_error: null });
    const jobs = await bed.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', 'listing_logo').execute();
    expect(jobs.filter((j) => JSON.stringify(j.payload).includes(link))).toEqual([]);
  });

  it('says on the file control what is wrong with the file, keeps everything typed and saves nothing', async () => {
    const { browser, id } = await readyDraft();
    const before = await stored(id);
    const cases: [{ name: string; type: string; bytes: Buffer } | undefined, string][] = [
      [undefined, 'choose an image file first'],
      [{ name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('not a picture') }, 'is not a PNG, JPEG'],
      [{ name: 'huge.png', type: 'image/png', bytes: Buffer.alloc(5 * 1024 * 1024 + 1) }, 'larger than 5 MB'],
    ];
    for (const [file, said] of cases) {
      const res = await upload(browser, id, { 'fields.city': 'Marseille' }, file);
      expect(res.status, said).toBe(400);
      const page = await res.text();
      expect(page).toMatch(/<input id="f-logo_file" name="logo_file"[^>]* aria-invalid="true"[^>]* type="file"/);
      expect(page.toLowerCase()).toContain(said.toLowerCase());
      expect(fieldBlock(page, 'city')).toContain('value="Marseille"');
    }
    const after = await stored(id);
    expect(after.fields.city).toEqual(before.fields.city);
    expect(after.fields.logo_url).toEqual(before.fields.logo_url);
  });

  it('refuses a post without the form’s token', async () => {
    const { browser, id } = await readyDraft();
    const images = await bed.ctx.db.selectFrom('images').select('hash').execute();
    const res = await browser.request(`/drafts/${id}/logo`, {
      form: { intent: 'upload' },
      files: { logo_file: { name: 'logo.png', type: 'image/png', bytes: await png() } },
    });
    expect(res.status).toBe(403);
    expect(await bed.ctx.db.selectFrom('images').select('hash').execute()).toEqual(images);
  });

  it("stores a founder's photo from that founder's row with every other edit, and gives it to the listing's founder", async () => {
    const { browser, id } = await readyDraft();
    let page = (await open(browser, `/drafts/${id}`)).text;
    expect(page).toContain(`formenctype="multipart/form-data" formaction="/drafts/${id}/founders/1/photo#founders"`);
    // As a browser sends the form: every file control, the empty ones too.
    const empty = { name: '', type: 'application/octet-stream', bytes: Buffer.alloc(0) };
    const res = await browser.request(`/drafts/${id}/founders/1/photo`, {
      form: { ...formValues(page, `/drafts/${id}`), intent: 'photo', 'founders.0.bio': 'Writes the invoices.' },
      files: {
        logo_file: empty,
        'founders.0.photo': { name: 'other.png', type: 'image/png', bytes: await png() },
        'founders.1.photo': { name: 'jonas.png', type: 'image/png', bytes: await png() },
      },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/drafts/${id}?done=founder-photo#founders`);
    const founders = (await stored(id)).founders;
    expect(founders[0]).toMatchObject({ bio: 'Writes the invoices.', avatar_url: null });
    const photo = String(founders[1]!.avatar_url);
    expect(photo).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/[0-9a-f]{64}\.webp$/);
    page = (await open(browser, res.headers.get('location')!)).text;
    expect(page).toContain('Photo uploaded and saved.');
    expect(page).toContain(
      `<img class="founder-photo-preview" src="${new URL(photo).pathname}" alt="Photo of Jonas Weber"`,
    );

    // Submitted, the listing's founder has the photo (its pages show it from this site).
    expect((await send(browser, id, '/submit', {})).status).toBe(303);
    const listed = await bed.ctx.db
      .selectFrom('listing_founders as lf')
      .innerJoin('founders as f', 'f.id', 'lf.founder_id')
      .select(['f.name', 'f.avatar_url'])
      .where('lf.listing_id', '=', (await stored(id)).listing_id!)
      .orderBy('lf.position')
      .execute();
    expect(listed.map((f) => f.avatar_url)).toEqual([null, photo]);

    // A refused file is said on that founder's file control, everything typed kept, nothing saved.
    page = (await open(browser, `/drafts/${id}`)).text;
    const refused = await browser.request(`/drafts/${id}/founders/0/photo`, {
      form: { ...formValues(page, `/drafts/${id}`), intent: 'photo', 'founders.0.title': 'Chief Chaser' },
      files: { 'founders.0.photo': { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('not a picture') } },
    });
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain('<a href="#f-founders-0-photo">Founder 1: photo</a>');
    expect(refusedPage).toMatch(/<input id="f-founders-0-photo" name="founders.0.photo"[^>]* aria-invalid="true"/);
    expect(refusedPage).toMatch(/name="founders.0.title"[^>]*value="Chief Chaser"/);
    expect((await stored(id)).founders[0]!.title).not.toBe('Chief Chaser');

    // Ticking "Remove photo" drops it.
    page = (await open(browser, `/drafts/${id}`)).text;
    await browser.request(`/drafts/${id}`, {
      form: { ...formValues(page, `/drafts/${id}`), 'founders.1.remove_photo': 'on', intent: 'section:founders' },
    });
    expect((await stored(id)).founders[1]!.avatar_url).toBeNull();
  });
});
