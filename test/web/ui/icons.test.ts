// The site's mark as its icons: an SVG favicon every page links, /favicon.ico
// answered rather than 404, PNGs for iOS and install prompts, and a web app
// manifest named after the site.
import { describe, expect, it } from 'vitest';
import { setSetting } from '../../../src/directory/settings.js';
import { pngSize } from '../../../src/web/share/png.js';
import { APPLE_TOUCH_ICON_PATH, FAVICON_PATH, MANIFEST_PATH, MARK_COLOUR } from '../../../src/web/ui/icons.js';
import { servedTestContext } from '../../helpers/server.js';

const served = servedTestContext();
const get = (path: string, init?: RequestInit) => fetch(`${served.server.url}${path}`, init);

describe('the site icons', () => {
  it('serves the mark as an SVG with a validator and a day of caching', async () => {
    const res = await get(FAVICON_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 64 64">/);
    expect(svg).toContain(MARK_COLOUR);
    expect(svg).not.toMatch(/<script|on\w+=|href=/i);
    const again = await get(FAVICON_PATH, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('answers /favicon.ico with the mark instead of a 404', async () => {
    const res = await get('/favicon.ico', { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(FAVICON_PATH);
    expect((await get('/favicon.ico')).headers.get('content-type')).toBe('image/svg+xml');
  });

  it("publishes a web app manifest with the site's name, whose icons all load", async () => {
    await setSetting(served.ctx.db, 'site_name', 'Makers Weekly Launches', served.ctx.clock.now());
    const res = await get(MANIFEST_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: 'Makers Weekly Launches',
      short_name: 'Makers Weekl',
      start_url: '/',
      display: 'standalone',
      theme_color: MARK_COLOUR,
    });
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      'any any',
      'any maskable',
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const file = await get(icon.src);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type')).toBe(icon.type);
      if (icon.type === 'image/png') {
        const side = Number(icon.sizes.split('x')[0]);
        expect(pngSize(Buffer.from(await file.arrayBuffer())), icon.src).toEqual({ width: side, height: side });
      }
    }
  });

  it('draws the iOS home-screen icon as a 180 px PNG, cached and validated like the others', async () => {
    const res = await get(APPLE_TOUCH_ICON_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(pngSize(Buffer.from(await res.arrayBuffer()))).toEqual({ width: 180, height: 180 });
    const again = await get(APPLE_TOUCH_ICON_PATH, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const older = await get('/apple-touch-icon-precomposed.png', { redirect: 'manual' });
    expect(older.status).toBe(301);
    expect(older.headers.get('location')).toBe(APPLE_TOUCH_ICON_PATH);
  });

  it('is linked from every page, whose policy lets the manifest load', async () => {
    for (const path of ['/', '/launches', '/sign-in', '/docs', '/docs/mcp', '/no-such-page']) {
      const res = await get(path);
      const page = await res.text();
      expect(page, path).toContain(`<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">`);
      expect(page, path).toContain(`<link rel="manifest" href="${MANIFEST_PATH}">`);
      expect(page, path).toContain(`<link rel="apple-touch-icon" href="${APPLE_TOUCH_ICON_PATH}">`);
      expect(page, path).toContain(`<meta name="theme-color" content="${MARK_COLOUR}">`);
      expect(res.headers.get('content-security-policy'), path).toContain("manifest-src 'self'");
    }
  });
});
