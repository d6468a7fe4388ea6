// The screenshot gallery through update_my_listing `screenshots` (REST and
// MCP): each new link fetched, checked and stored at once, the gallery
// replaced; a link that cannot be used is a 400 naming it and nothing is
// written; links already in the gallery (or our copies' URLs) are kept
// without fetching; only the owner may set it. The public profile shows it
// in the paid media section, and the listing page lays it out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp } from '../mcp/clients.js';
import { given } from '../helpers/given.js';
import { servedTestContext } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';
import { type ImageHost, picture, serveImages, svg } from '../fixtures/images/serve.js';

const served = servedTestContext({ allowPrivateFetch: true });
let images: ImageHost;
let owner: Awaited<ReturnType<typeof userWithKey>>;
let other: Awaited<ReturnType<typeof userWithKey>>;
beforeAll(async () => {
  images = await serveImages({
    '/one.png': { type: 'image/png', body: await picture('png', 2400, 1500, { r: 200, g: 40, b: 40 }) },
    '/two.jpg': { type: 'image/jpeg', body: await picture('jpeg', 900, 600, { r: 40, g: 160, b: 40 }) },
    '/three.webp': { type: 'image/webp', body: await picture('webp', 640, 480, { r: 40, g: 40, b: 160 }) },
    '/drawing.svg': { type: 'image/svg+xml', body: svg('', 'width="800" height="600"') },
    '/evil.svg': { type: 'image/svg+xml', body: svg('<script>alert(1)</script>') },
    '/page.html': { type: 'text/html', body: '<!doctype html><p>not an image</p>' },
  });
  owner = await userWithKey(served.ctx, ['account:read', 'listings:write']);
  other = await userWithKey(served.ctx, ['account:read', 'listings:write']);
});
afterAll(() => images?.close());

let n = 0;
const listing = (fields: Record<string, unknown> = {}) =>
  given(served.ctx).listing({
    slug: `shots-${++n}`,
    fields: { owner_id: owner.userId, name: `Shots ${n}`, status: 'live', ...fields },
  });
const paid = () => listing({ plan: 'paid', unlocked_sections: JSON.stringify(['story', 'milestones', 'media']) });

const patch = (id: number, body: unknown, who = owner) =>
  fetch(`${served.server.url}/api/v1/me/listings/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...who.auth },
    body: JSON.stringify(body),
  });
const profile = async (slug: string) => (await fetch(`${served.server.url}/api/v1/listings/${slug}`)).json();
const link = (path: string) => `${images.origin}${path}`;
const gallery = (id: number) =>
  served.ctx.db
    .selectFrom('listing_screenshots')
    .select(['position', 'source_url', 'image_hash'])
    .where('listing_id', '=', id)
    .orderBy('position')
    .execute();
const imageCount = async () =>
  Number(
    (
      await served.ctx.db
        .selectFrom('images')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('setting screenshots', () => {
  it('fetches, scales and stores each link; get_listing shows them in media, served from our origin', async () => {
    const id = await paid();
    // Read once before, so a cached profile would have to be replaced.
    expect((await profile(`shots-${n}`)).media).toEqual({ demo_video_url: null, screenshots: [] });
    const res = await patch(id, { screenshots: [link('/one.png'), link('/drawing.svg')] });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.changed).toEqual(['screenshots']);
    expect(body.media.screenshots).toEqual([
      { url: expect.stringMatching(/\/media\/[0-9a-f]{64}\.webp$/), width: 1600, height: 1000 },
      { url: expect.stringMatching(/\/media\/[0-9a-f]{64}\.webp$/), width: 800, height: 600 },
    ]);
    const pub = await profile(`shots-${n}`);
    expect(pub.media.screenshots).toEqual(body.media.screenshots);
    expect(pub.media.screenshots[0].url.startsWith(`${served.server.url}/media/`)).toBe(true);

    const image = await fetch(pub.media.screenshots[0].url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(8, 12)
        .toString('latin1'),
    ).toBe('WEBP');
  });

  it('keeps links already in the gallery, and our own copies, without fetching them again', async () => {
    const id = await paid();
    await patch(id, { screenshots: [link('/one.png'), link('/two.jpg')] });
    const before = images.requests.length;
    // The same links: nothing changes, nothing is fetched.
    const same = await (await patch(id, { screenshots: [link('/one.png'), link('/two.jpg')] })).json();
    expect(same.changed).toEqual([]);
    // Our copies' URLs (as get_listing gives them), reordered, plus one new link.
    const [first, second] = same.media.screenshots.map((s: { url: string }) => s.url);
    const res = await patch(id, { screenshots: [second, first, link('/three.webp')] });
    expect(res.status).toBe(200);
    expect(images.requests.slice(before).filter((p) => p !== '/robots.txt')).toEqual(['/three.webp']);
    // The links they came from are kept, so the history reads as the owner gave them.
    expect((await gallery(id)).map((g) => g.source_url)).toEqual([
      link('/two.jpg'),
      link('/one.png'),
      link('/three.webp'),
    ]);
  });

  it('refuses the whole call when one link cannot be used, naming it, and writes nothing', async () => {
    const id = await paid();
    await patch(id, { screenshots: [link('/two.jpg')] });
    const stored = await gallery(id);
    const count = await imageCount();
    const res = await patch(id, {
      fields: { tagline: 'Not saved either' },
      screenshots: [link('/three.webp'), link('/page.html'), link('/evil.svg'), link('/nothing.png')],
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const problem = await res.json();
    expect(problem.errors).toEqual([
      { path: 'screenshots.1', message: expect.stringMatching(/gives a web page, not an image/) },
      { path: 'screenshots.2', message: expect.stringMatching(/The SVG contains a script/) },
      { path: 'screenshots.3', message: expect.stringMatching(/answered HTTP 404/) },
    ]);
    expect(await gallery(id)).toEqual(stored);
    expect(await imageCount()).toBe(count);
    const row = await served.ctx.db.selectFrom('listings').select('tagline').where('id', '=', id).executeTakeFirst();
    expect(row!.tagline).toBeNull();
  });

  it.each([
    [{ screenshots: Array(7).fill('https://img.example/a.png') }, 'screenshots'],
    [{ screenshots: ['javascript:alert(1)'] }, 'screenshots.0'],
    [{ screenshots: ['ftp://img.example/a.png'] }, 'screenshots.0'],
    [{ screenshots: 'https://img.example/a.png' }, 'screenshots'],
  ])('refuses %j by its bounds with a 400 naming %s', async (body, path) => {
    const id = await paid();
    const res = await patch(id, body);
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it("is 404 for another maker's listing, and nothing is fetched for them", async () => {
    const id = await paid();
    const before = images.requests.length;
    const res = await patch(id, { screenshots: [link('/one.png')] }, other);
    expect(res.status).toBe(404);
    expect(images.requests.length).toBe(before);
    expect(await gallery(id)).toEqual([]);
  });

  it('empties the gallery, and images nobody shows any more go', async () => {
    const id = await paid();
    const distinct = await picture('png', 333, 222, { r: 1, g: 2, b: 3 });
    images.set('/only-here.png', { type: 'image/png', body: distinct });
    await patch(id, { screenshots: [link('/only-here.png')] });
    const [{ image_hash }] = await gallery(id);
    const res = await patch(id, { screenshots: [] });
    expect((await res.json()).changed).toEqual(['screenshots']);
    expect(await gallery(id)).toEqual([]);
    expect((await fetch(`${served.server.url}/media/${image_hash}.webp`)).status).toBe(404);
  });

  it('keeps the gallery of a listing without the media section for its owner, out of the public profile', async () => {
    const id = await listing();
    const res = await patch(id, { screenshots: [link('/two.jpg')] });
    expect(res.status).toBe(200);
    expect((await res.json()).changed).toEqual(['screenshots']);
    expect(await gallery(id)).toHaveLength(1);
    const pub = await profile(`shots-${n}`);
    expect(pub.unlocked_sections).toEqual([]);
    expect(pub).not.toHaveProperty('media');
  });

  it('works over MCP with the same rules', async () => {
    const id = await paid();
    const client = await connectHttp('v2-2026-07-28', `${served.server.url}/mcp`, owner.auth);
    try {
      const ok = await client.callTool('update_my_listing', { listing_id: id, screenshots: [link('/three.webp')] });
      expect(ok.isError).toBeFalsy();
      expect((ok.structuredContent as { changed: string[] }).changed).toEqual(['screenshots']);
      const bad = await client.callTool('update_my_listing', { listing_id: id, screenshots: [link('/evil.svg')] });
      expect(bad.isError).toBe(true);
      expect(JSON.stringify(bad.content)).toMatch(/screenshots\.0: The SVG contains a script/);
    } finally {
      await client.close();
    }
    expect(await gallery(id)).toHaveLength(1);
  });
});

describe('the listing page', () => {
  it('shows the gallery: sized, described, from our origin, the first at once and the rest lazily', async () => {
    const id = await paid();
    await patch(id, { screenshots: [link('/two.jpg'), link('/three.webp')] });
    const slug = `shots-${n}`;
    const page = await (await fetch(`${served.server.url}/listings/${slug}`)).text();
    const shots = [
      ...page.matchAll(
        /<img src="(\/media\/[0-9a-f]{64}\.webp)" alt="([^"]+)" width="(\d+)" height="(\d+)" loading="(\w+)" decoding="async">/g,
      ),
    ];
    expect(shots.map((m) => [m[2], m[3], m[4], m[5]])).toEqual([
      [`Screenshot 1 of Shots ${n}`, '900', '600', 'eager'],
      [`Screenshot 2 of Shots ${n}`, '640', '480', 'lazy'],
    ]);
    expect(page).toContain(`<a href="${shots[0]![1]}">`);
  });

  it('shows the stored logo from our origin, and the monogram without one', async () => {
    const hash = 'a'.repeat(64);
    await served.ctx.db
      .insertInto('images')
      .values({
        hash,
        content_type: 'image/webp',
        width: 256,
        height: 256,
        size: 4,
        bytes: Buffer.from('RIFF'),
        created_at: served.ctx.clock.now().toISOString(),
      })
      .execute();
    await listing({ logo_url: 'https://maker.example/logo.png', logo_image: hash });
    const withLogo = await (await fetch(`${served.server.url}/listings/shots-${n}`)).text();
    expect(withLogo).toContain(`<img class="logo" src="/media/${hash}.webp" alt="" width="72" height="72"`);
    expect(withLogo).not.toContain('src="https://maker.example/logo.png"');
    await listing({ logo_url: 'https://maker.example/not-copied.png' });
    const without = await (await fetch(`${served.server.url}/listings/shots-${n}`)).text();
    expect(without).toMatch(/<span class="monogram" style="--hue:\d+" aria-hidden="true">S\d?<\/span>/);
    expect(without).not.toContain('maker.example/not-copied.png"');
  });
});
