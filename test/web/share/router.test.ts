// The share images over HTTP: /og/site.png, /og/listings/{slug}.png
// and /og/weeks/{monday}.png are 1200×630 PNGs with an ETag, an hour of
// caching and 304s; hidden, unpublished or unknown listings and anything but
// a date for a week are 404s; each image is drawn once per change of what it
// shows; and the pages name them in their Open Graph and Twitter tags.
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { setSetting } from '../../../src/directory/settings.js';
import { saveImage } from '../../../src/media/images.js';
import { pngSize } from '../../../src/web/share/png.js';
import { given } from '../../helpers/given.js';
import { servedTestContext } from '../../helpers/server.js';

const served = servedTestContext();
const get = (path: string, init?: RequestInit) => fetch(`${served.server.url}${path}`, { redirect: 'manual', ...init });
const THIS_WEEK = '2026-11-16'; // the test clock says Sunday 2026-11-22
const renders = () => served.server.shareImages.renders;

beforeAll(async () => {
  const g = given(served.ctx);
  const category = await g.category({ slug: 'dev-tools', name: 'Developer tools' });
  await g.listing({
    slug: 'acme',
    categories: [category],
    fields: {
      name: 'Acme <&"> Co',
      tagline: 'Ship faster with <script>alert(1)</script>',
      launch_week: THIS_WEEK,
      launched_at: '2026-11-18T08:00:00.000Z',
      votes_count: 12,
    },
  });
  await g.listing({ slug: 'gizmo', fields: { name: 'Gizmo', launch_week: THIS_WEEK, votes_count: 3 } });
  await g.listing({ slug: 'upcoming', status: 'scheduled', fields: { name: 'Upcoming', launch_week: '2026-11-30' } });
  await g.listing({ slug: 'hidden-one', status: 'hidden', fields: { name: 'Hidden', launch_week: THIS_WEEK } });
  await g.listing({ slug: 'draft-one', status: 'draft', fields: { name: 'Draft' } });
});

async function png(path: string): Promise<{ res: Response; body: Buffer }> {
  const res = await get(path);
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe('the share images', () => {
  it.each([
    '/og/site.png',
    '/og/listings/acme.png',
    '/og/listings/upcoming.png',
    `/og/weeks/${THIS_WEEK}.png`,
    '/og/weeks/2026-11-30.png',
    '/og/weeks/2020-01-06.png',
  ])('%s is a 1200×630 PNG with an ETag and an hour of public caching', async (path) => {
    const { res, body } = await png(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(pngSize(body)).toEqual({ width: 1200, height: 630 });
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('etag')).toMatch(/^W\/"[\w-]{27}"$/);
    // Others' pages and apps may show the card.
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('ratelimit-policy')).toBeTruthy();
  });

  it('answers 304 to a request naming its ETag, and HEAD without a body', async () => {
    const first = await get('/og/listings/acme.png');
    const etag = first.headers.get('etag')!;
    const again = await get('/og/listings/acme.png', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const head = await get('/og/listings/acme.png', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
  });

  it.each([
    ['an unknown listing', '/og/listings/no-such-listing.png'],
    ['a hidden listing', '/og/listings/hidden-one.png'],
    ['a draft', '/og/listings/draft-one.png'],
    ['a malformed slug', '/og/listings/Not_A_Slug.png'],
    ['a week that is no date', '/og/weeks/this.png'],
    ['an impossible date', '/og/weeks/2026-02-30.png'],
    ['a week out of range', '/og/weeks/0099-01-05.png'],
  ])('is a 404 problem for %s', async (_what, path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(await res.json()).toMatchObject({ status: 404, title: 'Not found' });
  });

  it("sends a day inside a week to its Monday's image", async () => {
    const res = await get('/og/weeks/2026-11-19.png');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/og/weeks/${THIS_WEEK}.png`);
  });

  it('draws an image once while what it shows holds, and again when it changes', async () => {
    const path = '/og/listings/gizmo.png';
    const before = renders();
    const first = await get(path);
    expect(renders()).toBe(before + 1);
    const hits = served.server.shareImages.hits;
    const second = await get(path);
    expect(served.server.shareImages.hits).toBe(hits + 1);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));

    // A write elsewhere moves the data version: the card is composed again, found unchanged, not drawn.
    await given(served.ctx).listing({ fields: { name: 'Elsewhere' } });
    const third = await get(path);
    expect(third.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(renders()).toBe(before + 1);

    await served.ctx.db.updateTable('listings').set({ votes_count: 4 }).where('slug', '=', 'gizmo').execute();
    const changed = await get(path);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(renders()).toBe(before + 2);
  });

  it("draws a listing's stored logo in place of its monogram, on its card and its week's", async () => {
    const sharp = (await import('sharp')).default;
    const blue = { r: 20, g: 60, b: 230 };
    /** The share of pure-logo-blue pixels in a card. */
    const blueShare = async (path: string) => {
      const { data, info } = await sharp(Buffer.from(await (await get(path)).arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      let n = 0;
      for (let i = 0; i < data.length; i += info.channels)
        if (Math.abs(data[i]! - blue.r) + Math.abs(data[i + 1]! - blue.g) + Math.abs(data[i + 2]! - blue.b) < 12) n++;
      return n / (info.width * info.height);
    };
    const pixel = async (path: string, x: number, y: number) => {
      const { data, info } = await sharp(Buffer.from(await (await get(path)).arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const at = (y * info.width + x) * info.channels;
      return [data[at], data[at + 1], data[at + 2]];
    };
    const week = `/og/weeks/${THIS_WEEK}.png`;
    expect(await blueShare('/og/listings/gizmo.png')).toBe(0);
    expect(await blueShare(week)).toBe(0);

    const logo = await sharp({ create: { width: 80, height: 80, channels: 4, background: { ...blue, alpha: 1 } } })
      .webp({ lossless: true })
      .toBuffer();
    const hash = await saveImage(
      served.ctx.db,
      { bytes: logo, contentType: 'image/webp', width: 80, height: 80 },
      served.ctx.clock.now().toISOString(),
    );
    await served.ctx.db.updateTable('listings').set({ logo_image: hash }).where('slug', '=', 'gizmo').execute();

    // The 152 px square at the card's top left (72, 72) is the logo, where the monogram was.
    expect(await pixel('/og/listings/gizmo.png', 148, 148)).toEqual([blue.r, blue.g, blue.b]);
    expect(await blueShare('/og/listings/gizmo.png')).toBeGreaterThan((140 * 140) / (1200 * 630));
    // The week card's rows show a 50 px square each: gizmo's is the logo now.
    expect(await blueShare(week)).toBeGreaterThan((44 * 44) / (1200 * 630));
  });

  it('draws an image requested by many at once a single time', async () => {
    await setSetting(served.ctx.db, 'site_purpose', 'Products, launched weekly.', served.ctx.clock.now());
    const before = renders();
    const answers = await Promise.all(Array.from({ length: 4 }, () => get('/og/site.png')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.headers.get('etag'))).size).toBe(1);
    expect(renders()).toBe(before + 1);
  });
});

describe('the pages’ share tags', () => {
  async function head(path: string) {
    const res = await get(path);
    const doc = new JSDOM(await res.text()).window.document;
    const meta = (key: string) =>
      doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;
    return { status: res.status, meta };
  }

  it.each([
    ['/listings/acme', '/og/listings/acme.png', 'Acme <&"> Co: Ship faster with <script>alert(1)</script>'],
    [`/launches/weeks/${THIS_WEEK}`, `/og/weeks/${THIS_WEEK}.png`, 'The top launches of 16 Nov 2026 – 22 Nov 2026'],
    ['/', '/og/site.png', "The site's mark and name"],
    ['/categories/dev-tools', '/og/site.png', "The site's mark and name"],
  ])('%s names its card, its size and alt text, for a large Twitter card', async (path, image, alt) => {
    // Twice: the second answer may come from the page cache, and must say the same.
    for (let i = 0; i < 2; i++) {
      const { status, meta } = await head(path);
      expect(status).toBe(200);
      expect(meta('og:image')).toBe(`${served.server.url}${image}`);
      expect(meta('og:image:width')).toBe('1200');
      expect(meta('og:image:height')).toBe('630');
      expect(meta('og:image:alt')).toContain(alt);
      expect(meta('twitter:card')).toBe('summary_large_image');
    }
    expect((await get(image)).status).toBe(200);
  });

  it('links the iOS home-screen icon from every page', async () => {
    const page = await (await get('/')).text();
    expect(page).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
  });
});
