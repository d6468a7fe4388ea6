// A tiny "browser" for tests: fetch with a cookie jar and manual redirects,
// plus reading our server-rendered forms (action, hidden fields, CSRF token),
// and the person-side steps of sign-up and of the authorization flow.
import type { Context } from '../../src/context.js';

export class Browser {
  private cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** One request (no redirects followed), storing Set-Cookie. */
  async request(
    pathOrUrl: string,
    init: {
      method?: string;
      form?: Record<string, string | string[]>;
      /** Sends the form as multipart/form-data (a button's formenctype) with these files. */
      files?: Record<string, { name: string; type: string; bytes: Buffer }>;
    } = {},
  ): Promise<Response> {
    const url = new URL(pathOrUrl, this.base);
    const headers: Record<string, string> = {};
    const jar = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (jar) headers.cookie = jar;
    let body: string | FormData | undefined;
    if (init.files) {
      const data = new FormData();
      for (const [k, v] of Object.entries(init.form ?? {})) for (const one of [v].flat()) data.append(k, one);
      for (const [k, f] of Object.entries(init.files))
        data.append(k, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
      body = data;
    } else if (init.form) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(init.form)) for (const one of [v].flat()) params.append(k, one);
      body = params.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetch(url, {
      method: init.method ?? (init.form || init.files ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** GET, following redirects on this site; stops at (and returns) a redirect elsewhere. */
  async follow(
    pathOrUrl: string,
    init: { form?: Record<string, string | string[]> } = {},
  ): Promise<{ res: Response; url: string }> {
    let url = new URL(pathOrUrl, this.base).toString();
    let res = await this.request(url, init);
    for (let hops = 0; hops < 10 && res.status >= 300 && res.status < 400; hops++) {
      const next = new URL(res.headers.get('location')!, url).toString();
      if (new URL(next).origin !== new URL(this.base).origin) return { res, url: next };
      url = next;
      res = await this.request(url);
    }
    return { res, url };
  }
}

/** Text from our HTML (the entities the html tag writes) back to what a browser reads. */
export const decodeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export interface ParsedForm {
  action: string;
  hidden: Record<string, string>;
  checkboxes: { name: string; value: string; checked: boolean }[];
}

/** The forms of a page, in order (sign-out forms in the header included). */
export function forms(page: string): ParsedForm[] {
  return [...page.matchAll(/<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)].map(([, action, inner]) => {
    const hidden: Record<string, string> = {};
    for (const [, name, value] of inner.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      hidden[decodeHtml(name)] = decodeHtml(value);
    const checkboxes = [...inner.matchAll(/<input type="checkbox" name="([^"]+)" value="([^"]*)"( checked)?>/g)].map(
      ([, name, value, checked]) => ({
        name: decodeHtml(name),
        value: decodeHtml(value),
        checked: Boolean(checked),
      }),
    );
    return { action: decodeHtml(action), hidden, checkboxes };
  });
}

export function formFor(page: string, action: string): ParsedForm {
  const form = forms(page).find((f) => f.action === action);
  if (!form) throw new Error(`no form posting to ${action} on the page:\n${page.slice(0, 2000)}`);
  return form;
}

/** A person signed up through the pages of a served app, with their browser (signed in) and user id. */
export async function signedUpPerson(
  served: { server: { url: string }; ctx: Context },
  email: string,
): Promise<{ browser: Browser; userId: number; email: string }> {
  const browser = new Browser(served.server.url);
  await signUpThroughPages(browser, email, 'long enough password');
  const user = await served.ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { browser, userId: user.id, email };
}

export async function signUpThroughPages(browser: Browser, email: string, password: string): Promise<void> {
  const page = await (await browser.request('/sign-up')).text();
  const form = formFor(page, '/sign-up');
  const res = await browser.request('/sign-up', { form: { ...form.hidden, email, password, name: 'Ada Maker' } });
  if (res.status !== 303) throw new Error(`sign-up failed with ${res.status}: ${await res.text()}`);
}

export async function signOut(browser: Browser): Promise<void> {
  const page = await (await browser.request('/account')).text();
  await browser.request('/sign-out', { form: formFor(page, '/sign-out').hidden });
}

/**
 * The person's part of an authorization request: sign in when asked, then
 * answer the consent page. Returns the URL the server sent the browser back
 * to (the client's redirect URI with code or error), or the final page.
 */
export async function authorizeThroughPages(
  browser: Browser,
  authorizeUrl: string,
  opts: { email: string; password: string; decision?: 'allow' | 'deny'; untick?: string[] },
): Promise<{ callback?: URL; page?: { status: number; text: string } }> {
  let { res, url } = await browser.follow(authorizeUrl);
  if (new URL(url).origin !== new URL(browser.base).origin) return { callback: new URL(url) };
  let text = await res.text();
  if (new URL(url).pathname === '/sign-in') {
    const form = formFor(text, '/sign-in');
    ({ res, url } = await browser.follow('/sign-in', {
      form: { ...form.hidden, email: opts.email, password: opts.password },
    }));
    if (new URL(url).origin !== new URL(browser.base).origin) return { callback: new URL(url) };
    text = await res.text();
  }
  if (res.status !== 200 || !text.includes('action="/oauth/authorize"')) return { page: { status: res.status, text } };
  const consent = formFor(text, '/oauth/authorize');
  const granted = consent.checkboxes
    .filter((c) => c.checked && !(opts.untick ?? []).includes(c.value))
    .map((c) => c.value);
  const answer = await browser.request('/oauth/authorize', {
    form: { ...consent.hidden, grant_scope: granted, decision: opts.decision ?? 'allow' },
  });
  if (answer.status !== 303) return { page: { status: answer.status, text: await answer.text() } };
  return { callback: new URL(answer.headers.get('location')!) };
}

/**
 * What a browser sends for the form posting to `action` as the page shows it:
 * hidden fields, text inputs and textareas (no buttons; unticked checkboxes
 * and radios are left out).
 */
export function formValues(page: string, action: string): Record<string, string> {
  const inner = [...page.matchAll(/<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)].find(
    ([, a]) => decodeHtml(a!) === action,
  )?.[2];
  if (inner === undefined) throw new Error(`no form posting to ${action}`);
  const values: Record<string, string> = {};
  for (const [tag] of inner.matchAll(/<input [^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(tag)?.[1];
    if (!name || /type="(checkbox|radio)"/.test(tag)) continue;
    values[decodeHtml(name)] = decodeHtml(/value="([^"]*)"/.exec(tag)?.[1] ?? '');
  }
  for (const [, attrs, text] of inner.matchAll(/<textarea ([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = /name="([^"]*)"/.exec(attrs!)?.[1];
    if (name) values[decodeHtml(name)] = decodeHtml(text!);
  }
  return values;
}
