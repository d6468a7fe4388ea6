// /admin/users: admins find accounts, confirm an address by hand, and disable
// an account (with a reason) or enable it again. Disabling ends the person's
// sessions, revokes their API keys and OAuth grants, discounts their votes,
// and from then on sign-in, sessions, keys and tokens are all refused;
// enabling lets them sign in again while the keys stay revoked. Everyone else
// gets 404; an admin cannot disable themself.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/auth/api-keys.js';
import { resourceUrl } from '../../src/auth/resources.js';
import { createTokenVerifier } from '../../src/auth/token-verifier.js';
import { issueAccessToken } from '../../src/oauth/access-token.js';
import { createKeyStore } from '../../src/oauth/keys.js';
import { saveRefreshToken } from '../../src/oauth/store.js';
import { given } from '../helpers/given.js';
import { servedTestContext } from '../helpers/server.js';
import { Browser, formFor, signUpThroughPages } from '../oauth/browser.js';

const XSS = '<script>alert(1)</script>';
const ATTR_XSS = '"><img src=x onerror=alert(1)>';

const served = servedTestContext();
const db = () => served.ctx.db;
let admin: Browser;
let adminId: number;
let member: Browser;
let memberId: number;
let listingId: number;
let apiKey: string;
let familyId: string;

const userId = async (email: string) =>
  (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  admin = new Browser(served.server.url);
  await signUpThroughPages(admin, 'boss@example.com', 'long enough pw');
  await db().updateTable('users').set({ role: 'admin' }).where('email', '=', 'boss@example.com').execute();
  adminId = await userId('boss@example.com');
  member = new Browser(served.server.url);
  await signUpThroughPages(member, 'member@example.com', 'long enough pw');
  memberId = await userId('member@example.com');
  await db()
    .updateTable('users')
    .set({ name: `Mallory ${XSS}`, email_verified_at: served.ctx.clock.now().toISOString() })
    .where('id', '=', memberId)
    .execute();

  // Two votes: one counted, one an admin had discounted as flagged before (it stays discounted).
  listingId = await given(served.ctx).listing({ slug: 'gizmo', fields: { name: 'Gizmo', votes_count: 1 } });
  const other = await given(served.ctx).listing({ slug: 'other', fields: { votes_discounted: 1 } });
  await db()
    .insertInto('votes')
    .values([
      {
        listing_id: listingId,
        user_id: memberId,
        created_at: served.ctx.clock.now().toISOString(),
        flags: '',
        discounted_at: null,
        discounted_by: null,
      },
      {
        listing_id: other,
        user_id: memberId,
        created_at: served.ctx.clock.now().toISOString(),
        flags: 'new_account',
        discounted_at: '2026-11-01T00:00:00.000Z',
        discounted_by: adminId,
      },
    ])
    .execute();
  apiKey = (
    await createApiKey(db(), { userId: memberId, name: 'cli', scopes: ['account:read'], now: served.ctx.clock.now() })
  ).key;
  familyId = randomUUID();
  const now = served.ctx.clock.now();
  await saveRefreshToken(
    db(),
    randomUUID(),
    {
      familyId,
      clientId: 'c1',
      userId: memberId,
      scopes: ['account:read'],
      resource: resourceUrl(served.ctx.config, 'api'),
    },
    now,
    new Date(now.getTime() + 86_400_000),
  );
});

const page = async (b: Browser, path: string) => (await b.request(path)).text();
const me = (token: string) =>
  fetch(`${served.server.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
const accessToken = async () =>
  (
    await issueAccessToken(served.ctx, createKeyStore(served.ctx), {
      userId: memberId,
      clientId: 'c1',
      scopes: ['account:read'],
      resource: resourceUrl(served.ctx.config, 'api'),
      familyId,
    })
  ).token;
const memberRow = () => db().selectFrom('users').selectAll().where('id', '=', memberId).executeTakeFirstOrThrow();
const votesOf = (id: number) =>
  db()
    .selectFrom('listings')
    .select(['votes_count', 'votes_discounted'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const post = async (b: Browser, action: string, fields: Record<string, string> = {}) => {
  const form = formFor(await page(b, `/admin/users/${memberId}`), action);
  return b.request(action, { form: { ...form.hidden, ...fields } });
};

describe('who may use /admin/users', () => {
  it('answers 404 to visitors and non-admins, on every page and form, even with a valid CSRF token', async () => {
    const visitor = new Browser(served.server.url);
    for (const path of ['/admin/users', `/admin/users/${adminId}`]) {
      expect((await visitor.request(path)).status, path).toBe(404);
      expect((await member.request(path)).status, path).toBe(404);
    }
    const csrf = formFor(await page(member, '/account'), '/sign-out').hidden._csrf;
    for (const action of ['verify', 'disable', 'enable']) {
      const path = `/admin/users/${adminId}/${action}`;
      const form = { _csrf: csrf, reason: 'Coup' };
      expect((await visitor.request(path, { form })).status, path).toBe(404);
      expect((await member.request(path, { form })).status, path).toBe(404);
    }
    const boss = await db().selectFrom('users').selectAll().where('id', '=', adminId).executeTakeFirstOrThrow();
    expect(boss.disabled_at).toBeNull();
  });
});

describe('finding accounts', () => {
  it('lists accounts, escaped, and finds one by part of its email', async () => {
    const all = await page(admin, '/admin/users');
    expect(all).toContain('member@example.com');
    expect(all).toContain('Mallory &lt;script&gt;');
    expect(all).not.toContain(XSS);
    const found = await page(admin, '/admin/users?q=MEMBER%40');
    expect(found).toContain('member@example.com');
    expect(found).not.toContain(`href="/admin/users/${adminId}"`);
    expect(await page(admin, '/admin/users?disabled=yes')).toContain('No accounts found.');
    expect(await page(admin, `/admin/users?q=${encodeURIComponent(ATTR_XSS)}`)).not.toContain(ATTR_XSS);
  });

  it('shows what an account holds, and 404 for an unknown one', async () => {
    const text = await page(admin, `/admin/users/${memberId}`);
    expect(text).toMatch(/Active API keys<\/dt><dd>1</);
    expect(text).toMatch(/Connected apps \(OAuth\)<\/dt><dd>1</);
    expect(text).toMatch(/Votes counted<\/dt><dd>1</);
    expect((await admin.request('/admin/users/99999')).status).toBe(404);
  });
});

describe('confirming an address', () => {
  it('marks an unconfirmed address as confirmed', async () => {
    await db().updateTable('users').set({ email_verified_at: null }).where('id', '=', memberId).execute();
    const res = await post(admin, `/admin/users/${memberId}/verify`);
    expect(res.headers.get('location')).toBe(`/admin/users/${memberId}?done=verified`);
    expect((await memberRow()).email_verified_at).not.toBeNull();
    expect(await page(admin, res.headers.get('location')!)).toContain('Email address marked as confirmed.');
  });
});

describe('disabling an account', () => {
  it('says on the page exactly what disabling does', async () => {
    const text = await page(admin, `/admin/users/${memberId}`);
    expect(text).toContain('They are signed out everywhere and cannot sign in.');
    expect(text).toContain('Every API key of theirs is revoked');
    expect(text).toContain('Their votes are discounted');
    expect(text).toContain('They cannot vote, review or comment');
    expect(text).toContain('their keys and app connections stay revoked');
  });

  it('refuses an admin disabling themself, a missing CSRF token, and a missing or over-long reason', async () => {
    const own = await page(admin, `/admin/users/${adminId}`);
    expect(own).toContain('This is your own account');
    expect(own).not.toContain(`action="/admin/users/${adminId}/disable"`);
    const csrf = formFor(await page(admin, `/admin/users/${memberId}`), `/admin/users/${memberId}/disable`).hidden;
    const self = await admin.request(`/admin/users/${adminId}/disable`, { form: { ...csrf, reason: 'Oops' } });
    expect(self.status).toBe(403);
    expect(await self.text()).toContain('You cannot disable your own account');

    expect((await admin.request(`/admin/users/${memberId}/disable`, { form: { reason: 'Spam' } })).status).toBe(403);
    const empty = await post(admin, `/admin/users/${memberId}/disable`, { reason: '' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Give a reason');
    const long = await post(admin, `/admin/users/${memberId}/disable`, { reason: 'y'.repeat(501) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain('at most 500 characters');
    expect((await memberRow()).disabled_at).toBeNull();
    expect(
      (await db().selectFrom('users').select('disabled_at').where('id', '=', adminId).executeTakeFirstOrThrow())
        .disabled_at,
    ).toBeNull();
  });

  it('ends the session, revokes keys and grants, discounts votes, and refuses every credential after', async () => {
    const token = await accessToken();
    expect((await me(apiKey)).status).toBe(200);
    expect((await me(token)).status).toBe(200);
    expect((await member.request('/account')).status).toBe(200);

    const res = await post(admin, `/admin/users/${memberId}/disable`, { reason: `Vote ring ${XSS}` });
    expect(res.status).toBe(303);
    const shown = await page(admin, res.headers.get('location')!);
    expect(shown).toContain('Account disabled');
    expect(shown).toContain('Vote ring &lt;script&gt;');
    expect(shown).not.toContain(XSS);

    const row = await memberRow();
    expect(row.disabled_at).not.toBeNull();
    expect(row.disabled_reason).toBe(`Vote ring ${XSS}`);
    expect((await member.request('/account')).status).toBe(303);
    expect(await db().selectFrom('web_sessions').selectAll().where('user_id', '=', memberId).execute()).toEqual([]);
    expect((await me(apiKey)).status).toBe(401);
    expect((await me(token)).status).toBe(401);
    const keys = await db().selectFrom('api_keys').select('revoked_at').where('user_id', '=', memberId).execute();
    expect(keys.every((k) => k.revoked_at !== null)).toBe(true);
    const grants = await db()
      .selectFrom('oauth_refresh_tokens')
      .select('revoked_at')
      .where('user_id', '=', memberId)
      .execute();
    expect(grants.every((g) => g.revoked_at !== null)).toBe(true);
    expect(await votesOf(listingId)).toEqual({ votes_count: 0, votes_discounted: 1 });
    const events = await db().selectFrom('vote_events').selectAll().where('user_id', '=', memberId).execute();
    expect(events.map((e) => e.action)).toEqual(['discount']);

    // Sign-in says why it is refused; voting from the old tab needs a sign-in.
    const signIn = new Browser(served.server.url);
    const form = formFor(await page(signIn, '/sign-in'), '/sign-in');
    const refused = await signIn.request('/sign-in', {
      form: { ...form.hidden, email: 'member@example.com', password: 'long enough pw' },
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('This account has been disabled');
    expect(signIn.cookie('lb_session') ?? signIn.cookie('__Host-lb_session')).toBeUndefined();
    const vote = await member.request('/listings/other/vote', { form: {} });
    expect(vote.status).toBe(303);
    expect(vote.headers.get('location')).toMatch(/^\/sign-in/);
  });

  it('refuses a disabled account at token verification even while its grant is live', async () => {
    await db()
      .updateTable('oauth_refresh_tokens')
      .set({ revoked_at: null })
      .where('family_id', '=', familyId)
      .execute();
    const token = await accessToken();
    expect(await createTokenVerifier(served.ctx).verify(token, resourceUrl(served.ctx.config, 'api'))).toBeNull();
    await db()
      .updateTable('oauth_refresh_tokens')
      .set({ revoked_at: served.ctx.clock.now().toISOString() })
      .where('family_id', '=', familyId)
      .execute();
  });

  it('enables the account again: sign-in works, keys stay revoked, the votes disabling discounted count again', async () => {
    const text = await page(admin, `/admin/users/${memberId}`);
    expect(text).toContain('stay revoked');
    const res = await post(admin, `/admin/users/${memberId}/enable`, { restore_votes: 'yes' });
    expect(res.headers.get('location')).toBe(`/admin/users/${memberId}?done=enabled&n=1`);
    expect((await memberRow()).disabled_at).toBeNull();
    expect(await votesOf(listingId)).toEqual({ votes_count: 1, votes_discounted: 0 });
    const flagged = await db()
      .selectFrom('votes')
      .select('discounted_at')
      .where('flags', '=', 'new_account')
      .executeTakeFirstOrThrow();
    expect(flagged.discounted_at).toBe('2026-11-01T00:00:00.000Z');

    const again = new Browser(served.server.url);
    const form = formFor(await page(again, '/sign-in'), '/sign-in');
    const signedIn = await again.request('/sign-in', {
      form: { ...form.hidden, email: 'member@example.com', password: 'long enough pw' },
    });
    expect(signedIn.status).toBe(303);
    expect((await again.request('/account')).status).toBe(200);
    expect((await me(apiKey)).status).toBe(401);
  });
});
