// Resource indicators and their loopback aliases: a server on this machine is
// named by whichever loopback name a request used, and nothing else is taken
// from the Host header.
import { describe, expect, it } from 'vitest';
import { publicUrlAsAsked, resourceUrlAsAsked, resourceUrls } from '../../src/auth/resources.js';

const local = { publicUrl: 'http://localhost:3000' };
const hosted = { publicUrl: 'https://launchboard.example' };

describe('publicUrlAsAsked', () => {
  it('answers a loopback alias of a loopback public URL with that alias', () => {
    expect(publicUrlAsAsked(local, '127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(publicUrlAsAsked(local, '[::1]:3000')).toBe('http://[::1]:3000');
    expect(publicUrlAsAsked(local, 'LOCALHOST:3000')).toBe('http://localhost:3000');
    expect(resourceUrlAsAsked(local, 'mcp', '127.0.0.1:3000')).toBe('http://127.0.0.1:3000/mcp');
  });

  it('keeps the configured URL for another port, another host, no host, or a public URL that is not loopback', () => {
    expect(publicUrlAsAsked(local, '127.0.0.1:3001')).toBe(local.publicUrl);
    expect(publicUrlAsAsked(local, 'evil.example:3000')).toBe(local.publicUrl);
    expect(publicUrlAsAsked(local, undefined)).toBe(local.publicUrl);
    expect(publicUrlAsAsked(hosted, '127.0.0.1')).toBe(hosted.publicUrl);
    expect(resourceUrlAsAsked(hosted, 'api', 'localhost')).toBe('https://launchboard.example/api/v1');
  });
});

describe('resourceUrls', () => {
  it('lists both resources under the public URL and, on this machine, under its loopback aliases', () => {
    expect(resourceUrls(hosted)).toEqual(['https://launchboard.example/mcp', 'https://launchboard.example/api/v1']);
    expect(resourceUrls(local)).toEqual([
      'http://localhost:3000/mcp',
      'http://localhost:3000/api/v1',
      'http://127.0.0.1:3000/mcp',
      'http://127.0.0.1:3000/api/v1',
      'http://[::1]:3000/mcp',
      'http://[::1]:3000/api/v1',
    ]);
  });
});
