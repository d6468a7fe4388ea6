// Managing one listing over HTTP with a signed-up browser: the owner's page
// and its forms, each calling its tool with the person as the caller. Edits
// send only what changed, refusals name the field and save nothing, updates
// and milestones are posted and deleted, the history shows past edits, and
// another person's listing is 404 for reading and for every form.
import { afterEach, describe, expect, it, vi } from 'vitest';
import updateMyListing from '../../../tools/listings/update_my_listing.js';
import { given } from '../../helpers/given.js';
import { servedTestContext } from '../../helpers/server.js';
import { type Browser, formFor, formValues, signedUpPerson } from '../../oauth/browser.js';

const served = servedTestContext();
afterEach(() => vi.restoreAllMocks());

/** Two signed-up people (sign-up is rate limited per address): the owner and someone else. */
const people: { browser: Browser; userId: number }[] = [];
async function person(i: 0 | 1) {
  if (!people[i]) {
    const email = `manager${i}@example.com`;
    people[i] = await signedUpPerson(served, email);
  }
  return people[i]!;
}

let n = 0;
/** A new listing of person `who` (the owner unless said otherwise). */
async function owner(fields: Record<string, unknown> = {}, who: 0 | 1 = 0) {
  const { browser, userId } = await person(who);
  const id = await given(served.ctx).listing({
    fields: {
      owner_id: userId,
      name: `Managed ${++n}`,
      tagline: 'The first tagline',
      description: 'Line one\nLine two',
      plan: 'free',
      launch_week: '2026-11-16',
      ...fields,
    },
  });
  return { browser, userId, id, path: `/my/listings/${id}` };
}

const pageOf = async (b: Browser, path: string) => (await b.request(path)).text();

const row = (id: number) =>
  served.ctx.db.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the management page', () => {
  it('shows the owner the status, plan, week, the links to launch and the sections', async () => {
    const me = await owner({ status: 'awaiting_badge' });
    const page = await pageOf(me.browser, me.path);
    expect(page).toContain('Waiting for your badge');
    expect(page).toContain('Free launch · Week of 16 Nov 2026');
    expect(page).toContain(`href="${me.path}/launch"`);
    for (const heading of ['Edit listing', 'Post an update', 'Milestones', 'Founder story', 'Version history'])
      expect(page).toContain(`>${heading}</h2>`);
  });

  it('links a public listing to its page', async () => {
    const me = await owner({ status: 'live', slug: 'public-one' });
    const listing = await row(me.id);
    expect(await pageOf(me.browser, me.path)).toContain(`href="/listings/${listing.slug}">View public page</a>`);
  });

  it("is 404 for someone else's listing and for an id that is no listing", async () => {
    const mine = await owner();
    const other = await owner({}, 1);
    expect((await other.browser.request(mine.path)).status).toBe(404);
    expect((await mine.browser.request('/my/listings/abc')).status).toBe(404);
    expect((await mine.browser.request('/my/listings/99999999')).status).toBe(404);
  });
});

describe('editing the listing', () => {
  it('sends update_my_listing only the fields that changed, and the history shows the edit', async () => {
    const me = await owner();
    const action = `${me.path}/edit/profile`;
    const values = formValues(await pageOf(me.browser, me.path), action);
    expect(values['fields.tagline']).toBe('The first tagline');
    const sent = vi.spyOn(updateMyListing, 'handler');
    const res = await me.browser.request(action, {
      form: {
        ...values,
        'fields.tagline': 'A sharper tagline',
        // A browser sends a textarea's line breaks as CRLF: the same text, not a change.
        'fields.description': 'Line one\r\nLine two',
      },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${me.path}?done=saved&changed=tagline&open=profile#edit-profile`);
    expect(sent).toHaveBeenCalledOnce();
    expect(sent.mock.calls[0]![1]).toEqual({ listing_id: me.id, fields: { tagline: 'A sharper tagline' } });
    expect((await row(me.id)).tagline).toBe('A sharper tagline');

    const page = await pageOf(me.browser, res.headers.get('location')!);
    expect(page).toContain('Saved. Changed: Tagline.');
    expect(page).toMatch(
      /<strong>Tagline<\/strong>: <span class="manage-before">The first tagline<\/span>[\s\S]*?<span class="manage-after">A sharper tagline<\/span>/,
    );
  });

  it('saves nothing when nothing changed', async () => {
    const me = await owner();
    const action = `${me.path}/edit/profile`;
    const sent = vi.spyOn(updateMyListing, 'handler');
    const res = await me.browser.request(action, { form: formValues(await pageOf(me.browser, me.path), action) });
    expect(res.headers.get('location')).toBe(`${me.path}?done=unchanged&open=profile#edit-profile`);
    expect(sent).not.toHaveBeenCalled();
  });

  it('refuses a tagline over 200 characters: the field named, the input kept, nothing saved', async () => {
    const me = await owner();
    const action = `${me.path}/edit/profile`;
    const values = formValues(await pageOf(me.browser, me.path), action);
    const long = 'x'.repeat(201);
    const res = await me.browser.request(action, {
      form: { ...values, 'fields.tagline': long, 'fields.city': 'Lyon' },
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('<a href="#f-fields-tagline">Tagline</a>: Too long: at most 200 characters. Shorten it.');
    expect(page).toMatch(/id="f-fields-tagline" name="fields.tagline" aria-describedby="[^"]*" aria-invalid="true"/);
    expect(page).toContain(`value="${long}"`);
    expect(page).toContain('value="Lyon"');
    expect(page).toMatch(/<details class="manage-fold" id="edit-profile" open>/);
    const listing = await row(me.id);
    expect(listing.tagline).toBe('The first tagline');
    expect(listing.city).toBeNull();
    const versions = await served.ctx.db
      .selectFrom('listing_versions')
      .select('id')
      .where('listing_id', '=', me.id)
      .execute();
    expect(versions).toHaveLength(0);
  });

  it('replaces the links and the FAQs, and names the half-written FAQ', async () => {
    const me = await owner();
    const page = await pageOf(me.browser, me.path);
    const links = formValues(page, `${me.path}/edit/links`);
    const saved = await me.browser.request(`${me.path}/edit/links`, {
      form: { ...links, 'socials.github': 'https://github.com/managed' },
    });
    expect(saved.status).toBe(303);
    const socials = await served.ctx.db
      .selectFrom('listing_socials')
      .select(['platform', 'url'])
      .where('listing_id', '=', me.id)
      .execute();
    expect(socials).toEqual([{ platform: 'github', url: 'https://github.com/managed' }]);

    const faqs = formValues(page, `${me.path}/edit/faqs`);
    const half = await me.browser.request(`${me.path}/edit/faqs`, {
      form: { ...faqs, 'faqs.0.question': 'Is it free?', 'faqs.0.answer': '' },
    });
    expect(half.status).toBe(400);
    expect(await half.text()).toContain('<a href="#f-faqs-0-answer">FAQ 1 answer</a>');
    const ok = await me.browser.request(`${me.path}/edit/faqs`, {
      form: { ...faqs, 'faqs.0.question': 'Is it free?', 'faqs.0.answer': 'Yes.' },
    });
    expect(ok.status).toBe(303);
    const stored = await served.ctx.db
      .selectFrom('listing_faqs')
      .select(['question', 'answer'])
      .where('listing_id', '=', me.id)
      .execute();
    expect(stored).toEqual([{ question: 'Is it free?', answer: 'Yes.' }]);
  });

  it("needs the form token, and another person's listing is 404 for the form too", async () => {
    const me = await owner();
    const other = await owner({}, 1);
    const action = `${me.path}/edit/profile`;
    const values = formValues(await pageOf(me.browser, me.path), action);
    const { _csrf, ...withoutToken } = values;
    expect((await me.browser.request(action, { form: { ...withoutToken, 'fields.tagline': 'Forged' } })).status).toBe(
      403,
    );
    const othersToken = formValues(await pageOf(other.browser, other.path), `${other.path}/edit/profile`)._csrf!;
    const res = await other.browser.request(action, {
      form: { ...values, _csrf: othersToken, 'fields.tagline': 'Taken over' },
    });
    expect(res.status).toBe(404);
    expect((await row(me.id)).tagline).toBe('The first tagline');
  });
});

describe('updates, milestones and the story', () => {
  it('posts an update, and refuses one without a title, naming it', async () => {
    const me = await owner({ status: 'live' });
    const action = `${me.path}/updates`;
    const form = formFor(await pageOf(me.browser, me.path), action);
    const refused = await me.browser.request(action, {
      form: { ...form.hidden, 'update.title': '', 'update.body': 'We shipped dark mode.' },
    });
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain('<a href="#f-update-title">Update title</a>');
    expect(refusedPage).toContain('We shipped dark mode.</textarea>');

    const res = await me.browser.request(action, {
      form: { ...form.hidden, 'update.title': 'Dark mode', 'update.body': 'We shipped dark mode.' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${me.path}?done=posted&n=0#update`);
    const updates = await served.ctx.db
      .selectFrom('listing_updates')
      .select(['title', 'body'])
      .where('listing_id', '=', me.id)
      .execute();
    expect(updates).toEqual([{ title: 'Dark mode', body: 'We shipped dark mode.' }]);
    // The same form sent again (a double click) posts once.
    await me.browser.request(action, {
      form: { ...form.hidden, 'update.title': 'Dark mode', 'update.body': 'We shipped dark mode.' },
    });
    expect(
      await served.ctx.db.selectFrom('listing_updates').select('id').where('listing_id', '=', me.id).execute(),
    ).toHaveLength(1);
    expect(await pageOf(me.browser, res.headers.get('location')!)).toContain('Update posted.');
  });

  it('adds a milestone, refuses a link that is not https (named), and deletes one', async () => {
    const me = await owner();
    const action = `${me.path}/milestones`;
    const form = formFor(await pageOf(me.browser, me.path), action);
    const milestone = {
      'milestone.date': '2026-10-01',
      'milestone.title': 'First 100 users',
      'milestone.description': '',
    };
    const refused = await me.browser.request(action, {
      form: { ...form.hidden, ...milestone, 'milestone.url': 'http://managed.example/100' },
    });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain('<a href="#f-milestone-url">Milestone link</a>: Must be an https link.');
    expect(page).toContain('value="http://managed.example/100"');
    const milestones = () =>
      served.ctx.db.selectFrom('milestones').select(['id', 'title', 'url']).where('listing_id', '=', me.id).execute();
    expect(await milestones()).toHaveLength(0);

    const added = await me.browser.request(action, {
      form: { ...form.hidden, ...milestone, 'milestone.url': 'https://managed.example/100' },
    });
    expect(added.headers.get('location')).toBe(`${me.path}?done=milestone-added#milestones`);
    const [stored] = await milestones();
    expect(stored).toMatchObject({ title: 'First 100 users', url: 'https://managed.example/100' });

    const shown = await pageOf(me.browser, me.path);
    const del = formFor(shown, `${me.path}/milestones/${stored!.id}/delete`);
    const deleted = await me.browser.request(`${me.path}/milestones/${stored!.id}/delete`, { form: del.hidden });
    expect(deleted.headers.get('location')).toBe(`${me.path}?done=milestone-deleted#milestones`);
    expect(await milestones()).toHaveLength(0);
  });

  it('saves the founder story and the interview answers', async () => {
    const me = await owner();
    const question = await served.ctx.db
      .insertInto('interview_questions')
      .values({ position: 1, question: 'Why did you build it?' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const page = await pageOf(me.browser, me.path);
    const story = formFor(page, `${me.path}/story`);
    const saved = await me.browser.request(`${me.path}/story`, {
      form: { ...story.hidden, 'story.title': 'How it began', 'story.story': 'In a garage.', 'story.lessons': '' },
    });
    expect(saved.status).toBe(303);
    const stored = await served.ctx.db
      .selectFrom('stories')
      .selectAll()
      .where('listing_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ title: 'How it began', story: 'In a garage.', lessons: null });

    const interview = formFor(page, `${me.path}/interview`);
    const answered = await me.browser.request(`${me.path}/interview`, {
      form: { ...interview.hidden, [`answer.${question.id}`]: 'Because invoices hurt.' },
    });
    expect(answered.headers.get('location')).toBe(`${me.path}?done=interview#interview`);
    const answers = await served.ctx.db
      .selectFrom('interview_answers')
      .select('answer')
      .where('user_id', '=', me.userId)
      .execute();
    expect(answers).toEqual([{ answer: 'Because invoices hurt.' }]);
    expect(await pageOf(me.browser, me.path)).toContain('Because invoices hurt.</textarea>');
  });

  it("needs the form token, and another person's listing is 404 for every form", async () => {
    const me = await owner();
    const other = await owner({}, 1);
    const mine = formFor(await pageOf(me.browser, me.path), `${me.path}/updates`);
    const { _csrf, ...withoutToken } = mine.hidden;
    const post = { 'update.title': 'Hello', 'update.body': 'World' };
    expect((await me.browser.request(`${me.path}/updates`, { form: { ...withoutToken, ...post } })).status).toBe(403);
    const theirs = formFor(await pageOf(other.browser, other.path), `${other.path}/updates`);
    for (const [action, form] of [
      [`${me.path}/updates`, post],
      [`${me.path}/milestones`, { 'milestone.date': '2026-01-01', 'milestone.title': 'Mine now' }],
      [`${me.path}/story`, { 'story.title': 'Not yours' }],
    ] as const) {
      const res = await other.browser.request(action, { form: { ...theirs.hidden, _idem: `x-${action}`, ...form } });
      expect(res.status, action).toBe(404);
    }
    expect(
      await served.ctx.db.selectFrom('listing_updates').select('id').where('listing_id', '=', me.id).execute(),
    ).toHaveLength(0);
  });
});
