// Upvotes where people are, over HTTP: every list's cards carry a vote button
// (a way to sign in for a visitor, the count alone on one's own listing,
// pressed where the viewer voted), read with one query per page; the form
// post comes back to the page it came from (never to another site), the
// script's post gets JSON, and every rule of voting still holds: confirmed
// email, not one's own, live listings only, CSRF, same site, the budget, the
// audit log.
import type { KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { votedAmong } from '../../src/community/votes.js';
import { SITE_SCRIPT_SRC } from '../../src/web/ui/assets.js';
import { given } from '../helpers/given.js';
import { servedTestContext } from '../helpers/server.js';
import { Browser, decodeHtml, formFor, signUpThroughPages } from '../oauth/browser.js';

const served = servedTestContext();

// TEST_NOW is Sunday 22 Nov 2026: these launched today, in the week of Monday 16 Nov.
const LAUNCHED = { launch_week: '2026-11-16', launched_at: '2026-11-22T08:00:00.000Z' };
const ids: Record<string, number> = {};

beforeAll(async () => {
  const g = given(served.ctx);
  const category = await g.category({ slug: 'tools', name: 'Tools' });
  ids.alpha = await g.listing({
    slug: 'alpha',
    categories: [category],
    fields: { name: 'Alpha', votes_count: 5, ...LAUNCHED },
  });
  ids.beta = await g.listing({
    slug: 'beta',
    categories: [category],
    fields: { name: 'Beta <script>alert(1)</script>', votes_count: 3, ...LAUNCHED },
  });
  ids.soon = await g.listing({
    slug: 'soon',
    status: 'scheduled',
    categories: [category],
    fields: { name: 'Soon', launch_week: '2026-12-07' },
  });
});

let n = 0;

/** A signed-up person (confirmed unless asked otherwise) and their user id. */
async function person(
  opts: { confirmed?: boolean } = {},
): Promise<{ browser: Browser; userId: number; email: string }> {
  n += 1;
  const browser = new Browser(served.server.url);
  const email = `lists${n}@example.com`;
  // Sign-ups from one address are throttled per minute.
  served.ctx.clock.advance(61_000);
  await signUpThroughPages(browser, email, 'long enough password');
  if (opts.confirmed !== false)
    await served.ctx.db
      .updateTable('users')
      .set({ email_verified_at: served.ctx.clock.now().toISOString() })
      .where('email', '=', email)
      .execute();
  const { id } = await served.ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { browser, userId: id, email };
}

const text = async (b: Browser, path: string) => (await b.request(path)).text();

/** The vote form (or link, or count) of one listing's card: the markup from its slug's vote control. */
function voteForm(page: string, slug: string): string {
  const form = new RegExp(
    `<form class="vote[^"]*" method="post" action="/listings/${slug}/(?:un)?vote"[\\s\\S]*?</form>`,
  );
  return form.exec(page)?.[0] ?? '';
}

const pressed = (page: string, slug: string) => /aria-pressed="(true|false)"/.exec(voteForm(page, slug))?.[1];

async function votesOf(slug: string): Promise<number> {
  const row = await served.ctx.db
    .selectFrom('listings')
    .select('votes_count')
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  return Number(row.votes_count);
}

async function voteRows(listingId: number, userId: number) {
  return served.ctx.db
    .selectFrom('votes')
    .select('user_id')
    .where('listing_id', '=', listingId)
    .where('user_id', '=', userId)
    .execute();
}

/** The script's request: the form's fields, asking for JSON. */
async function postJson(
  b: Browser,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const session = b.cookie('lb_session');
  return fetch(new URL(path, served.server.url), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
      ...(session ? { cookie: `lb_session=${session}` } : {}),
      ...headers,
    },
    body: new URLSearchParams(form).toString(),
  });
}

/** A hidden CSRF token of the signed-in person (from the sign-out form every page has). */
async function csrfOf(b: Browser): Promise<string> {
  return formFor(await text(b, '/account'), '/sign-out').hidden._csrf;
}

describe('vote buttons on lists', () => {
  it('gives a visitor a way to sign in and come back, on a page caches may keep', async () => {
    const visitor = new Browser(served.server.url);
    const res = await visitor.request('/launches?section=most-voted');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const page = await res.text();
    expect(page).toContain('href="/sign-in?return_to=%2Flaunches%3Fsection%3Dmost-voted&amp;vote=alpha"');
    expect(page).toMatch(/Sign in to upvote Alpha, <\/span><span class="vote-count">5<\/span>/);
    expect(page).not.toContain('data-vote=');
    expect(page).not.toContain('name="_csrf"');
  });

  it('has no button on a listing that is not live yet', async () => {
    const page = await text(new Browser(served.server.url), '/launches?section=upcoming');
    expect(page).toContain('/listings/soon');
    expect(page).not.toContain('Sign in to upvote Soon');
    expect(page).toContain('Week of 7 Dec 2026');
  });

  it('is on every list: home, launches, a week, a category, search, a founder and the community boards', async () => {
    const { browser } = await person();
    for (const path of [
      '/',
      '/launches',
      '/launches?section=today',
      '/launches/weeks/2026-11-16',
      '/categories/tools',
      '/search?q=alpha',
      '/leaderboards/community-weekly',
      '/leaderboards/community-all-time',
    ]) {
      const page = await text(browser, path);
      expect(voteForm(page, 'alpha'), path).toContain('<button type="submit" class="vote-button"');
    }
    expect(await text(browser, '/leaderboards/billboard')).not.toContain('data-vote=');
  });

  it('shows each viewer their own votes, pressed, and never caches a signed-in page', async () => {
    const voter = await person();
    const other = await person();
    const csrf = formFor(await text(voter.browser, '/'), '/listings/alpha/vote').hidden._csrf;
    await voter.browser.request('/listings/alpha/vote', { form: { _csrf: csrf, return_to: '/' } });

    const res = await voter.browser.request('/');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const mine = await res.text();
    expect(pressed(mine, 'alpha')).toBe('true');
    expect(voteForm(mine, 'alpha')).toContain('action="/listings/alpha/unvote"');
    expect(pressed(mine, 'beta')).toBe('false');
    // The home page shows each product once; another list shows the same vote pressed.
    expect(mine.match(/action="\/listings\/alpha\/unvote"/g)?.length).toBe(1);
    expect(mine).not.toContain('action="/listings/alpha/vote"');
    expect(pressed(await text(voter.browser, '/launches'), 'alpha')).toBe('true');

    const theirs = await text(other.browser, '/');
    expect(pressed(theirs, 'alpha')).toBe('false');
    expect(theirs).not.toContain('action="/listings/alpha/unvote"');
  });

  it('shows the owner the count of their own listing, with nothing to press', async () => {
    const owner = await person();
    await served.ctx.db.updateTable('listings').set({ owner_id: owner.userId }).where('id', '=', ids.beta).execute();
    try {
      const page = await text(owner.browser, '/categories/tools');
      expect(voteForm(page, 'beta')).toBe('');
      expect(page).toMatch(
        /<span class="vote-button own" title="Your listing: makers cannot vote for their own products">/,
      );
      expect(voteForm(page, 'alpha')).toContain('data-vote="alpha"');
    } finally {
      await served.ctx.db.updateTable('listings').set({ owner_id: null }).where('id', '=', ids.beta).execute();
    }
  });

  it('asks the database once per page for what the viewer voted for and owns', async () => {
    const { browser, userId } = await person();
    const seen: string[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: ({ node }) => {
        seen.push(JSON.stringify(node));
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const db = served.ctx.db;
    served.ctx.db = db.withPlugin(recorder);
    try {
      // The home page shows five lists, Alpha and Beta in two of them.
      expect((await browser.request('/')).status).toBe(200);
      const voterQueries = seen.filter((q) => q.includes('"owner_id"') && q.includes('"votes"'));
      expect(voterQueries).toHaveLength(1);

      seen.length = 0;
      const slugs = Array.from({ length: 40 }, (_, i) => `listing-${i}`);
      await votedAmong({ ...served.ctx, db: served.ctx.db }, userId, [...slugs, 'alpha', 'beta']);
      expect(seen).toHaveLength(1);
    } finally {
      served.ctx.db = db;
    }
  });
});

describe('voting from a list without the script', () => {
  it('comes back to the list it was pressed on, with the outcome beside the listing', async () => {
    const { browser, userId } = await person();
    const list = '/launches?section=most-voted';
    const before = await votesOf('beta');
    const form = formFor(await text(browser, list), '/listings/beta/vote');
    expect(form.hidden.return_to).toBe(list);
    const res = await browser.request('/listings/beta/vote', { form: form.hidden });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${list}&vote=voted&vote_on=beta#vote-notice`);

    const back = await text(browser, res.headers.get('location')!);
    expect(back.match(/Your vote is in/g)).toHaveLength(1);
    expect(back).toMatch(/<p class="notice vote-notice" role="status" id="vote-notice"/);
    expect(pressed(back, 'beta')).toBe('true');
    expect(await votesOf('beta')).toBe(before + 1);
    // The form carries the list's own address, not the outcome's.
    expect(formFor(back, '/listings/beta/unvote').hidden.return_to).toBe(list);

    const undo = await browser.request('/listings/beta/unvote', {
      form: formFor(back, '/listings/beta/unvote').hidden,
    });
    expect(undo.headers.get('location')).toBe(`${list}&vote=unvoted&vote_on=beta#vote-notice`);
    expect(await text(browser, undo.headers.get('location')!)).toContain('Your vote was taken back.');
    expect(await votesOf('beta')).toBe(before);
    const log = await served.ctx.db
      .selectFrom('vote_events')
      .select('action')
      .where('listing_id', '=', ids.beta)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(log.map((e) => e.action)).toEqual(['vote', 'unvote']);
  });

  it('never sends anyone to another site: a foreign return_to falls back to the listing', async () => {
    const { browser } = await person();
    const csrf = await csrfOf(browser);
    for (const returnTo of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      '/.//evil.example',
      'javascript:alert(1)',
      'evil.example',
    ]) {
      const res = await browser.request('/listings/alpha/unvote', { form: { _csrf: csrf, return_to: returnTo } });
      expect(res.status, returnTo).toBe(303);
      expect(res.headers.get('location'), returnTo).toBe('/listings/alpha?vote=unvoted&vote_on=alpha#vote-notice');
    }
    // A hand-made outcome in the address shows nothing.
    const page = await text(browser, '/categories/tools?vote=%3Cscript%3Ealert(1)%3C/script%3E&vote_on=alpha');
    expect(page).not.toContain('id="vote-notice"');
    expect(page).not.toContain('<script>alert(1)');
  });

  it('writes the name and the address into the buttons escaped', async () => {
    const { browser } = await person();
    const page = await text(browser, `/search?q=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`);
    expect(page).not.toContain('<img src=x onerror');
    const visitorPage = await text(new Browser(served.server.url), '/categories/tools');
    expect(visitorPage).toContain('Sign in to upvote Beta &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(visitorPage).not.toContain('<script>alert(1)');
    const signedIn = await text(browser, '/categories/tools');
    expect(voteForm(signedIn, 'beta')).toContain('Upvote Beta &lt;script&gt;');
    const hostile = `/categories/tools?x=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`;
    const form = formFor(await text(browser, hostile), '/listings/alpha/vote');
    expect(decodeHtml(form.hidden.return_to)).toBe(
      '/categories/tools?x=%22%3E%3Cimg+src%3Dx+onerror%3Dalert%281%29%3E',
    );
  });

  it('sends a visitor to sign in, and back to the list afterwards', async () => {
    const visitor = new Browser(served.server.url);
    const res = await visitor.request('/listings/alpha/vote', { form: { return_to: '/categories/tools' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sign-in?return_to=%2Fcategories%2Ftools&vote=alpha');
  });

  it('casts the vote a visitor pressed once they sign in, and says so beside the listing', async () => {
    const { browser, email } = await person();
    await browser.request('/sign-out', { form: { _csrf: await csrfOf(browser) } });
    const before = await votesOf('alpha');
    const signIn = await (await browser.request('/sign-in?return_to=%2Fcategories%2Ftools&vote=alpha')).text();
    expect(signIn).toContain('Sign in and your vote is cast.');
    const form = formFor(signIn, '/sign-in');
    expect(form.hidden.vote).toBe('alpha');
    const res = await browser.request('/sign-in', {
      form: { ...form.hidden, email, password: 'long enough password' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/categories/tools?vote=voted&vote_on=alpha#vote-notice');
    expect(await votesOf('alpha')).toBe(before + 1);
    expect(await text(browser, res.headers.get('location')!)).toContain('Your vote is in. Thank you!');
  });
});

describe('voting in place (the script asks for JSON)', () => {
  it('answers the new state and count, and the audit log has it', async () => {
    const { browser, userId } = await person();
    const csrf = await csrfOf(browser);
    const before = await votesOf('alpha');
    const res = await postJson(browser, '/listings/alpha/vote', { _csrf: csrf, return_to: '/' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ voted: true, votes: before + 1, message: 'Your vote is in. Thank you!' });
    // Twice is harmless.
    expect(await (await postJson(browser, '/listings/alpha/vote', { _csrf: csrf })).json()).toMatchObject({
      voted: true,
      votes: before + 1,
    });
    const undo = await postJson(browser, '/listings/alpha/unvote', { _csrf: csrf });
    expect(await undo.json()).toEqual({ voted: false, votes: before, message: 'Your vote was taken back.' });
    const log = await served.ctx.db
      .selectFrom('vote_events')
      .select('action')
      .where('listing_id', '=', ids.alpha)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(log.map((e) => e.action)).toEqual(['vote', 'unvote']);
  });

  it('tells a visitor to sign in, with the way back', async () => {
    const res = await postJson(new Browser(served.server.url), '/listings/alpha/vote', { return_to: '/launches' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      status: 401,
      code: 'sign-in',
      href: '/sign-in?return_to=%2Flaunches&vote=alpha',
    });
  });
});

describe('the rules of voting, from any page', () => {
  it('refuses an unconfirmed account, in words, with and without the script', async () => {
    const { browser, userId } = await person({ confirmed: false });
    const page = await text(browser, '/categories/tools');
    const form = formFor(page, '/listings/alpha/vote');
    const res = await browser.request('/listings/alpha/vote', { form: form.hidden });
    expect(res.headers.get('location')).toBe('/categories/tools?vote=verify-email&vote_on=alpha#vote-notice');
    const back = await text(browser, res.headers.get('location')!);
    expect(back).toMatch(
      /<p class="error vote-notice" role="alert" id="vote-notice"[^>]*>Confirm your email address first/,
    );
    expect(back).toContain('<a href="/account">Your account</a>');

    const json = await postJson(browser, '/listings/alpha/vote', form.hidden);
    expect(json.status).toBe(403);
    expect(json.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await json.json()).toMatchObject({ status: 403, code: 'verify-email', href: '/account' });
    expect(await voteRows(ids.alpha, userId)).toEqual([]);
  });

  it("refuses the owner's vote for their own listing", async () => {
    const owner = await person();
    await served.ctx.db.updateTable('listings').set({ owner_id: owner.userId }).where('id', '=', ids.alpha).execute();
    try {
      const csrf = await csrfOf(owner.browser);
      const res = await owner.browser.request('/listings/alpha/vote', { form: { _csrf: csrf, return_to: '/' } });
      expect(res.headers.get('location')).toBe('/?vote=own-listing&vote_on=alpha#vote-notice');
      const json = await postJson(owner.browser, '/listings/alpha/vote', { _csrf: csrf });
      expect(json.status).toBe(403);
      expect(await json.json()).toMatchObject({ code: 'own-listing' });
      expect(await voteRows(ids.alpha, owner.userId)).toEqual([]);
    } finally {
      await served.ctx.db.updateTable('listings').set({ owner_id: null }).where('id', '=', ids.alpha).execute();
    }
  });

  it('refuses a vote on a listing that is not live, and on one that does not exist', async () => {
    const { browser, userId } = await person();
    const csrf = await csrfOf(browser);
    const res = await browser.request('/listings/soon/vote', { form: { _csrf: csrf, return_to: '/launches' } });
    expect(res.headers.get('location')).toBe('/launches?vote=not-live&vote_on=soon#vote-notice');
    const json = await postJson(browser, '/listings/soon/vote', { _csrf: csrf });
    expect(json.status).toBe(404);
    expect(await json.json()).toMatchObject({ code: 'not-live', detail: 'Only live listings take votes.' });
    expect(await voteRows(ids.soon, userId)).toEqual([]);
    expect((await postJson(browser, '/listings/no-such-thing/vote', { _csrf: csrf })).status).toBe(404);
  });

  it('refuses a post without the CSRF token, with a forged one, or from another site', async () => {
    const { browser, userId } = await person();
    const csrf = await csrfOf(browser);
    expect((await browser.request('/listings/alpha/vote', { form: { return_to: '/' } })).status).toBe(403);
    expect((await browser.request('/listings/alpha/vote', { form: { _csrf: 'forged' } })).status).toBe(403);
    const forged = await postJson(browser, '/listings/alpha/vote', { _csrf: 'forged' });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ code: 'stale-form' });
    const crossSite = await postJson(
      browser,
      '/listings/alpha/vote',
      { _csrf: csrf },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    expect(await voteRows(ids.alpha, userId)).toEqual([]);
  });

  it('keeps the per-person budget of 30 votes a minute, with and without the script', async () => {
    const { browser } = await person();
    const csrf = await csrfOf(browser);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await postJson(browser, `/listings/beta/${i % 2 ? 'unvote' : 'vote'}`, { _csrf: csrf })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const json = await postJson(browser, '/listings/beta/vote', { _csrf: csrf });
    expect(json.status).toBe(429);
    expect(json.headers.get('retry-after')).toBe('60');
    expect(await json.json()).toMatchObject({ code: 'too-many' });
    expect((await browser.request('/listings/beta/vote', { form: { _csrf: csrf } })).status).toBe(429);
    served.ctx.clock.advance(61_000);
    expect((await postJson(browser, '/listings/beta/unvote', { _csrf: csrf })).status).toBe(200);
  });
});

describe("the listing page's first screen", () => {
  it('carries the large vote button: pressed for a voter, a sign-in link for a visitor', async () => {
    const { browser } = await person();
    const csrf = await csrfOf(browser);
    await browser.request('/listings/alpha/vote', { form: { _csrf: csrf } });
    const page = await text(browser, '/listings/alpha');
    const form = voteForm(page, 'alpha');
    expect(form).toContain('class="vote vote-large"');
    expect(form).toContain('aria-pressed="true"');
    expect(form).toContain('<input type="hidden" name="return_to" value="/listings/alpha">');
    expect(form).toMatch(
      /<span class="vote-word" aria-hidden="true" data-on="Upvoted" data-off="Upvote">Upvoted<\/span>/,
    );
    // The large button comes before the profile's text.
    expect(page.indexOf('class="vote vote-large"')).toBeLessThan(page.indexOf('<h2 id="community">'));
    await browser.request('/listings/alpha/unvote', { form: { _csrf: csrf } });

    const visitor = await text(new Browser(served.server.url), '/listings/alpha');
    expect(visitor).toMatch(
      /<a class="vote-button vote-large" href="\/sign-in\?return_to=%2Flistings%2Falpha&amp;vote=alpha"/,
    );
  });

  it('loads the vote script from this site, which pages may connect back to', async () => {
    const res = await new Browser(served.server.url).request('/');
    expect(await res.text()).toContain(`<script src="${SITE_SCRIPT_SRC}" defer></script>`);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'; connect-src 'self';");
    expect(SITE_SCRIPT_SRC).toMatch(/^\/assets\/site\.[0-9a-f]{12}\.js$/);
    const script = await fetch(`${served.server.url}${SITE_SCRIPT_SRC}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toContain("Accept: 'application/json'");
  });
});
