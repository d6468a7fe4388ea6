// The submit page over HTTP: signed out it explains and leads to sign-up;
// signed in, a URL becomes a draft through submit_listing (the same rules as
// the API: a bad URL is refused with the field named, nothing created), and a
// resent form creates one draft, not two.
import { describe, expect, it } from 'vitest';
import { setSetting } from '../../../src/directory/settings.js';
import { withScheme } from '../../../src/web/maker/submit-page.js';
import { servedTestContext } from '../../helpers/server.js';
import { Browser, formFor, signUpThroughPages } from '../../oauth/browser.js';

const served = servedTestContext();

let n = 0;
async function maker(): Promise<Browser> {
  const browser = new Browser(served.server.url);
  await signUpThroughPages(browser, `submitter${++n}@example.com`, 'long enough password');
  return browser;
}

const draftsOf = async (email: string) =>
  served.ctx.db
    .selectFrom('drafts')
    .innerJoin('users', 'users.id', 'drafts.user_id')
    .select(['drafts.id', 'drafts.url'])
    .where('users.email', '=', email)
    .execute();

describe('the submit page', () => {
  it('explains launching to a visitor and leads to sign-up that comes back here', async () => {
    const page = await (await new Browser(served.server.url).request('/submit')).text();
    expect(page).toContain('Give us your website');
    expect(page).toContain('href="/sign-up?return_to=%2Fsubmit"');
  });

  it('gives the free window the admin set, not a number written in the page', async () => {
    const steps = async () =>
      (await (await new Browser(served.server.url).request('/submit')).text()).replace(/\s+/g, ' ');
    expect(await steps()).toContain('Free: a launch week 6–8 weeks out');
    await setSetting(served.ctx.db, 'free_launch_weeks_min', '4', served.ctx.clock.now());
    try {
      expect(await steps()).toContain('Free: a launch week 4–8 weeks out');
    } finally {
      await setSetting(served.ctx.db, 'free_launch_weeks_min', '6', served.ctx.clock.now());
    }
  });

  it('puts "Launch your product" in every page header', async () => {
    for (const path of ['/', '/launches', '/sign-in']) {
      const page = await (await new Browser(served.server.url).request(path)).text();
      expect(page, path).toContain(
        '<a class="button launch" href="/submit"><span>Launch<span class="launch-more"> your product</span></span></a>',
      );
    }
  });

  it('turns a URL into a draft and opens the draft page', async () => {
    const b = await maker();
    const form = formFor(await (await b.request('/submit')).text(), '/submit');
    const res = await b.request('/submit', { form: { ...form.hidden, url: 'https://gizmo.example' } });
    expect(res.status).toBe(303);
    const drafts = await draftsOf(`submitter${n}@example.com`);
    expect(drafts).toHaveLength(1);
    expect(res.headers.get('location')).toBe(`/drafts/${drafts[0].id}`);

    // The same form sent again (a double click, a reload) is the same draft.
    const again = await b.request('/submit', { form: { ...form.hidden, url: 'https://gizmo.example' } });
    expect(again.headers.get('location')).toBe(`/drafts/${drafts[0].id}`);
    expect(await draftsOf(`submitter${n}@example.com`)).toHaveLength(1);
  });

  it('reads a bare domain as https', async () => {
    expect(withScheme(' gizmo.example ')).toBe('https://gizmo.example');
    expect(withScheme('http://gizmo.example')).toBe('http://gizmo.example');
    expect(withScheme('')).toBe('');
  });

  it('refuses what submit_listing refuses, naming the field, and keeps the input', async () => {
    const b = await maker();
    const form = formFor(await (await b.request('/submit')).text(), '/submit');
    const res = await b.request('/submit', { form: { ...form.hidden, url: 'ftp://gizmo.example/files' } });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('<a href="#f-url">Your product’s website</a>');
    expect(page).toContain('aria-invalid="true"');
    expect(page).toContain('value="ftp://gizmo.example/files"');
    expect(await draftsOf(`submitter${n}@example.com`)).toHaveLength(0);
  });

  it('needs the form token', async () => {
    const b = await maker();
    const res = await b.request('/submit', { form: { url: 'https://gizmo.example' } });
    expect(res.status).toBe(403);
    expect(await draftsOf(`submitter${n}@example.com`)).toHaveLength(0);
  });

  it('sends a signed-out post to sign in', async () => {
    const res = await new Browser(served.server.url).request('/submit', { form: { url: 'https://gizmo.example' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/sign-in\?return_to=/);
  });
});
