// Public reads carry a weak ETag and Cache-Control and answer 304 to a
// matching conditional request, so caches absorb repeated reads; a view
// counted by get_listing does not make a new version. Signed-in reads stay
// private.
import { describe, expect, it } from 'vitest';
import { given } from '../helpers/given.js';
import { servedTestContext } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';

const served = servedTestContext();
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${served.server.url}${path}`, { headers });

describe('conditional public reads', () => {
  it('answers 304 for an unchanged listing, even though each read counts a view, and 200 once it changes', async () => {
    await given(served.ctx).listing({ slug: 'cached', fields: { name: 'Cached', tagline: 'First' } });
    const first = await get('/api/v1/listings/cached');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=30');

    const again = await get('/api/v1/listings/cached', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    await served.ctx.db.updateTable('listings').set({ tagline: 'Second' }).where('slug', '=', 'cached').execute();
    const changed = await get('/api/v1/listings/cached', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((await changed.json()).tagline).toBe('Second');
  });

  it('sends the whole profile as JSON with its length, views included, and headers alone to HEAD', async () => {
    // Uncompressed, so the length is the text's (a profile over 1 KB is otherwise compressed).
    const res = await get('/api/v1/listings/cached', { 'accept-encoding': 'identity' });
    const text = await res.text();
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    const profile = JSON.parse(text);
    expect(profile).toMatchObject({ slug: 'cached', name: 'Cached', views: expect.any(Number) });
    expect(Object.keys(profile)).toContain('links');

    const head = await fetch(`${served.server.url}/api/v1/listings/cached`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(res.headers.get('etag'));
    expect(await head.text()).toBe('');
  });

  it('covers searches and the OpenAPI document', async () => {
    const search = await get('/api/v1/listings?q=cached');
    const etag = search.headers.get('etag')!;
    expect((await get('/api/v1/listings?q=cached', { 'if-none-match': etag })).status).toBe(304);
    const doc = await get('/api/v1/openapi.json');
    expect((await get('/api/v1/openapi.json', { 'if-none-match': doc.headers.get('etag')! })).status).toBe(304);
  });

  it("keeps a signed-in caller's public reads out of shared caches, and gives signed-in operations no validator", async () => {
    const user = await userWithKey(served.ctx, ['account:read']);
    const listing = await get('/api/v1/listings/cached', user.auth);
    expect(listing.headers.get('cache-control')).toBe('private, no-cache');
    const me = await get('/api/v1/me', user.auth);
    expect(me.status).toBe(200);
    expect(me.headers.get('etag')).toBeNull();
  });
});
