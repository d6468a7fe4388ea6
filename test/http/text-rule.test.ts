// Text with a NUL (or another control character) is refused with a 400 that
// names the field on every face and form, anonymous callers included; on
// PostgreSQL it used to be a 500, and SQLite stored it silently.
import { describe, expect, it } from 'vitest';
import { given } from '../helpers/given.js';
import { servedTestContext } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';
import { Browser, formFor } from '../oauth/browser.js';

const served = servedTestContext();
const url = (path: string) => `${served.server.url}${path}`;

describe('text with a NUL character', () => {
  it('is a 400 naming the field on REST, and nothing is written', async () => {
    const { key, userId } = await userWithKey(served.ctx, ['listings:write', 'account:read']);
    const listingId = await given(served.ctx).listing({ fields: { owner_id: userId, tagline: 'Before' } });
    const res = await fetch(url(`/api/v1/me/listings/${listingId}`), {
      method: 'PATCH',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fields: { tagline: 'a\u0000b' } }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([{ path: 'fields.tagline', message: expect.stringMatching(/control/) }]);
    const row = await served.ctx.db
      .selectFrom('listings')
      .select('tagline')
      .where('id', '=', listingId)
      .executeTakeFirstOrThrow();
    expect(row.tagline).toBe('Before');
    const search = await fetch(url('/api/v1/listings?q=a%00b'));
    expect(search.status).toBe(400);
  });

  it('is a 400 page naming the field on the sign-in and sign-up forms', async () => {
    for (const path of ['/sign-in', '/sign-up']) {
      const browser = new Browser(served.server.url);
      const form = formFor(await (await browser.request(path)).text(), path);
      const res = await browser.request(path, {
        form: { ...form.hidden, email: 'a\u0000b@example.com', password: 'long enough pw' },
      });
      expect(res.status, path).toBe(400);
      expect(await res.text()).toContain('email must not contain control characters');
    }
  });

  it('is an OAuth invalid request (or a 400 page) on the authorization server', async () => {
    const authorize = await fetch(
      url('/oauth/authorize?client_id=a%00b&response_type=code&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcb'),
    );
    expect(authorize.status).toBe(400);
    expect(await authorize.text()).toContain('client_id must not contain control characters');

    const register = await fetch(url('/oauth/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'a\u0000b', redirect_uris: ['http://127.0.0.1:9/cb'] }),
    });
    expect(register.status).toBe(400);
    expect(await register.json()).toMatchObject({
      error: 'invalid_client_metadata',
      error_description: expect.stringContaining('client_name'),
    });

    const token = await fetch(url('/oauth/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=a%00b&client_id=x',
    });
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringContaining('code'),
    });
  });
});
