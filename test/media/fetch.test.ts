// Fetching an image someone linked to: only through the SSRF-safe fetcher,
// only what robots.txt allows (each redirect hop asked first), within the
// byte limit, and every failure a sentence marked transient or not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Context } from '../../src/context.js';
import { fetchImage, ImageFetchError } from '../../src/media/fetch.js';
import { createFetcher } from '../../src/platform/fetcher.js';
import { type ImageHost, picture, serveImages } from '../fixtures/images/serve.js';

const config = { publicUrl: 'https://launchboard.example', version: '1.2.3' };
const testing = { fetcher: createFetcher({ ...config, allowPrivateFetch: true }) } as unknown as Context;
const production = { fetcher: createFetcher({ ...config, allowPrivateFetch: false }) } as unknown as Context;

let host: ImageHost;
let png: Buffer;
beforeAll(async () => {
  png = await picture('png', 120, 80);
  host = await serveImages({
    '/logo.png': { type: 'image/png', body: png },
    '/moved.png': { status: 302, headers: { location: '/logo.png' } },
    '/page': { type: 'text/html', body: '<!doctype html><p>not an image</p>' },
    '/broken.png': { status: 503, type: 'text/plain', body: 'down' },
    '/gone.png': { status: 404, type: 'text/plain', body: 'gone' },
    '/huge.png': { type: 'image/png', body: Buffer.alloc(5 * 1024 * 1024 + 1) },
  });
});
afterAll(() => host?.close());

const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'fetched',
    (e) => (e instanceof ImageFetchError ? { message: e.message, transient: e.transient } : `other: ${e}`),
  );

describe('fetching an image', () => {
  it('fetches and re-encodes it, following a redirect, after reading robots.txt once', async () => {
    const before = host.requests.length;
    const image = await fetchImage(testing, `${host.origin}/moved.png`, 'screenshot');
    expect(image).toMatchObject({ contentType: 'image/webp', width: 120, height: 80 });
    expect(host.requests.slice(before)).toEqual(['/robots.txt', '/moved.png', '/logo.png']);
  });

  it('never reaches a private address in production mode', async () => {
    expect(await failure(fetchImage(production, `${host.origin}/logo.png`, 'logo'))).toEqual({
      message: expect.stringMatching(/private or reserved address/),
      transient: false,
    });
    expect(await failure(fetchImage(production, 'http://169.254.169.254/latest/meta-data/', 'logo'))).toMatchObject({
      transient: false,
    });
  });

  it('obeys robots.txt for LaunchboardBot, on the link and on every redirect hop', async () => {
    const strict = await serveImages({
      '/robots.txt': { type: 'text/plain', body: 'User-agent: LaunchboardBot\nDisallow: /private/\n' },
      '/private/logo.png': { type: 'image/png', body: png },
      '/public/logo.png': { status: 302, headers: { location: '/private/logo.png' } },
    });
    try {
      expect(await failure(fetchImage(testing, `${strict.origin}/private/logo.png`, 'logo'))).toEqual({
        message: expect.stringMatching(/robots\.txt of 127\.0\.0\.1:\d+ does not let LaunchboardBot fetch/),
        transient: false,
      });
      expect(await failure(fetchImage(testing, `${strict.origin}/public/logo.png`, 'logo'))).toEqual({
        message: expect.stringMatching(/redirects to a place robots\.txt does not let LaunchboardBot fetch/),
        transient: false,
      });
      expect(strict.requests).not.toContain('/private/logo.png');
    } finally {
      await strict.close();
    }
  });

  it('waits when robots.txt cannot be read (5xx): nothing is fetched, a later try may work', async () => {
    const down = await serveImages({
      '/robots.txt': { status: 503, type: 'text/plain', body: 'busy' },
      '/logo.png': { type: 'image/png', body: png },
    });
    try {
      expect(await failure(fetchImage(testing, `${down.origin}/logo.png`, 'logo'))).toMatchObject({ transient: true });
      expect(down.requests).toEqual(['/robots.txt']);
    } finally {
      await down.close();
    }
  });

  it.each([
    ['/page', /gives a web page, not an image/, false],
    ['/broken.png', /answered HTTP 503/, true],
    ['/gone.png', /answered HTTP 404/, false],
    ['/huge.png', /larger than 5 MB/, false],
  ])('refuses %s with a sentence', async (path, message, transient) => {
    expect(await failure(fetchImage(testing, `${host.origin}${path}`, 'screenshot'))).toEqual({
      message: expect.stringMatching(message),
      transient,
    });
  });

  it('refuses a link that is not http(s)', async () => {
    expect(await failure(fetchImage(testing, 'file:///etc/passwd', 'logo'))).toMatchObject({ transient: false });
    expect(await failure(fetchImage(testing, 'data:image/png;base64,AAAA', 'logo'))).toMatchObject({
      transient: false,
    });
  });
});
