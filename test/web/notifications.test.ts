// The notification pages: following feeds notifications (a maker posts an
// update over REST, a follower reads it); the header's bell counts unread
// ones on every signed-in page and clears once the page is opened; the mail
// settings form needs its CSRF token; text from other people comes back
// escaped; the one-click unsubscribe works without a cookie and only with a
// valid token.
import { describe, expect, it } from 'vitest';
import { followListing } from '../../src/community/follows.js';
import { mailSettingsOf } from '../../src/community/notification-settings.js';
import { notify } from '../../src/community/notifications.js';
import { writeReview } from '../../src/community/reviews.js';
import { unsubscribeKey, unsubscribeToken } from '../../src/community/unsubscribe.js';
import { given } from '../helpers/given.js';
import { servedTestContext } from '../helpers/server.js';
import { confirmEmail, userWithKey } from '../helpers/users.js';
import { Browser, formFor, signUpThroughPages, signedUpPerson } from '../oauth/browser.js';

const served = servedTestContext();

/** A person signed up through the pages, with their id. */
const signedUp = (email: string) => signedUpPerson(served, email);

const bellOf = (page: string) =>
  /<a class="bell[^"]*" href="\/account\/notifications" aria-label="([^"]+)"/.exec(page)?.[1];

describe('notifications of followed listings', () => {
  it('tell a follower about an update, and the update appears on the latest-updates page', async () => {
    const maker = await userWithKey(served.ctx, ['listings:write']);
    const listingId = await given(served.ctx).listing({
      slug: 'followed',
      fields: { name: 'Followed', owner_id: maker.userId },
    });
    const fan = new Browser(served.server.url);
    await signUpThroughPages(fan, 'fan@example.com', 'long enough password');
    const page = await (await fan.request('/listings/followed')).text();
    await fan.request('/listings/followed/follow', { form: formFor(page, '/listings/followed/follow').hidden });

    const posted = await fetch(`${served.server.url}/api/v1/me/listings/${listingId}/updates`, {
      method: 'POST',
      headers: { ...maker.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Version 2 <is out>', body: 'Faster and kinder.' }),
    });
    expect(posted.status).toBe(201);

    expect(await (await fan.request('/account')).text()).toContain('(1 new)');
    const notifications = await (await fan.request('/account/notifications')).text();
    expect(notifications).toContain('Followed: Version 2 &lt;is out&gt;');
    expect(notifications).toContain('class="notification-new">New<');
    expect(await (await fan.request('/account/notifications')).text()).not.toContain('class="notification-new"');

    const updates = await (await fetch(`${served.server.url}/updates`)).text();
    expect(updates).toContain('Version 2 &lt;is out&gt;');
    expect(updates).toContain('href="/listings/followed"');
  });

  it('send visitors to sign in', async () => {
    const res = await new Browser(served.server.url).request('/account/notifications');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sign-in?return_to=/account/notifications');
    const settings = await new Browser(served.server.url).request('/account/notifications/settings');
    expect(settings.status).toBe(303);
  });
});

describe('the bell', () => {
  it("counts another person's review and follow on every signed-in page, and clears on opening", async () => {
    const maker = await signedUp('bell-maker@example.com');
    const listingId = await given(served.ctx).listing({
      slug: 'belled',
      fields: { name: 'Belled', owner_id: maker.userId },
    });
    expect(bellOf(await (await maker.browser.request('/account')).text())).toBe('Notifications');

    const fan = await userWithKey(served.ctx, []);
    await confirmEmail(served.ctx, fan.userId);
    await writeReview(served.ctx, { userId: fan.userId, listingId, rating: 5, body: 'Lovely' });
    expect(bellOf(await (await maker.browser.request('/account')).text())).toBe('Notifications, 1 unread');
    await followListing(served.ctx, { userId: fan.userId, listingId });
    // Public pages, maker pages and account pages alike.
    for (const path of ['/', '/listings/belled', '/my', '/account/api-keys']) {
      const page = await (await maker.browser.request(path)).text();
      expect(bellOf(page), path).toBe('Notifications, 2 unread');
      expect(page).toContain('<span class="bell-count" aria-hidden="true">2</span>');
    }

    const opened = await (await maker.browser.request('/account/notifications')).text();
    expect(bellOf(opened)).toBe('Notifications');
    expect(opened).toContain('Belled has a new follower');
    expect(opened).toMatch(/reviewed Belled: 5 of 5 stars/);
    expect(opened).toContain('href="/account/notifications?kind=review"');
    expect(bellOf(await (await maker.browser.request('/')).text())).toBe('Notifications');

    const reviews = await (await maker.browser.request('/account/notifications?kind=review')).text();
    expect(reviews).toContain('5 of 5 stars');
    expect(reviews).not.toContain('new follower');
    // The bell is nobody's when signed out, and a cached public page never carries one.
    const anonymous = await fetch(`${served.server.url}/`);
    expect(bellOf(await anonymous.text())).toBeUndefined();
  });

  it('never reaches the person who acted', async () => {
    const maker = await signedUp('self@example.com');
    const listingId = await given(served.ctx).listing({ fields: { owner_id: maker.userId } });
    await followListing(served.ctx, { userId: maker.userId, listingId });
    expect(bellOf(await (await maker.browser.request('/account')).text())).toBe('Notifications');
  });
});

describe('hostile text', () => {
  it('comes back escaped on the notifications page and in the bell', async () => {
    const maker = await signedUp('xss-maker@example.com');
    const listingId = await given(served.ctx).listing({
      fields: { name: '<script>alert(1)</script>', owner_id: maker.userId },
    });
    const fan = await userWithKey(served.ctx, []);
    await confirmEmail(served.ctx, fan.userId);
    await served.ctx.db
      .updateTable('users')
      .set({ name: '"><img src=x onerror=alert(1)>' })
      .where('id', '=', fan.userId)
      .execute();
    await writeReview(served.ctx, { userId: fan.userId, listingId, rating: 1, body: '<img src=x onerror=alert(2)>' });
    const page = await (await maker.browser.request('/account/notifications')).text();
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain(
      '&quot;&gt;&lt;img src=x onerror=alert(1)&gt; reviewed &lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(page).toContain('&lt;img src=x onerror=alert(2)&gt;');
  });

  it('keeps the lines of a body apart (an order applied, an item a line) and dates it as people read it', async () => {
    const buyer = await signedUp('lines-buyer@example.com');
    await notify(served.ctx, [
      {
        userId: buyer.userId,
        kind: 'order',
        listingId: null,
        title: 'Order LB-2026-000001 is applied',
        body: 'Launch of Acme: done\nBillboard for Acme <b>: done',
        mail: false,
      },
    ]);
    const page = await (await buyer.browser.request('/account/notifications')).text();
    expect(page).toContain('Launch of Acme: done<br>Billboard for Acme &lt;b&gt;: done');
    expect(page).toMatch(/<time datetime="[^"]+">22 Nov 2026<\/time>/);
  });
});

describe('mail settings', () => {
  it('save the checked kinds with the CSRF token, and refuse a post without it', async () => {
    const p = await signedUp('settings@example.com');
    const page = await (await p.browser.request('/account/notifications/settings')).text();
    expect(page).toMatch(/<input id="mail-review" type="checkbox" name="mail" value="review" checked>/);
    expect(page).toMatch(/<input id="mail-vote" type="checkbox" name="mail" value="vote">/);
    const csrf = formFor(page, '/account/notifications/settings').hidden._csrf;

    for (const form of [{ mail: ['vote'] }, { _csrf: 'wrong', mail: ['vote'] }] as Record<
      string,
      string[] | string
    >[]) {
      const refused = await p.browser.request('/account/notifications/settings', { form });
      expect(refused.status).toBe(403);
    }
    expect(await mailSettingsOf(served.ctx, p.userId)).toMatchObject({ vote: false, review: true });

    const saved = await p.browser.request('/account/notifications/settings', {
      form: { _csrf: csrf, mail: ['vote', 'comment', '<script>alert(1)</script>', 'nonsense'] },
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/account/notifications/settings?notice=saved');
    expect(await mailSettingsOf(served.ctx, p.userId)).toEqual({
      listing_update: false,
      vote: true,
      review: false,
      comment: true,
      reply: false,
      follow: false,
      order: false,
    });
    const after = await (await p.browser.request('/account/notifications/settings?notice=saved')).text();
    expect(after).toContain('Saved.');
    expect(after).toMatch(/value="vote" checked>/);
  });

  it('are linked from the notifications page and the account page', async () => {
    const p = await signedUp('links@example.com');
    expect(await (await p.browser.request('/account')).text()).toContain('href="/account/notifications/settings"');
    expect(await (await p.browser.request('/account/notifications')).text()).toContain(
      'href="/account/notifications/settings"',
    );
  });
});

describe('unsubscribe', () => {
  it('asks to confirm on GET, and the one-click POST without any cookie turns that mail off', async () => {
    const p = await signedUp('unsub@example.com');
    const token = unsubscribeToken(await unsubscribeKey(served.ctx), p.userId, 'review');
    const url = `${served.server.url}/unsubscribe?token=${encodeURIComponent(token)}`;

    const confirm = await fetch(url);
    expect(confirm.status).toBe(200);
    const page = await confirm.text();
    expect(page).toContain('Stop mail about <strong>reviews of your listings</strong>?');
    expect(page).toContain(`<form method="post" action="/unsubscribe?token=${encodeURIComponent(token)}">`);
    expect(await mailSettingsOf(served.ctx, p.userId)).toMatchObject({ review: true });

    // What a mail client sends for List-Unsubscribe-Post (RFC 8058): no cookie, no CSRF token.
    const oneClick = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You will no longer get mail about reviews of your listings.');
    expect(await mailSettingsOf(served.ctx, p.userId)).toMatchObject({ review: false, comment: true });
  });

  it('refuses a tampered token or one for another person, changing nothing', async () => {
    const victim = await signedUp('victim@example.com');
    const attacker = await signedUp('attacker@example.com');
    const own = unsubscribeToken(await unsubscribeKey(served.ctx), attacker.userId, 'comment');
    const signature = own.split('.')[3];
    for (const token of [`u1.${victim.userId}.comment.${signature}`, `${own}x`, '<script>alert(1)</script>']) {
      const url = `${served.server.url}/unsubscribe?token=${encodeURIComponent(token)}`;
      const get = await fetch(url);
      expect(get.status).toBe(400);
      expect(await get.text()).not.toContain('<script>alert(1)</script>');
      expect((await fetch(url, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(400);
    }
    expect((await fetch(`${served.server.url}/unsubscribe`, { method: 'POST' })).status).toBe(400);
    expect(await mailSettingsOf(served.ctx, victim.userId)).toMatchObject({ comment: true });
  });
});
