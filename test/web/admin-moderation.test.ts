// The admin's moderation pages: reviews (flag and unflag; a flagged review
// leaves the genuine rating), the report queue (open first; resolve or
// dismiss, once), and the vote audit (the log, flagged votes per listing,
// discount and restore). Rows are inserted directly, as the site would.
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/accounts/users.js';
import { given } from '../helpers/given.js';
import { servedTestContext } from '../helpers/server.js';
import { Browser, formFor, signUpThroughPages } from '../oauth/browser.js';

const served = servedTestContext();
let admin: Browser;
let listingId: number;
let otherId: number;
let users: number[];
beforeAll(async () => {
  admin = new Browser(served.server.url);
  await signUpThroughPages(admin, 'boss@example.com', 'long enough pw');
  await served.ctx.db.updateTable('users').set({ role: 'admin' }).where('email', '=', 'boss@example.com').execute();
  listingId = await given(served.ctx).listing({ slug: 'acme', fields: { name: 'Acme <Tools>' } });
  otherId = await given(served.ctx).listing({ slug: 'other', fields: { name: 'Other' } });
  users = [];
  for (const name of ['Rita', 'Sam', 'Tove', 'Uma'])
    users.push(
      await createUser(served.ctx.db, {
        email: `${name.toLowerCase()}@example.com`,
        name,
        now: served.ctx.clock.now(),
      }),
    );
});

const at = (minutes: number) => new Date(served.ctx.clock.now().getTime() + minutes * 60_000).toISOString();
const page = async (path: string) => (await admin.request(path)).text();
const rating = async (slug: string) =>
  (
    (await (await fetch(`${served.server.url}/api/v1/listings/${slug}`)).json()) as {
      rating: { average: number | null; count: number };
    }
  ).rating;

describe('/admin/reviews', () => {
  let fakeId: number;
  beforeAll(async () => {
    await served.ctx.db
      .insertInto('reviews')
      .values({ listing_id: listingId, user_id: users[0], rating: 4, body: 'Solid tool', created_at: at(0) })
      .execute();
    fakeId = (
      await served.ctx.db
        .insertInto('reviews')
        .values({
          listing_id: listingId,
          user_id: users[1],
          rating: 1,
          body: 'Buy <b>cheap</b> pills',
          created_at: at(1),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  it('lists recent reviews, escaped, newest first, with a flag button each', async () => {
    const text = await page('/admin/reviews');
    expect(text).toContain('Buy &lt;b&gt;cheap&lt;/b&gt; pills');
    expect(text).toContain('Acme &lt;Tools&gt;');
    expect(text.indexOf('Buy &lt;b&gt;')).toBeLessThan(text.indexOf('Solid tool'));
    expect(text).toContain(`action="/admin/reviews/${fakeId}/flag"`);
    expect(await rating('acme')).toEqual({ average: 2.5, count: 2 });
  });

  it('flags a review, which leaves the genuine rating, and unflags it', async () => {
    let form = formFor(await page('/admin/reviews'), `/admin/reviews/${fakeId}/flag`);
    const flagged = await admin.request(`/admin/reviews/${fakeId}/flag`, { form: form.hidden });
    expect(flagged.status).toBe(303);
    expect(await rating('acme')).toEqual({ average: 4, count: 1 });
    const onlyFlagged = await page('/admin/reviews?view=flagged');
    expect(onlyFlagged).toContain('Buy &lt;b&gt;cheap');
    expect(onlyFlagged).not.toContain('Solid tool');
    expect(await page(flagged.headers.get('location')!)).toContain('Review flagged');

    form = formFor(onlyFlagged, `/admin/reviews/${fakeId}/unflag`);
    const unflagged = await admin.request(`/admin/reviews/${fakeId}/unflag`, { form: form.hidden });
    expect(unflagged.status).toBe(303);
    expect(unflagged.headers.get('location')).toBe('/admin/reviews?view=flagged&done=unflagged');
    expect(await rating('acme')).toEqual({ average: 2.5, count: 2 });
  });

  it('answers an unknown review with a message (404), and a missing CSRF token with 403', async () => {
    const { hidden } = formFor(await page('/admin/reviews'), `/admin/reviews/${fakeId}/flag`);
    const res = await admin.request('/admin/reviews/999999/flag', { form: hidden });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('No such review.');
    expect((await admin.request(`/admin/reviews/${fakeId}/flag`, { form: {} })).status).toBe(403);
    expect((await admin.request('/admin/reviews/abc/flag', { form: hidden })).status).toBe(400);
    expect(await rating('acme')).toEqual({ average: 2.5, count: 2 });
  });
});

describe('/admin/reports', () => {
  let spamId: number;
  let reviewReportId: number;
  beforeAll(async () => {
    const review = await served.ctx.db
      .selectFrom('reviews')
      .select('id')
      .where('user_id', '=', users[1])
      .executeTakeFirstOrThrow();
    const insert = (values: {
      reporter_id: number;
      target_kind: 'listing' | 'review';
      target_id: number;
      reason: string;
      details?: string;
      status?: 'open' | 'resolved' | 'dismissed';
      created_at: string;
    }) =>
      served.ctx.db
        .insertInto('reports')
        .values({ listing_id: listingId, details: '', status: 'open', ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
    await insert({
      reporter_id: users[2],
      target_kind: 'listing',
      target_id: listingId,
      reason: 'broken_link',
      status: 'dismissed',
      created_at: at(0),
    });
    spamId = (
      await insert({
        reporter_id: users[2],
        target_kind: 'listing',
        target_id: listingId,
        reason: 'spam',
        details: 'Looks <i>fake</i>',
        created_at: at(1),
      })
    ).id;
    reviewReportId = (
      await insert({
        reporter_id: users[3],
        target_kind: 'review',
        target_id: review.id,
        reason: 'misleading',
        created_at: at(2),
      })
    ).id;
  });

  it('shows the open reports first, oldest first, with reason labels and both targets', async () => {
    const text = await page('/admin/reports');
    expect(text).toContain('2 open reports');
    expect(text).toContain('Looks &lt;i&gt;fake&lt;/i&gt;');
    expect(text).toContain('Spam');
    expect(text).toContain('Misleading');
    expect(text).toContain('Buy &lt;b&gt;cheap');
    expect(text).not.toContain('Broken link');
    expect(text.indexOf(`#${spamId}`)).toBeLessThan(text.indexOf(`#${reviewReportId}`));
    expect(await page('/admin/reports?status=dismissed')).toContain('Broken link');
  });

  it('resolves one report and dismisses another, which leave the open queue', async () => {
    const text = await page('/admin/reports');
    const resolved = await admin.request(`/admin/reports/${spamId}/resolve`, {
      form: formFor(text, `/admin/reports/${spamId}/resolve`).hidden,
    });
    expect(resolved.status).toBe(303);
    expect(await page(resolved.headers.get('location')!)).toContain('Report resolved.');
    const dismissed = await admin.request(`/admin/reports/${reviewReportId}/dismiss`, {
      form: formFor(text, `/admin/reports/${reviewReportId}/dismiss`).hidden,
    });
    expect(dismissed.status).toBe(303);
    expect(await page('/admin/reports')).toContain('No open reports.');
    expect(await page('/admin/reports?status=resolved')).toContain('Looks &lt;i&gt;fake');
    expect(await page('/admin')).toContain('0 open reports');
  });

  it('answers closing a closed report with a conflict message, not a 500', async () => {
    const csrf = formFor(await page('/admin/settings'), '/admin/settings').hidden._csrf;
    const res = await admin.request(`/admin/reports/${spamId}/dismiss`, { form: { _csrf: csrf } });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('This report is already resolved.');
    expect((await admin.request('/admin/reports/424242/resolve', { form: { _csrf: csrf } })).status).toBe(404);
    expect((await admin.request(`/admin/reports/${spamId}/resolve`, { form: { _csrf: 'stale' } })).status).toBe(403);
  });
});

describe('/admin/votes', () => {
  beforeAll(async () => {
    const vote = (listing: number, user: number, flags: string, minutes: number) => ({
      listing_id: listing,
      user_id: user,
      network: `net${'f'.repeat(40)}${flags ? 'x' : 'y'}`,
      flags,
      created_at: at(minutes),
    });
    const votes = [
      vote(listingId, users[0], '', 0),
      vote(listingId, users[1], 'new_account', 1),
      vote(listingId, users[2], 'new_account,network_burst', 2),
      vote(otherId, users[3], 'network_burst', 3),
    ];
    await served.ctx.db
      .insertInto('votes')
      .values(votes.map((v) => ({ ...v, discounted_at: null, discounted_by: null })))
      .execute();
    await served.ctx.db
      .insertInto('vote_events')
      .values(votes.map((v) => ({ ...v, action: 'vote' as const })))
      .execute();
    await served.ctx.db.updateTable('listings').set({ votes_count: 3 }).where('id', '=', listingId).execute();
    await served.ctx.db.updateTable('listings').set({ votes_count: 1 }).where('id', '=', otherId).execute();
  });
  const counts = async (id: number) =>
    served.ctx.db
      .selectFrom('listings')
      .select(['votes_count', 'votes_discounted'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('shows flagged votes per listing by flag, and the log with shortened networks', async () => {
    const text = await page('/admin/votes');
    const acmeRow = text.match(/<tr><th scope="row"><a href="\/listings\/acme">[\s\S]*?<\/tr>/)?.[0] ?? '';
    expect(acmeRow).toMatch(/<td>2<\/td><td>0<\/td>\s*<td>2<\/td><td>1<\/td>/);
    expect(acmeRow).toContain(`action="/admin/votes/${listingId}/discount"`);
    expect(acmeRow).not.toContain('/restore"');
    expect(text).toContain('New account, Network burst');
    expect(text).toContain('rita@example.com');
    expect(text).toContain('netfffffff…');
    expect(text).not.toContain(`>net${'f'.repeat(40)}`);
  });

  it('discounts a listing’s flagged votes and restores them, each shown in the log', async () => {
    let text = await page('/admin/votes');
    const discounted = await admin.request(`/admin/votes/${listingId}/discount`, {
      form: formFor(text, `/admin/votes/${listingId}/discount`).hidden,
    });
    expect(discounted.status).toBe(303);
    expect(discounted.headers.get('location')).toBe('/admin/votes?done=discounted&n=2');
    expect(await counts(listingId)).toEqual({ votes_count: 1, votes_discounted: 2 });
    expect(await counts(otherId)).toEqual({ votes_count: 1, votes_discounted: 0 });
    text = await page(discounted.headers.get('location')!);
    expect(text).toContain('Discounted 2 votes');
    expect(text).toContain('<td>discount</td>');
    expect(await page('/admin')).toContain('1 flagged vote');

    const restored = await admin.request(`/admin/votes/${listingId}/restore`, {
      form: formFor(text, `/admin/votes/${listingId}/restore`).hidden,
    });
    expect(restored.status).toBe(303);
    expect(await counts(listingId)).toEqual({ votes_count: 3, votes_discounted: 0 });
    expect(await page(restored.headers.get('location')!)).toContain('Restored 2 votes');
  });

  it('filters the log to one listing', async () => {
    const text = await page(`/admin/votes?listing=${otherId}`);
    const log = text.slice(text.indexOf('id="log"'));
    expect(log).toContain('uma@example.com');
    expect(log).not.toContain('rita@example.com');
  });

  it('answers an unknown listing with a message, and a missing CSRF token with 403', async () => {
    const { hidden } = formFor(await page('/admin/votes'), `/admin/votes/${listingId}/discount`);
    const res = await admin.request('/admin/votes/999999/discount', { form: hidden });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('No such listing.');
    expect((await admin.request(`/admin/votes/${listingId}/discount`, { form: {} })).status).toBe(403);
    expect(await counts(listingId)).toEqual({ votes_count: 3, votes_discounted: 0 });
  });
});
