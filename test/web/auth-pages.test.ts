// The people pages: sign-up, sign-in, sign-out, confirmation and reset by
// mailed link, with session cookies that are HttpOnly and SameSite=Lax, stored
// only as hashes, and a CSRF token on every form.
import { describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/auth/api-keys.js';
import { sha256Hex } from '../../src/auth/secrets.js';
import { latestMailTo } from '../../src/platform/mail.js';
import { servedTestContext } from '../helpers/server.js';
import { Browser, formFor, signOut, signUpThroughPages } from '../oauth/browser.js';

const served = servedTestContext();

let n = 0;
const newEmail = () => `person${++n}@example.com`;

async function signIn(browser: Browser, email: string, password: string) {
  const page = await (await browser.request('/sign-in')).text();
  return browser.request('/sign-in', { form: { ...formFor(page, '/sign-in').hidden, email, password } });
}

describe('sign-up', () => {
  it('creates the account, signs the person in with a hardened session cookie, and mails a confirmation link', async () => {
    const browser = new Browser(served.server.url);
    const page = await browser.request('/sign-up');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    const email = newEmail();
    const res = await browser.request('/sign-up', {
      form: { ...formFor(html, '/sign-up').hidden, email, password: 'long enough pw' },
    });
    expect(res.status).toBe(303);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lb_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // http here; https PUBLIC_URLs get Secure and the __Host- prefix

    const sessionId = browser.cookie('lb_session')!;
    const rows = await served.ctx.db.selectFrom('web_sessions').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(sessionId);
    expect(rows.some((r) => r.id_hash === sha256Hex(sessionId))).toBe(true);

    const account = await (await browser.request('/account')).text();
    expect(account).toContain(email);
    expect(account).toContain('not confirmed yet');

    const mail = await latestMailTo(served.ctx, email);
    const link = /(http\S+verify-email\S+)/.exec(mail!.text)![1];
    expect((await browser.request(link)).status).toBe(200);
    expect(await (await browser.request('/account')).text()).toContain('(confirmed)');
    expect((await browser.request(link)).status).toBe(400); // single use
  });

  it('answers a taken address as it answers a new one, mails its owner instead, and refuses a short password', async () => {
    const browser = new Browser(served.server.url);
    const email = newEmail();
    await signUpThroughPages(browser, email, 'long enough pw');
    const mailsBefore = await served.ctx.db.selectFrom('outbox').select('id').where('to', '=', email).execute();

    const other = new Browser(served.server.url);
    const form = formFor(await (await other.request('/sign-up')).text(), '/sign-up');
    const dup = await other.request('/sign-up', {
      form: { ...form.hidden, email: email.toUpperCase(), password: 'other password' },
    });
    const fresh = new Browser(served.server.url);
    const freshForm = formFor(await (await fresh.request('/sign-up')).text(), '/sign-up');
    const created = await fresh.request('/sign-up', {
      form: { ...freshForm.hidden, email: newEmail(), password: 'other password' },
    });
    expect(dup.status).toBe(created.status);
    expect(dup.headers.get('location')).toBe(created.headers.get('location'));
    expect(await dup.text()).toBe(await created.text());

    const mail = await latestMailTo(served.ctx, email);
    expect(mail!.subject).toMatch(/tried to sign up/);
    expect(mail!.text).toContain('/password-reset');
    // The account and its password are untouched.
    expect((await signIn(new Browser(served.server.url), email, 'other password')).status).toBe(401);
    // At most one such mail a minute to the owner.
    await other.request('/sign-up', { form: { ...form.hidden, email, password: 'other password' } });
    const mailsAfter = await served.ctx.db.selectFrom('outbox').select('id').where('to', '=', email).execute();
    expect(mailsAfter.length).toBe(mailsBefore.length + 1);

    const short = await other.request('/sign-up', { form: { ...form.hidden, email: newEmail(), password: 'short' } });
    expect(short.status).toBe(400);
  });

  it('refuses a form without its CSRF token', async () => {
    const browser = new Browser(served.server.url);
    await browser.request('/sign-up');
    const res = await browser.request('/sign-up', { form: { email: newEmail(), password: 'long enough pw' } });
    expect(res.status).toBe(403);
    const forged = await browser.request('/sign-up', {
      form: { _csrf: 'x'.repeat(43), email: newEmail(), password: 'long enough pw' },
    });
    expect(forged.status).toBe(403);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password only, and starts a new session each time', async () => {
    const email = newEmail();
    const first = new Browser(served.server.url);
    await signUpThroughPages(first, email, 'long enough pw');
    await signOut(first);
    expect((await first.request('/account')).status).toBe(303);

    const wrong = await signIn(first, email, 'wrong password');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('The email or password is not right.');
    const unknown = await signIn(first, 'nobody@example.com', 'wrong password');
    expect(await unknown.text()).toContain('The email or password is not right.');

    const ok = await signIn(first, email, 'long enough pw');
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/account');
    expect((await first.request('/account')).status).toBe(200);
  });

  it('returns to a path on this site after signing in, never to another site', async () => {
    const email = newEmail();
    const browser = new Browser(served.server.url);
    await signUpThroughPages(browser, email, 'long enough pw');
    await signOut(browser);
    for (const [returnTo, expected] of [
      ['/account/api-keys', '/account/api-keys'],
      ['https://evil.example/', '/account'],
      ['//evil.example/x', '/account'],
      // Paths that normalise into a protocol-relative URL (another host).
      ['/.//evil.example', '/account'],
      ['/./\\evil.example', '/account'],
      ['/x/..//evil.example', '/account'],
      ['/a/./b/../c?x=1', '/a/c?x=1'],
    ]) {
      const page = await (await browser.request(`/sign-in?return_to=${encodeURIComponent(returnTo)}`)).text();
      const res = await browser.request('/sign-in', {
        form: { ...formFor(page, '/sign-in').hidden, email, password: 'long enough pw' },
      });
      expect(res.headers.get('location')).toBe(expected);
      await signOut(browser);
      // The same value posted straight to the form, not through the page.
      const fresh = await (await browser.request('/sign-in')).text();
      const posted = await browser.request('/sign-in', {
        form: { ...formFor(fresh, '/sign-in').hidden, return_to: returnTo, email, password: 'long enough pw' },
      });
      expect(posted.headers.get('location')).toBe(expected);
      await signOut(browser);
      served.ctx.clock.advance(60_000); // a fresh sign-in budget for the next case
    }
  });

  it('sends someone already signed in only to a path on this site', async () => {
    const browser = new Browser(served.server.url);
    await signUpThroughPages(browser, newEmail(), 'long enough pw');
    for (const returnTo of ['/.//evil.example', '/./\\evil.example', '/x/..//evil.example']) {
      const res = await browser.request(`/sign-in?return_to=${encodeURIComponent(returnTo)}`);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/account');
      const signUp = await browser.request(`/sign-up?return_to=${encodeURIComponent(returnTo)}`);
      expect(signUp.headers.get('location')).toBe('/account');
    }
  });

  it('ends the session on sign-out (the old cookie no longer works)', async () => {
    const browser = new Browser(served.server.url);
    await signUpThroughPages(browser, newEmail(), 'long enough pw');
    const old = browser.cookie('lb_session')!;
    await signOut(browser);
    const replay = await fetch(`${served.server.url}/account`, {
      headers: { cookie: `lb_session=${old}` },
      redirect: 'manual',
    });
    expect(replay.status).toBe(303);
  });

  it('expires sessions after 30 days', async () => {
    const browser = new Browser(served.server.url);
    await signUpThroughPages(browser, newEmail(), 'long enough pw');
    served.ctx.clock.advance(31 * 24 * 3600_000);
    expect((await browser.request('/account')).status).toBe(303);
  });
});

describe('password reset', () => {
  it('mails a one-hour link that sets a new password and signs out everywhere', async () => {
    const email = newEmail();
    const owner = new Browser(served.server.url);
    await signUpThroughPages(owner, email, 'old password 1');

    const browser = new Browser(served.server.url);
    const form = formFor(await (await browser.request('/password-reset')).text(), '/password-reset');
    const asked = await browser.request('/password-reset', { form: { ...form.hidden, email } });
    expect(await asked.text()).toContain('If an account uses that address');
    const silent = await browser.request('/password-reset', { form: { ...form.hidden, email: 'nobody@example.com' } });
    expect(await silent.text()).toContain('If an account uses that address');

    const mail = await latestMailTo(served.ctx, email);
    expect(mail!.subject).toMatch(/reset/i);
    const link = /(http\S+password-reset\/confirm\S+)/.exec(mail!.text)![1];
    const page = await (await browser.request(link)).text();
    const confirm = formFor(page, '/password-reset/confirm');
    const done = await browser.request('/password-reset/confirm', {
      form: { ...confirm.hidden, password: 'new password 2' },
    });
    expect(done.status).toBe(303);

    expect((await owner.request('/account')).status).toBe(303); // signed out everywhere
    expect((await signIn(browser, email, 'old password 1')).status).toBe(401);
    expect((await signIn(browser, email, 'new password 2')).status).toBe(303);
    expect((await browser.request(link)).status).toBe(400); // used up
  });

  it('revokes the API keys made before the reset, and says so in the mail', async () => {
    const email = newEmail();
    await signUpThroughPages(new Browser(served.server.url), email, 'old password 1');
    const user = await served.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const key = await createApiKey(served.ctx.db, {
      userId: user.id,
      name: 'assistant',
      scopes: ['account:read'],
      now: served.ctx.clock.now(),
    });
    const me = () => fetch(`${served.server.url}/api/v1/me`, { headers: { authorization: `Bearer ${key.key}` } });
    expect((await me()).status).toBe(200);

    const browser = new Browser(served.server.url);
    const form = formFor(await (await browser.request('/password-reset')).text(), '/password-reset');
    await browser.request('/password-reset', { form: { ...form.hidden, email } });
    const mail = await latestMailTo(served.ctx, email);
    expect(mail!.text).toContain('revokes your API keys');
    const link = /(http\S+password-reset\/confirm\S+)/.exec(mail!.text)![1];
    const confirm = formFor(await (await browser.request(link)).text(), '/password-reset/confirm');
    expect(
      (await browser.request('/password-reset/confirm', { form: { ...confirm.hidden, password: 'new password 2' } }))
        .status,
    ).toBe(303);

    expect((await me()).status).toBe(401);
  });

  it('refuses an expired link', async () => {
    const email = newEmail();
    await signUpThroughPages(new Browser(served.server.url), email, 'old password 1');
    const browser = new Browser(served.server.url);
    const form = formFor(await (await browser.request('/password-reset')).text(), '/password-reset');
    await browser.request('/password-reset', { form: { ...form.hidden, email } });
    const link = /(http\S+password-reset\/confirm\S+)/.exec((await latestMailTo(served.ctx, email))!.text)![1];
    served.ctx.clock.advance(3601_000);
    expect((await browser.request(link)).status).toBe(400);
  });
});

describe('page hardening', () => {
  it('sends no-store, no framing and no referrer on every page', async () => {
    const res = await fetch(`${served.server.url}/sign-in`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('escapes what people typed', async () => {
    const browser = new Browser(served.server.url);
    const form = formFor(await (await browser.request('/sign-up')).text(), '/sign-up');
    const res = await browser.request('/sign-up', {
      form: { ...form.hidden, email: '"><script>alert(1)</script>@x', password: 'long enough pw' },
    });
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
  });
});
