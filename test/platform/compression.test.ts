import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressNow, compressSmallest, isCompressible, preferredCoding } from '../../src/platform/compression.js';

describe('preferredCoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['BR;Q=1', 'br'],
  ])('answers %j with %s', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });
});

describe('isCompressible', () => {
  it.each([
    ['text/html; charset=utf-8', true],
    ['application/json; charset=utf-8', true],
    ['application/problem+json', true],
    ['application/rss+xml', true],
    ['application/manifest+json; charset=utf-8', true],
    ['text/javascript; charset=utf-8', true],
    ['image/svg+xml', true],
    ['text/event-stream', false],
    ['image/png', false],
    ['application/octet-stream', false],
    [undefined, false],
  ])('%s: %s', (type, expected) => {
    expect(isCompressible(type)).toBe(expected);
  });
});

describe('compressing a whole body', () => {
  const body = Buffer.from('<li>A product people launch</li>\n'.repeat(300));

  it('round-trips each coding, now and at its smallest', async () => {
    expect(brotliDecompressSync(compressNow(body, 'br'))).toEqual(body);
    expect(gunzipSync(compressNow(body, 'gzip'))).toEqual(body);
    const smallest = await compressSmallest(body, 'br');
    expect(brotliDecompressSync(smallest)).toEqual(body);
    expect(smallest.length).toBeLessThanOrEqual(compressNow(body, 'br').length);
    expect(gunzipSync(await compressSmallest(body, 'gzip'))).toEqual(body);
  });
});
