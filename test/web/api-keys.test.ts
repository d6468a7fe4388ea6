// The account's API keys page: create a key with chosen scopes and an
// optional expiry (shown once), use it, list it, revoke it.
import { describe, expect, it } from 'vitest';
import { servedTestContext } from '../helpers/server.js';
import { Browser, formFor, forms, signUpThroughPages } from '../oauth/browser.js';

const served = servedTestContext();

let n = 0;
async function signedIn(): Promise<Browser> {
  const browser = new Browser(served.server.url);
  await signUpThroughPages(browser, `keys${++n}@example.com`, 'long enough pw');
  return browser;
}

async function createKey(browser: Browser, fields: Record<string, string | string[]>) {
  const page = await (await browser.request('/account/api-keys')).text();
  const res = await browser.request('/account/api-keys', {
    form: { ...formFor(page, '/account/api-keys').hidden, ...fields },
  });
  const html = await res.text();
  return { status: res.status, html, key: /<code class="secret" id="api-key">([^<]+)<\/code>/.exec(html)?.[1] };
}

const me = (key: string) => fetch(`${served.server.url}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });

describe('the API keys page', () => {
  it('sends people who are not signed in to sign in first', async () => {
    const res = await new Browser(served.server.url).request('/account/api-keys');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sign-in?return_to=/account/api-keys');
  });

  it('labels every field', async () => {
    const browser = await signedIn();
    const html = await (await browser.request('/account/api-keys')).text();
    expect(html).toContain('<label for="name">Name</label>');
    expect(html).toContain('<legend>Scopes</legend>');
    expect(html).toContain('<label for="expires">Expires on (optional)</label>');
  });

  it('creates a key with the chosen scopes, shows it once, and the key works on the API', async () => {
    const browser = await signedIn();
    const created = await createKey(browser, { name: 'laptop', scopes: ['account:read', 'listings:write'] });
    expect(created.status).toBe(200);
    expect(created.key).toMatch(/^lb_/);
    const res = await me(created.key!);
    expect(res.status).toBe(200);
    expect((await res.json()).credential).toEqual({ kind: 'api_key', scopes: ['account:read', 'listings:write'] });

    const again = await (await browser.request('/account/api-keys')).text();
    expect(again).not.toContain(created.key!);
    expect(again).toContain('laptop');
    expect(again).toContain(`${created.key!.slice(0, 8)}…`);
  });

  it('honours an expiry date', async () => {
    const browser = await signedIn();
    const tomorrow = new Date(served.ctx.clock.now().getTime() + 24 * 3600_000).toISOString().slice(0, 10);
    const created = await createKey(browser, { name: 'short-lived', scopes: 'account:read', expires: tomorrow });
    expect((await me(created.key!)).status).toBe(200);
    served.ctx.clock.advance(2 * 24 * 3600_000);
    expect((await me(created.key!)).status).toBe(401);
    expect(await (await browser.request('/account/api-keys')).text()).toContain('expired');
  });

  it('refuses a key without scopes, without a name, or expiring in the past', async () => {
    const browser = await signedIn();
    expect((await createKey(browser, { name: 'none' })).status).toBe(400);
    expect((await createKey(browser, { name: '', scopes: 'account:read' })).status).toBe(400);
    expect((await createKey(browser, { name: 'old', scopes: 'account:read', expires: '2001-01-01' })).status).toBe(400);
    expect((await createKey(browser, { name: 'bogus scope', scopes: 'admin' })).status).toBe(400);
  });

  it('revokes a key, after which the API answers 401; nobody else can revoke it', async () => {
    const owner = await signedIn();
    const created = await createKey(owner, { name: 'to revoke', scopes: 'account:read' });
    const page = await (await owner.request('/account/api-keys')).text();
    const revoke = forms(page).find((f) => /\/account\/api-keys\/\d+\/revoke/.test(f.action))!;

    const stranger = await signedIn();
    const strangerPage = await (await stranger.request('/account/api-keys')).text();
    const csrf = formFor(strangerPage, '/account/api-keys').hidden;
    expect((await stranger.request(revoke.action, { form: csrf })).status).toBe(404);
    expect((await me(created.key!)).status).toBe(200);

    const res = await owner.request(revoke.action, { form: revoke.hidden });
    expect(res.status).toBe(303);
    expect((await me(created.key!)).status).toBe(401);
    expect(await (await owner.request('/account/api-keys')).text()).toContain('revoked');
  });
});
