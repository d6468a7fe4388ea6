// The SSRF-safe fetcher: inward addresses refused in production mode, limits
// enforced, fixture servers reachable only with the test-only flag.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher, FetchError } from '../../src/platform/fetcher.js';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/big') return res.end('x'.repeat(5000));
    if (req.url === '/redirect-inward') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    if (req.url === '/loop') {
      res.writeHead(302, { location: '/loop' });
      return res.end();
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<p>ua=${req.headers['user-agent']}</p>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const production = createFetcher({
  publicUrl: 'https://launchboard.example',
  version: '1.2.3',
  allowPrivateFetch: false,
});
const testing = createFetcher({ publicUrl: 'https://launchboard.example', version: '1.2.3', allowPrivateFetch: true });

const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'fetched',
    (e) => (e instanceof FetchError ? e.reason : `other: ${e}`),
  );

describe('fetcher', () => {
  it.each([
    'http://127.0.0.1:9/',
    'http://localhost:9/',
    'http://[::1]:9/',
    'http://10.1.2.3/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0.0.0.0/',
  ])('refuses %s in production mode', async (url) => {
    expect(await reason(production.get(url, { timeoutMs: 2000 }))).toBe('blocked');
  });

  it('refuses a redirect from an allowed host to the metadata address', async () => {
    // Only the fixture's address is let through; the hop to 169.254.169.254 is checked again at connect time.
    const strict = createFetcher(
      { publicUrl: 'https://launchboard.example', version: '1', allowPrivateFetch: false },
      { allowAddresses: ['127.0.0.1'] },
    );
    expect(await reason(strict.get(`${base}/`))).toBe('fetched');
    expect(await reason(strict.get(`${base}/redirect-inward`))).toBe('blocked');
  });

  it('refuses non-http schemes and credentials', async () => {
    expect(await reason(testing.get('file:///etc/passwd'))).toBe('invalid_url');
    expect(await reason(testing.get(`http://user:pw@127.0.0.1/`))).toBe('invalid_url');
    expect(await reason(testing.get('not a url'))).toBe('invalid_url');
  });

  it('fetches a fixture with the bot user agent when loopback is allowed', async () => {
    const result = await testing.get(`${base}/`);
    expect(result.status).toBe(200);
    expect(result.contentType).toContain('text/html');
    expect(result.body.toString()).toBe('<p>ua=LaunchboardBot/1.2.3 (+https://launchboard.example/bot)</p>');
  });

  it('enforces size and redirect limits', async () => {
    expect(await reason(testing.get(`${base}/big`, { maxBytes: 1000 }))).toBe('too_large');
    expect(await reason(testing.get(`${base}/loop`))).toBe('too_many_redirects');
  });
});
