// A request body that cannot be read (a corrupt gzip, deflate or br body, or
// an encoding we do not read) is the client's mistake on every route that
// reads a body: 400 naming the body, never a 500, credentials or not.
import { describe, expect, it } from 'vitest';
import { servedTestContext } from '../helpers/server.js';

const served = servedTestContext();
const GARBAGE = Buffer.from('\x1f\x8b\x08\x00garbage', 'latin1');

const ROUTES: [string, string][] = [
  ['/api/v1/drafts', 'application/json'],
  ['/oauth/token', 'application/x-www-form-urlencoded'],
  ['/oauth/register', 'application/json'],
  ['/oauth/revoke', 'application/x-www-form-urlencoded'],
  ['/sign-in', 'application/x-www-form-urlencoded'],
  ['/sign-up', 'application/x-www-form-urlencoded'],
  ['/password-reset', 'application/x-www-form-urlencoded'],
  ['/checkout/AAAAAAAAAAAAAAAAAAAA/pay', 'application/x-www-form-urlencoded'],
];

const send = (path: string, contentType: string, encoding: string) =>
  fetch(`${served.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'content-encoding': encoding },
    body: GARBAGE,
  });

describe('unreadable request bodies', () => {
  for (const [path, contentType] of ROUTES) {
    it(`answers 400 on POST ${path} for a corrupt gzip, deflate or br body and an unknown encoding`, async () => {
      for (const encoding of ['gzip', 'deflate', 'br', 'zstd']) {
        const res = await send(path, contentType, encoding);
        expect(res.status, `${path} ${encoding}`).toBe(400);
        const text = await res.text();
        const type = res.headers.get('content-type') ?? '';
        if (type.startsWith('application/problem+json')) {
          expect(JSON.parse(text).errors).toEqual([{ path: '(body)', message: expect.any(String) }]);
        } else if (type.startsWith('application/json')) {
          // OAuth endpoints answer in OAuth's error format (RFC 6749 §5.2, RFC 7591 §3.2.2).
          expect(JSON.parse(text)).toMatchObject({
            error: expect.stringMatching(/^invalid_/),
            error_description: expect.stringMatching(/body/),
          });
        } else {
          expect(text).toMatch(/could not be read/);
        }
      }
    });
  }

  it('still reads a body that is really gzipped', async () => {
    const { gzipSync } = await import('node:zlib');
    const res = await fetch(`${served.server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ client_name: 'Zipped', redirect_uris: ['http://127.0.0.1:9/cb'] })),
    });
    expect(res.status).toBe(201);
  });
});
