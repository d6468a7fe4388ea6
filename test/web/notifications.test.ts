// Following feeds notifications: a maker posts an update (post_listing_update
// over REST), a follower finds it on their notifications page, and everyone
// on the latest-updates page.
import { describe, expect, it } from 'vitest';
import { given } from '../helpers/given.js';
import { servedTestContext } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';
import { Browser, formFor, signUpThroughPages } from '../oauth/browser.js';

const served = servedTestContext();

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
    expect(notifications).toContain('(new)');
    expect(await (await fan.request('/account/notifications')).text()).not.toContain('(new)');

    const updates = await (await fetch(`${served.server.url}/updates`)).text();
    expect(updates).toContain('Version 2 &lt;is out&gt;');
    expect(updates).toContain('href="/listings/followed"');
  });

  it('send visitors to sign in', async () => {
    const res = await new Browser(served.server.url).request('/account/notifications');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sign-in?return_to=/account/notifications');
  });
});
