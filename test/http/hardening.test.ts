// Request-wide hardening: helmet's security headers without breaking the
// pages' own CSP, the API's CORS policy (any origin, never credentials), body
// limits answered as 413 problem+json, and the request id (echoed, honoured
// when safe, quoted by a 500).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../tools/define.js';
import { tools } from '../../tools/index.js';
import { servedTools } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';

const failingTool = defineTool({
  name: 'fail_for_hardening_test',
  title: 'Fail',
  description: 'Fixture tool that throws an unexpected error.',
  scope: null,
  http: { method: 'GET', path: '/test-failure' },
  input: z.strictObject({}),
  output: z.object({}),
  annotations: { readOnlyHint: true },
  handler: async () => {
    throw new Error('database exploded: secret internals');
  },
});

const served = servedTools({ tools: [...tools, failingTool] });

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${served.server.url}${path}`, { headers, redirect: 'manual' });

describe('security headers', () => {
  it('sends helmet headers on pages and keeps the page CSP', async () => {
    const res = await get('/sign-in');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
  it('keeps the docs page its own CSP (Swagger UI)', async () => {
    const res = await get('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBeTruthy();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
  it('lets other sites read the API and embed badges', async () => {
    expect((await get('/api/v1/site')).headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect((await get('/.well-known/oauth-authorization-server')).headers.get('cross-origin-resource-policy')).toBe(
      'cross-origin',
    );
  });
});

describe('CORS on the API', () => {
  it('allows any origin on public reads, never with credentials', async () => {
    const res = await get('/api/v1/site', { origin: 'https://elsewhere.example' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-expose-headers')).toContain('ETag');
  });
  it('answers a preflight for a signed-in write with Authorization allowed and no credentials', async () => {
    const res = await fetch(`${served.server.url}/api/v1/drafts`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
  it('ignores cookies: a signed-in call needs its bearer token', async () => {
    const res = await fetch(`${served.server.url}/api/v1/me`, {
      headers: { cookie: 'lb_session=anything', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
  it('sends no CORS headers on pages', async () => {
    expect(
      (await get('/sign-in', { origin: 'https://elsewhere.example' })).headers.get('access-control-allow-origin'),
    ).toBeNull();
  });
});

describe('body limits', () => {
  it('answers an API body over 1 MB with 413 problem+json', async () => {
    const maker = await userWithKey(served.ctx, ['listings:write']);
    const res = await fetch(`${served.server.url}/api/v1/drafts`, {
      method: 'POST',
      headers: { ...maker.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'x'.repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
  it('answers an oversized OAuth registration with 413 problem+json', async () => {
    const res = await fetch(`${served.server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'x'.repeat(20_000) }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('request ids', () => {
  it('gives every response an X-Request-Id', async () => {
    const a = (await get('/api/v1/site')).headers.get('x-request-id');
    const b = (await get('/')).headers.get('x-request-id');
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });
  it('honours a short, plain incoming id and replaces anything else', async () => {
    expect((await get('/api/v1/site', { 'x-request-id': 'trace-42.abc' })).headers.get('x-request-id')).toBe(
      'trace-42.abc',
    );
    for (const bad of ['has space', 'x'.repeat(65), 'a"b', '<script>']) {
      expect((await get('/api/v1/site', { 'x-request-id': bad })).headers.get('x-request-id')).toMatch(
        /^[0-9a-f-]{36}$/,
      );
    }
  });
  it('quotes the request id as the correlation id of a 500, without internals', async () => {
    const res = await get('/api/v1/test-failure', { 'x-request-id': 'support-case-7' });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text).correlation_id).toBe('support-case-7');
    expect(text).not.toContain('exploded');
  });
});
