// GET /media/<hash>.webp: a stored image from our origin, cached for good,
// typed as we encoded it, never sniffed, embeddable by other sites; anything
// else under /media is a 404.
import { describe, expect, it } from 'vitest';
import { saveImage } from '../../src/media/images.js';
import { processImage } from '../../src/media/process.js';
import { servedTestContext } from '../helpers/server.js';
import { picture } from '../fixtures/images/serve.js';

const served = servedTestContext();

describe('serving stored images', () => {
  it('answers a stored image with its type, a year of caching and no sniffing', async () => {
    const image = await processImage(await picture('png', 64, 64), 'image/png', 'logo');
    const hash = await saveImage(served.ctx.db, image, served.ctx.clock.now().toISOString());
    const res = await fetch(`${served.server.url}/media/${hash}.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(image.bytes);

    const head = await fetch(`${served.server.url}/media/${hash}.webp`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(image.bytes.length));
  });

  it('stores the same bytes once', async () => {
    const image = await processImage(await picture('png', 32, 32), 'image/png', 'logo');
    const now = served.ctx.clock.now().toISOString();
    const first = await saveImage(served.ctx.db, image, now);
    expect(await saveImage(served.ctx.db, image, now)).toBe(first);
  });

  it.each([
    `/media/${'0'.repeat(64)}.webp`,
    `/media/${'0'.repeat(63)}.webp`,
    '/media/../../etc/passwd',
    '/media/logo.png',
  ])('is a 404 for %s', async (path) => {
    const res = await fetch(`${served.server.url}${path}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
  });

  it('is a 404 for a stored image under another extension: one image, one URL', async () => {
    const image = await processImage(await picture('gif', 20, 20), 'image/gif', 'logo');
    const hash = await saveImage(served.ctx.db, image, served.ctx.clock.now().toISOString());
    expect((await fetch(`${served.server.url}/media/${hash}.png`)).status).toBe(404);
  });
});
