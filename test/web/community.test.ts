// The listing page's community forms over HTTP: voting (confirmed accounts
// only, not one's own listing, undo), following, reviewing and reporting,
// with CSRF checks and throttling.
import { beforeAll, describe, expect, it } from 'vitest';
import { given } from '../helpers/given.js';
import { servedTestContext } from '../helpers/server.js';
import { Browser, formFor, signUpThroughPages } from '../oauth/browser.js';

const served = servedTestContext();
let listingId: number;
beforeAll(async () => {
  listingId = await given(served.ctx).listing({ slug: 'gizmo', fields: { name: 'Gizmo' } });
});

let n = 0;

async function person(opts: { confirmed?: boolean } = {}): Promise<Browser> {
  n += 1;
  const browser = new Browser(served.server.url);
  const email = `person${n}@example.com`;
  await signUpThroughPages(browser, email, 'long enough password');
  if (opts.confirmed !== false)
    await served.ctx.db
      .updateTable('users')
      .set({ email_verified_at: served.ctx.clock.now().toISOString() })
      .where('email', '=', email)
      .execute();
  return browser;
}

const listingPage = async (b: Browser, slug = 'gizmo') => (await b.request(`/listings/${slug}`)).text();
const voteCount = (page: string) => Number(/id="vote-count" data-votes="(\d+)"/.exec(page)?.[1]);

/** Submits the listing page's form that posts to `action`, with extra fields. */
async function submit(b: Browser, action: string, extra: Record<string, string> = {}, slug = 'gizmo') {
  const form = formFor(await listingPage(b, slug), action);
  return b.request(action, { form: { ...form.hidden, ...extra } });
}

describe('voting on the listing page', () => {
  it('asks visitors to sign in, and counts a confirmed person once, with undo', async () => {
    const visitor = new Browser(served.server.url);
    const page = await listingPage(visitor);
    expect(page).toContain('Sign in to vote');
    expect((await visitor.request('/listings/gizmo/vote', { form: {} })).headers.get('location')).toMatch(
      /^\/sign-in\?return_to=/,
    );

    const voter = await person();
    expect(voteCount(await listingPage(voter))).toBe(0);
    const voted = await submit(voter, '/listings/gizmo/vote');
    expect(voted.status).toBe(303);
    expect(voted.headers.get('location')).toBe('/listings/gizmo?vote=voted&vote_on=gizmo#vote-notice');
    const after = await (await voter.request(voted.headers.get('location')!)).text();
    expect(voteCount(after)).toBe(1);
    expect(after).toContain('Your vote is in');
    // The large button is pressed and now takes the vote back.
    expect(after).toMatch(/action="\/listings\/gizmo\/unvote"[\s\S]*?aria-pressed="true"/);

    await submit(voter, '/listings/gizmo/unvote');
    expect(voteCount(await listingPage(voter))).toBe(0);
    const log = await served.ctx.db
      .selectFrom('vote_events')
      .select('action')
      .where('listing_id', '=', listingId)
      .orderBy('id')
      .execute();
    expect(log.map((e) => e.action)).toEqual(['vote', 'unvote']);
  });

  it('does not take votes from unconfirmed accounts or the owner', async () => {
    const unconfirmed = await person({ confirmed: false });
    const page = await listingPage(unconfirmed);
    expect(page).toContain('Confirm your email address first');
    // Pressing the button is refused, and says why.
    const res = await submit(unconfirmed, '/listings/gizmo/vote');
    expect(res.headers.get('location')).toBe('/listings/gizmo?vote=verify-email&vote_on=gizmo#vote-notice');
    expect(await (await unconfirmed.request(res.headers.get('location')!)).text()).toContain(
      'only confirmed accounts vote and review',
    );

    const owner = await person();
    const ownerId = (
      await served.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', `person${n}@example.com`)
        .executeTakeFirstOrThrow()
    ).id;
    await given(served.ctx).listing({ slug: 'owned', fields: { owner_id: ownerId } });
    const ownPage = await listingPage(owner, 'owned');
    expect(ownPage).toContain('makers cannot vote for their own products');
    expect(ownPage).not.toContain('action="/listings/owned/vote"');
    const ownCsrf = formFor(await (await owner.request('/account')).text(), '/sign-out').hidden._csrf;
    expect((await owner.request('/listings/owned/vote', { form: { _csrf: ownCsrf } })).headers.get('location')).toBe(
      '/listings/owned?vote=own-listing&vote_on=owned#vote-notice',
    );
    expect(
      Number(
        (
          await served.ctx.db
            .selectFrom('listings')
            .select('votes_count')
            .where('slug', '=', 'owned')
            .executeTakeFirstOrThrow()
        ).votes_count,
      ),
    ).toBe(0);
  });

  it('refuses a post without the CSRF token, and throttles bursts', async () => {
    const voter = await person();
    expect((await voter.request('/listings/gizmo/vote', { form: { _csrf: 'forged' } })).status).toBe(403);
    const csrf = formFor(await listingPage(voter), '/listings/gizmo/vote').hidden._csrf;
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push(
        (await voter.request(`/listings/gizmo/${i % 2 ? 'unvote' : 'vote'}`, { form: { _csrf: csrf } })).status,
      );
    expect(statuses.slice(0, 30).every((s) => s === 303)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

const followersCount = async () =>
  Number(
    (
      await served.ctx.db
        .selectFrom('listings')
        .select('followers_count')
        .where('id', '=', listingId)
        .executeTakeFirstOrThrow()
    ).followers_count,
  );

describe('following, reviewing and reporting', () => {
  it('follows and unfollows', async () => {
    const fan = await person();
    await submit(fan, '/listings/gizmo/follow');
    expect(await listingPage(fan)).toContain('Unfollow');
    expect(await followersCount()).toBe(1);
    await submit(fan, '/listings/gizmo/unfollow');
    expect(await followersCount()).toBe(0);
  });

  it('publishes one review per person, escaped, and explains a bad rating', async () => {
    const reviewer = await person();
    const bad = await submit(reviewer, '/listings/gizmo/reviews', { rating: '9', body: 'hm' });
    expect(bad.headers.get('location')).toBe('/listings/gizmo?error=review-invalid#community');
    await submit(reviewer, '/listings/gizmo/reviews', { rating: '4', body: 'Solid <script>alert(1)</script>' });
    await submit(reviewer, '/listings/gizmo/reviews', { rating: '5', body: 'Even better' });
    const page = await listingPage(reviewer);
    expect(page).toContain('Even better');
    expect(page).toContain('Edit your review');
    expect(await (await new Browser(served.server.url).request('/listings/gizmo')).text()).not.toContain(
      '<script>alert(1)',
    );
    expect(
      (await served.ctx.db.selectFrom('reviews').select('rating').where('listing_id', '=', listingId).execute()).map(
        (r) => r.rating,
      ),
    ).toEqual([5]);
  });

  it('files a typed report into the moderation queue', async () => {
    const reporter = await person();
    const res = await submit(reporter, '/reports', {
      target_kind: 'listing',
      target_id: String(listingId),
      reason: 'broken_link',
      details: 'The pricing page 404s',
    });
    expect(res.headers.get('location')).toBe('/listings/gizmo?notice=reported#community');
    const report = await served.ctx.db
      .selectFrom('reports')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(report).toMatchObject({
      target_kind: 'listing',
      target_id: listingId,
      reason: 'broken_link',
      details: 'The pricing page 404s',
      status: 'open',
    });
    const bad = await submit(reporter, '/reports', { reason: 'because' });
    expect(bad.headers.get('location')).toBe('/listings/gizmo?error=report-invalid#community');
  });
});
