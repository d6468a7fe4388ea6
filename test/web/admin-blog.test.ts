// /admin/blog: admins write posts in Markdown, preview them (rendered on the
// server by the public blog's renderer, unsaved), save drafts, publish and
// unpublish. Drafts are not public; raw HTML and script links in Markdown
// never run; over-long fields are refused with nothing saved; everyone else
// gets 404.
import { beforeAll, describe, expect, it } from 'vitest';
import { directory } from '../helpers/directory.js';
import { servedTestContext } from '../helpers/server.js';
import { Browser, formFor, signUpThroughPages } from '../oauth/browser.js';

const XSS = '<script>alert(1)</script>';
const ATTR_XSS = '"><img src=x onerror=alert(1)>';
const BODY = `# Launch checklist\n\nShip **early**.\n\n${XSS}\n\n[click](javascript:alert(1)) and <img src=x onerror=alert(1)>`;

const served = servedTestContext();
let admin: Browser;
let person: Browser;
let existingId: number;

beforeAll(async () => {
  admin = new Browser(served.server.url);
  await signUpThroughPages(admin, 'boss@example.com', 'long enough pw');
  await served.ctx.db.updateTable('users').set({ role: 'admin' }).where('email', '=', 'boss@example.com').execute();
  person = new Browser(served.server.url);
  await signUpThroughPages(person, 'person@example.com', 'long enough pw');
  existingId = await directory(served.ctx).blogPost({
    slug: 'old-news',
    title: `Old ${ATTR_XSS}`,
    published_at: '2026-11-01T00:00:00.000Z',
  });
});

const page = async (b: Browser, path: string) => (await b.request(path)).text();
const posts = () => served.ctx.db.selectFrom('blog_posts').selectAll().orderBy('id').execute();
const send = async (action: string, fields: Record<string, string>, from = action) => {
  const form = formFor(await page(admin, from), action);
  return admin.request(action, { form: { ...form.hidden, ...fields } });
};
const visitor = () => new Browser(served.server.url);

describe('who may use /admin/blog', () => {
  it('answers 404 to visitors and non-admins, on every page and form, even with a valid CSRF token', async () => {
    const anon = visitor();
    for (const path of ['/admin/blog', '/admin/blog/new', `/admin/blog/${existingId}`]) {
      expect((await anon.request(path)).status, path).toBe(404);
      expect((await person.request(path)).status, path).toBe(404);
    }
    const csrf = formFor(await page(person, '/account'), '/sign-out').hidden._csrf;
    for (const path of ['/admin/blog/new', `/admin/blog/${existingId}`, `/admin/blog/${existingId}/unpublish`]) {
      const form = { _csrf: csrf, intent: 'save', title: 'Hijack', body_markdown: 'x', published: 'yes' };
      expect((await anon.request(path, { form })).status, path).toBe(404);
      expect((await person.request(path, { form })).status, path).toBe(404);
    }
    expect((await posts()).map((p) => p.title)).toEqual([`Old ${ATTR_XSS}`]);
  });
});

describe('writing a post', () => {
  it('lists posts with their state, escaped', async () => {
    const text = await page(admin, '/admin/blog');
    expect(text).toContain('Old &quot;&gt;&lt;img');
    expect(text).not.toContain(ATTR_XSS);
    expect(text).toContain('published');
    expect(text).toContain(`action="/admin/blog/${existingId}/unpublish"`);
  });

  it('previews the Markdown as the blog renders it, without saving, and with no HTML or script link of its own', async () => {
    const res = await send('/admin/blog/new', {
      intent: 'preview',
      title: `Checklist ${XSS}`,
      excerpt: 'What to do',
      body_markdown: BODY,
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('<h2>Launch checklist</h2>');
    expect(text).toContain('<strong>early</strong>');
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(text).not.toContain(XSS);
    expect(text).not.toContain('<img src=x');
    expect(text).not.toContain('href="javascript:');
    expect(text).toContain('Checklist &lt;script&gt;');
    // The form comes back with what was typed, and nothing is saved.
    expect(text).toContain('>What to do</textarea>');
    expect(await posts()).toHaveLength(1);
  });

  it('refuses a missing title, an over-long field, a bad slug or date, and a taken slug, saving nothing', async () => {
    const missing = await send('/admin/blog/new', { intent: 'save', title: '', body_markdown: 'Hi' });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('href="#f-title"');
    const long = await send('/admin/blog/new', { intent: 'save', title: 't'.repeat(201), body_markdown: 'Hi' });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain('At most 200 characters (it has 201)');
    const longBody = await send('/admin/blog/new', {
      intent: 'save',
      title: 'Big',
      body_markdown: 'b'.repeat(100_001),
    });
    expect(longBody.status).toBe(400);
    expect(await longBody.text()).toContain('At most 100000 characters');
    const slug = await send('/admin/blog/new', {
      intent: 'save',
      title: 'Slugged',
      slug: `Bad ${ATTR_XSS}`,
      body_markdown: 'Hi',
    });
    expect(slug.status).toBe(400);
    const slugText = await slug.text();
    expect(slugText).toContain('Only lowercase letters');
    expect(slugText).not.toContain(ATTR_XSS);
    const date = await send('/admin/blog/new', {
      intent: 'save',
      title: 'Dated',
      body_markdown: 'Hi',
      published: 'yes',
      publish_date: '2026-02-31',
    });
    expect(date.status).toBe(400);
    const taken = await send('/admin/blog/new', { intent: 'save', title: 'Old news', body_markdown: 'Hi' });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain('Taken by another post');
    expect(await posts()).toHaveLength(1);
  });

  it('refuses a form without its CSRF token', async () => {
    const res = await admin.request('/admin/blog/new', {
      form: { intent: 'save', title: 'No token', body_markdown: 'x' },
    });
    expect(res.status).toBe(403);
    expect(await posts()).toHaveLength(1);
  });

  let draftId: number;
  it('saves a draft, which is not public', async () => {
    const res = await send('/admin/blog/new', {
      intent: 'save',
      title: `Checklist ${XSS}`,
      excerpt: 'What to do',
      body_markdown: BODY,
    });
    expect(res.status).toBe(303);
    draftId = Number(/\/admin\/blog\/(\d+)\?done=saved$/.exec(res.headers.get('location') ?? '')?.[1]);
    const saved = (await posts()).at(-1)!;
    expect(saved).toMatchObject({ id: draftId, slug: 'checklist-script-alert-1-script', published_at: null });
    expect((await visitor().request(`/blog/${saved.slug}`)).status).toBe(404);
    expect(await page(visitor(), '/blog')).not.toContain('Checklist');
    expect((await fetch(`${served.server.url}/api/v1/blog/${saved.slug}`)).status).toBe(404);
    expect(await page(admin, res.headers.get('location')!)).toContain('Post saved.');
  });

  it('publishes it (public, rendered safely) and unpublishes it (gone again)', async () => {
    const res = await send(`/admin/blog/${draftId}/publish`, { back: 'post' }, `/admin/blog/${draftId}`);
    expect(res.headers.get('location')).toBe(`/admin/blog/${draftId}?done=published`);
    const slug = 'checklist-script-alert-1-script';
    const pub = await page(visitor(), `/blog/${slug}`);
    expect(pub).toContain('<strong>early</strong>');
    expect(pub).not.toContain(XSS);
    expect(pub).not.toContain('href="javascript:');
    expect(await page(visitor(), '/blog')).toContain(`href="/blog/${slug}"`);

    await send(`/admin/blog/${draftId}/unpublish`, { back: 'list' }, '/admin/blog');
    expect((await visitor().request(`/blog/${slug}`)).status).toBe(404);
  });

  it('schedules a post for a later day, which stays off the blog until then', async () => {
    const res = await send(`/admin/blog/${draftId}`, {
      intent: 'save',
      title: 'Checklist',
      slug: 'checklist',
      body_markdown: 'Later',
      published: 'yes',
      publish_date: '2026-12-01',
    });
    expect(res.status).toBe(303);
    const saved = (await posts()).find((p) => p.id === draftId)!;
    expect(saved.published_at).toBe('2026-12-01T00:00:00.000Z');
    expect((await visitor().request('/blog/checklist')).status).toBe(404);
    expect(await page(admin, '/admin/blog')).toContain('scheduled');
  });
});
