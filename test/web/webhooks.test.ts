// The webhooks pages: a maker's /account/webhooks (their listings' and
// orders' events, through the API's own webhook tools) and the admins'
// /admin/webhooks (every event, through the site webhook operations). Add
// one (the secret shown once), keep what was typed when refused, send a test
// and read its answer and the log, delete one; CSRF on every form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedTestContext } from '../helpers/server.js';
import { Browser, decodeHtml, formFor, signUpThroughPages } from '../oauth/browser.js';
import { type Receiver, startReceiver } from '../tools/webhooks/setup.js';

const served = servedTestContext({ allowPrivateFetch: true });
let receiver: Receiver;
let n = 0;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => receiver?.close());

async function signedIn(): Promise<Browser> {
  const browser = new Browser(served.server.url);
  await signUpThroughPages(browser, `hooks${++n}@example.com`, 'long enough pw');
  return browser;
}

/** Posts the form whose action is `action` on the page at `path`, with `fields` over its hidden ones. */
async function submit(browser: Browser, path: string, action: string, fields: Record<string, string | string[]> = {}) {
  const page = await (await browser.request(path)).text();
  const res = await browser.request(action, { form: { ...formFor(page, action).hidden, ...fields } });
  return {
    status: res.status,
    location: res.headers.get('location'),
    html: res.status === 303 ? '' : await res.text(),
  };
}

const secretOf = (html: string) => /<code class="secret">(whsec_[^<]+)<\/code>/.exec(html)?.[1];

describe('/account/webhooks', () => {
  it('sends people who are not signed in to sign in first', async () => {
    const res = await new Browser(served.server.url).request('/account/webhooks');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sign-in?return_to=/account/webhooks');
  });

  it('adds a webhook and shows its secret once; a test reaches the endpoint and the log shows it; delete removes it', async () => {
    const browser = await signedIn();
    const url = `${receiver.url}/maker-page`;
    const added = await submit(browser, '/account/webhooks', '/account/webhooks', {
      url,
      events: ['comment.created', 'order.paid'],
      description: 'My CRM',
    });
    expect(added.status).toBe(201);
    const secret = secretOf(added.html);
    expect(secret).toMatch(/^whsec_/);
    const page = await (await browser.request('/account/webhooks')).text();
    expect(page).not.toContain(secret!);
    expect(decodeHtml(page)).toContain(url);

    const id = /action="\/account\/webhooks\/(\d+)\/test"/.exec(page)![1];
    const tested = await submit(browser, '/account/webhooks', `/account/webhooks/${id}/test`);
    expect(tested.status).toBe(200);
    expect(tested.html).toContain('The test was delivered: the endpoint answered HTTP 204.');
    expect(tested.html).toContain('<code>webhook.test</code>');
    expect(receiver.received.filter((r) => r.path === '/maker-page')).toHaveLength(1);
    const tooSoon = await submit(browser, '/account/webhooks', `/account/webhooks/${id}/test`);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.html).toContain('A test was sent to this webhook moments ago');

    const deleted = await submit(browser, '/account/webhooks', `/account/webhooks/${id}/delete`);
    expect(deleted).toMatchObject({ status: 303, location: '/account/webhooks?notice=deleted' });
    const after = await (await browser.request('/account/webhooks?notice=deleted')).text();
    expect(after).toContain('The webhook is deleted');
    expect(after).toContain('No webhooks yet.');
  });

  it('keeps what was typed when a field is refused, and says which', async () => {
    const browser = await signedIn();
    const refused = await submit(browser, '/account/webhooks', '/account/webhooks', {
      url: 'ftp://files.example.com/in',
      events: ['order.paid'],
      description: 'Keep me',
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('url: must be an https URL');
    expect(refused.html).toContain('value="ftp://files.example.com/in"');
    expect(refused.html).toContain('value="Keep me"');
    expect(refused.html).toMatch(/value="order.paid" checked/);
    const noEvents = await submit(browser, '/account/webhooks', '/account/webhooks', { url: `${receiver.url}/x` });
    expect(noEvents.status).toBe(400);
    expect(noEvents.html).toContain('(events:');
  });

  it("answers 404 for another person's webhook and refuses a form without its CSRF token", async () => {
    const owner = await signedIn();
    const added = await submit(owner, '/account/webhooks', '/account/webhooks', {
      url: `${receiver.url}/o`,
      events: ['order.paid'],
    });
    expect(added.status).toBe(201);
    const page = await (await owner.request('/account/webhooks')).text();
    const id = /action="\/account\/webhooks\/(\d+)\/delete"/.exec(page)![1];
    const stranger = await signedIn();
    const own = formFor(await (await stranger.request('/account/webhooks')).text(), '/account/webhooks').hidden;
    expect((await stranger.request(`/account/webhooks/${id}/delete`, { form: own })).status).toBe(404);
    expect((await stranger.request(`/account/webhooks/${id}/test`, { form: own })).status).toBe(404);
    expect((await owner.request(`/account/webhooks/${id}/delete`, { form: {} })).status).toBe(403);
    expect(await (await owner.request('/account/webhooks')).text()).toContain(`/account/webhooks/${id}/delete`);
  });
});

describe('/admin/webhooks', () => {
  it('lets an admin add a site webhook that hears of every event, and test it', async () => {
    const admin = await signedIn();
    await served.ctx.db
      .updateTable('users')
      .set({ role: 'admin' })
      .where('email', '=', `hooks${n}@example.com`)
      .execute();
    const added = await submit(admin, '/admin/webhooks', '/admin/webhooks', {
      url: `${receiver.url}/site-page`,
      events: ['listing.live'],
    });
    expect(added.status).toBe(201);
    expect(secretOf(added.html)).toMatch(/^whsec_/);
    const page = await (await admin.request('/admin/webhooks')).text();
    expect(page).toContain('aria-current="page">Webhooks</a>');
    const id = /action="\/admin\/webhooks\/(\d+)\/test"/.exec(page)![1];
    const tested = await submit(admin, '/admin/webhooks', `/admin/webhooks/${id}/test`);
    expect(tested.html).toContain('The test was delivered');
    const refused = await submit(admin, '/admin/webhooks', '/admin/webhooks', {
      url: 'nope',
      events: ['listing.live'],
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('value="nope"');
  });
});
