// The share image cache: kept by path while the data version and day hold,
// a same SVG never drawn twice, bounded in entries and bytes (least recently
// used out first), never replacing a newer version with an older one, and
// refusing work past its queue instead of piling it up.
import { describe, expect, it } from 'vitest';
import { ShareImageCache } from '../../../src/web/share/cache.js';
import { pngSize } from '../../../src/web/share/png.js';

/** A small opaque SVG: quick to draw. */
const svg = (fill: string, size = 16) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${fill}"/></svg>`;

describe('ShareImageCache', () => {
  it('keeps an image for its version and day, and draws a changed SVG again', async () => {
    const cache = new ShareImageCache();
    const first = await cache.image('/a', 1, '2026-11-22', svg('#f00'));
    expect(pngSize(first.png)).toEqual({ width: 16, height: 16 });
    expect(cache.get('/a', 1, '2026-11-22')).toMatchObject(first);
    expect(cache.get('/a', 2, '2026-11-22')).toBeUndefined();
    expect(cache.get('/a', 1, '2026-11-23')).toBeUndefined();
    // The same SVG at a new version: kept under it, not drawn again.
    expect((await cache.image('/a', 2, '2026-11-22', svg('#f00'))).etag).toBe(first.etag);
    expect(cache.renders).toBe(1);
    expect(cache.get('/a', 2, '2026-11-22')).toBeDefined();
    const changed = await cache.image('/a', 3, '2026-11-22', svg('#00f'));
    expect(changed.etag).not.toBe(first.etag);
    expect(cache.renders).toBe(2);
  });

  it('does not let an older version replace a newer one', async () => {
    const cache = new ShareImageCache();
    await cache.image('/a', 5, 'd', svg('#0f0'));
    await cache.image('/a', 4, 'd', svg('#00f'));
    expect(cache.get('/a', 5, 'd')).toBeDefined();
    expect(cache.get('/a', 4, 'd')).toBeUndefined();
  });

  it('is bounded in entries, least recently used out first', async () => {
    const cache = new ShareImageCache({ maxEntries: 2 });
    await cache.image('/a', 1, 'd', svg('#f00'));
    await cache.image('/b', 1, 'd', svg('#0f0'));
    cache.get('/a', 1, 'd');
    await cache.image('/c', 1, 'd', svg('#00f'));
    expect(cache.size).toBe(2);
    expect(cache.get('/b', 1, 'd')).toBeUndefined();
    expect(cache.get('/a', 1, 'd')).toBeDefined();
  });

  it('is bounded in bytes', async () => {
    const one = (await new ShareImageCache().image('/x', 1, 'd', svg('#f00'))).png.length;
    const cache = new ShareImageCache({ maxBytes: one * 2 + 1 });
    for (const [i, colour] of ['#f00', '#0f0', '#00f'].entries()) await cache.image(`/${i}`, 1, 'd', svg(colour));
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(one * 2 + 1);
  });

  it('answers 503 instead of queueing renders without end', async () => {
    const cache = new ShareImageCache({ concurrency: 1, maxWaiting: 1 });
    const drawing = [cache.renderer.card(svg('#f00', 400)), cache.renderer.card(svg('#0f0', 400))];
    await expect(cache.renderer.card(svg('#00f', 400))).rejects.toMatchObject({
      kind: 'unavailable',
      status: 503,
      headers: { 'Retry-After': '5' },
    });
    await Promise.all(drawing);
    expect(cache.renderer.stats.renders).toBe(2);
  });
});
