// The discussion on the listing page over HTTP: commenting, replying (also as
// the maker), editing within the window, CSRF, escaping and link policy,
// refusals that name the field and keep the text, reports of comments and
// hiding them (admins only).
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_BODY_MAX } from '../../src/community/comments.js';
import { given } from '../helpers/given.js';
import { servedTestContext } from '../helpers/server.js';
import { Browser, decodeHtml, formFor, forms, signUpThroughPages } from '../oauth/browser.js';

const served = servedTestContext();
let ownerId: number;
let ownerBrowser: Browser;
let admin: Browser;

let n = 0;
async function person(opts: { confirmed?: boolean; name?: string; role?: string } = {}) {
  n += 1;
  const browser = new Browser(served.server.url);
  const email = `commenter${n}@example.com`;
  await signUpThroughPages(browser, email, 'long enough password');
  await served.ctx.db
    .updateTable('users')
    .set({
      name: opts.name ?? `Person ${n}`,
      role: opts.role ?? 'user',
      email_verified_at: opts.confirmed === false ? null : served.ctx.clock.now().toISOString(),
    })
    .where('email', '=', email)
    .execute();
  const { id } = await served.ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { browser, id };
}

beforeAll(async () => {
  const owner = await person({ name: 'Olga Maker' });
  ownerId = owner.id;
  ownerBrowser = owner.browser;
  await given(served.ctx).listing({ slug: 'gizmo', fields: { name: 'Gizmo', owner_id: ownerId } });
  await given(served.ctx).listing({ slug: 'soon', status: 'scheduled', fields: { name: 'Soon' } });
  admin = (await person({ name: 'Ada Admin', role: 'admin' })).browser;
});

const listingPage = async (b: Browser, query = '') => (await b.request(`/listings/gizmo${query}`)).text();
const csrfOf = (page: string) => formFor(page, '/listings/gizmo/comments').hidden._csrf!;
const comments = () => served.ctx.db.selectFrom('comments').selectAll().orderBy('id').execute();
/** The discussion section of a listing page. */
const discussion = (page: string) => /<section class="discussion"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';

async function post(b: Browser, body: string, extra: Record<string, string> = {}) {
  const csrf = csrfOf(await listingPage(b));
  return b.request('/listings/gizmo/comments', { form: { _csrf: csrf, body, ...extra } });
}

describe('commenting on a listing page', () => {
  it('asks visitors to sign in, and does not open before the listing is live', async () => {
    const visitor = new Browser(served.server.url);
    const page = discussion(await listingPage(visitor));
    expect(page).toContain('<h2 id="discussion">Discussion</h2>');
    expect(page).toContain('to join the discussion');
    expect(page).not.toContain('<textarea');
    const res = await visitor.request('/listings/gizmo/comments', { form: { body: 'hi' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/sign-in\?return_to=/);

    const someone = await person();
    expect(await (await someone.browser.request('/listings/soon')).text()).toContain(
      'Comments open when the listing goes live',
    );
  });

  it('posts a comment and a reply, and marks the maker who answers', async () => {
    const visitor = await person({ name: 'Vera Visitor' });
    const res = await post(visitor.browser, 'Does it work offline?\n\nAsking for a friend.');
    expect(res.status).toBe(303);
    const [question] = (await comments()).slice(-1);
    expect(res.headers.get('location')).toBe(
      `/listings/gizmo?comment=posted&at=${question!.id}#comment-${question!.id}`,
    );
    const after = discussion(await listingPage(visitor.browser, `?comment=posted&at=${question!.id}`));
    expect(after).toContain('Your comment is posted.');
    expect(after).toContain('<p>Does it work offline?</p><p>Asking for a friend.</p>');
    expect(after).toContain('Vera Visitor');
    // Only the fixed notices show; nothing else from the query is written to the page.
    const odd = discussion(await listingPage(visitor.browser, `?comment=constructor&at=${question!.id}`));
    expect(odd).not.toContain('comment-notice');

    // The listing's owner answers through the thread's reply form.
    const page = await listingPage(ownerBrowser);
    const reply = forms(page).find(
      (f) => f.action === '/listings/gizmo/comments' && f.hidden.parent_id === String(question!.id),
    );
    expect(reply).toBeDefined();
    const replied = await ownerBrowser.request('/listings/gizmo/comments', {
      form: { ...reply!.hidden, body: 'Yes, fully offline.' },
    });
    expect(replied.status).toBe(303);
    const thread = discussion(await listingPage(visitor.browser));
    expect(thread).toMatch(/Olga Maker<\/strong> <span class="maker-badge">Maker<\/span>/);
    expect(thread).not.toMatch(/Vera Visitor<\/strong> <span class="maker-badge">/);
    const rows = await comments();
    expect(rows.at(-1)).toMatchObject({ parent_id: question!.id, user_id: ownerId, body: 'Yes, fully offline.' });
  });

  it('refuses a comment from an unconfirmed account', async () => {
    const unconfirmed = await person({ confirmed: false });
    const page = discussion(await listingPage(unconfirmed.browser));
    expect(page).toContain('Confirm your email address to comment');
    const csrf = formFor(await (await unconfirmed.browser.request('/account')).text(), '/sign-out').hidden._csrf!;
    const before = (await comments()).length;
    const res = await unconfirmed.browser.request('/listings/gizmo/comments', { form: { _csrf: csrf, body: 'hi' } });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Confirm your email address before commenting');
    expect((await comments()).length).toBe(before);
  });
});

describe('hostile and broken input', () => {
  it('refuses a post without a valid CSRF token, writing nothing', async () => {
    const writer = await person();
    const before = (await comments()).length;
    expect((await writer.browser.request('/listings/gizmo/comments', { form: { body: 'x' } })).status).toBe(403);
    expect(
      (await writer.browser.request('/listings/gizmo/comments', { form: { _csrf: 'forged', body: 'x' } })).status,
    ).toBe(403);
    expect((await comments()).length).toBe(before);
  });

  it('shows markup as text and links only http(s) URLs, as user content', async () => {
    const writer = await person({ name: '<script>alert("name")</script>' });
    await post(
      writer.browser,
      '<script>alert(1)</script> "><img src=x onerror=alert(1)> javascript:alert(2)\nhttps://example.com/a?b=1&c=2"><script>x</script>',
    );
    const page = discussion(await listingPage(new Browser(served.server.url)));
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;');
    expect(page).not.toContain('href="javascript:');
    expect(page).toContain(
      '<br><a href="https://example.com/a?b=1&amp;c=2" rel="ugc nofollow noopener">https://example.com/a?b=1&amp;c=2</a>&quot;&gt;&lt;script&gt;x&lt;/script&gt;</p>',
    );
  });

  it('refuses an over-long comment naming the field, keeping the text, writing nothing', async () => {
    const writer = await person();
    const before = (await comments()).length;
    const text = 'z'.repeat(COMMENT_BODY_MAX + 1);
    const res = await post(writer.browser, text);
    expect(res.status).toBe(400);
    const page = decodeHtml(await res.text());
    expect(page).toContain('Your comment was not posted');
    expect(page).toMatch(/Your comment<\/a>: At most 2000 characters \(it has 2001\): shorten it/);
    expect(page).toContain('aria-invalid="true"');
    expect(page).toContain(`>${text}</textarea>`);
    expect((await comments()).length).toBe(before);
  });

  it('refuses a third link, and a sixth comment within a minute, keeping the text', async () => {
    const writer = await person();
    const links = await post(writer.browser, 'https://a.example https://b.example https://c.example');
    expect(links.status).toBe(400);
    expect(decodeHtml(await links.text())).toContain('At most 2 links (it has 3): remove some');

    for (let i = 0; i < 5; i++) expect((await post(writer.browser, `note ${i}`)).status).toBe(303);
    const sixth = await post(writer.browser, 'one too many');
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBe('60');
    const page = await sixth.text();
    expect(page).toContain('Wait a minute and post again');
    expect(page).toContain('>one too many</textarea>');
    served.ctx.clock.advance(61_000);
  });
});

describe('editing', () => {
  it('lets the author edit for 15 minutes, then no more', async () => {
    const writer = await person();
    const other = await person();
    await post(writer.browser, 'Teh best');
    const id = (await comments()).at(-1)!.id;
    const action = `/comments/${id}/edit`;
    expect(forms(await listingPage(other.browser)).some((f) => f.action === action)).toBe(false);
    const otherCsrf = csrfOf(await listingPage(other.browser));
    const refused = await other.browser.request(action, { form: { _csrf: otherCsrf, body: 'Hijacked' } });
    expect(refused.status).toBe(403);

    const form = formFor(await listingPage(writer.browser), action);
    const edited = await writer.browser.request(action, { form: { ...form.hidden, body: 'The best' } });
    expect(edited.status).toBe(303);
    expect(edited.headers.get('location')).toBe(`/listings/gizmo?comment=edited&at=${id}#comment-${id}`);
    const page = discussion(await listingPage(writer.browser));
    expect(page).toContain('<p>The best</p>');
    expect(page).toContain('>edited</span>');

    served.ctx.clock.advance(16 * 60_000);
    expect(forms(await listingPage(writer.browser)).some((f) => f.action === action)).toBe(false);
    const late = await writer.browser.request(action, { form: { ...form.hidden, body: 'Too late' } });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('15 minutes');
    expect((await comments()).find((c) => c.id === id)?.body).toBe('The best');
  });
});

describe('reports and hiding', () => {
  it('reports a comment into the queue, and lets only admins hide it', async () => {
    const spammer = await person({ name: 'Sp Ammer' });
    const reporter = await person();
    await post(spammer.browser, 'Cheap pills at https://spam.example');
    const id = (await comments()).at(-1)!.id;

    const report = forms(await listingPage(reporter.browser)).find(
      (f) => f.action === '/reports' && f.hidden.target_kind === 'comment' && f.hidden.target_id === String(id),
    );
    expect(report).toBeDefined();
    const reported = await reporter.browser.request('/reports', {
      form: { ...report!.hidden, reason: 'spam', details: 'pills' },
    });
    expect(reported.status).toBe(303);

    // A signed-in non-admin cannot hide it.
    const csrf = csrfOf(await listingPage(reporter.browser));
    const denied = await reporter.browser.request(`/admin/comments/${id}/hide`, { form: { _csrf: csrf, reason: 'x' } });
    expect(denied.status).toBe(404);
    expect((await comments()).find((c) => c.id === id)?.hidden_at).toBeNull();

    // The admin hides it from the report queue, which resolves the report.
    const queue = await (await admin.request('/admin/reports')).text();
    expect(decodeHtml(queue)).toContain('Cheap pills at https://spam.example');
    const hide = formFor(queue, `/admin/reports/${await openReportId(id)}/hide-comment`);
    expect(hide.hidden._csrf).toBeTruthy();
    const withoutReason = await admin.request(hide.action, { form: { _csrf: hide.hidden._csrf!, reason: '' } });
    expect(withoutReason.status).toBe(400);
    const hidden = await admin.request(hide.action, { form: { _csrf: hide.hidden._csrf!, reason: 'Spam' } });
    expect(hidden.status).toBe(303);
    expect(hidden.headers.get('location')).toBe('/admin/reports?done=hidden&n=1');
    expect((await comments()).find((c) => c.id === id)).toMatchObject({ hidden_reason: 'Spam' });
    expect(discussion(await listingPage(reporter.browser))).not.toContain('Cheap pills');

    // And shows it again from the comments page.
    const list = await (await admin.request('/admin/comments?view=hidden')).text();
    const show = formFor(list, `/admin/comments/${id}/unhide`);
    expect((await admin.request(show.action, { form: show.hidden })).status).toBe(303);
    expect(discussion(await listingPage(reporter.browser))).toContain('Cheap pills');
  });

  it('pages the moderation list, 25 comments a page, newest first', async () => {
    const a = await person();
    const { id: listingId } = await served.ctx.db
      .selectFrom('listings')
      .select('id')
      .where('slug', '=', 'gizmo')
      .executeTakeFirstOrThrow();
    const now = served.ctx.clock.now().toISOString();
    await served.ctx.db
      .insertInto('comments')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          listing_id: listingId,
          user_id: a.id,
          body: `Bulk comment ${i}`,
          created_at: now,
        })),
      )
      .execute();
    const total = (await comments()).length;
    const first = await (await admin.request('/admin/comments')).text();
    expect(first).toContain(`${total} comments, newest first`);
    expect(first).toContain('Bulk comment 29');
    expect(first).not.toContain('Bulk comment 0<');
    expect(first).toContain(`Page 1 of ${Math.ceil(total / 25)}`);
    const second = await (await admin.request('/admin/comments?page=2')).text();
    expect(second).toContain('Bulk comment 0<');
  });

  it('keeps a hidden comment with replies as a placeholder', async () => {
    const a = await person();
    const b = await person();
    await post(a.browser, 'Rude remark');
    const id = (await comments()).at(-1)!.id;
    await post(b.browser, 'Please be kind', { parent_id: String(id) });
    const list = await (await admin.request('/admin/comments')).text();
    const hide = formFor(list, `/admin/comments/${id}/hide`);
    expect((await admin.request(hide.action, { form: { ...hide.hidden, reason: 'Abuse' } })).status).toBe(303);
    const page = discussion(await listingPage(new Browser(served.server.url)));
    expect(page).not.toContain('Rude remark');
    expect(page).toContain('[hidden by moderators]');
    expect(page).toContain('Please be kind');
  });
});

async function openReportId(commentId: number): Promise<number> {
  const row = await served.ctx.db
    .selectFrom('reports')
    .select('id')
    .where('target_kind', '=', 'comment')
    .where('target_id', '=', commentId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return row.id;
}
