// Logs are one JSON object per line with the request id, and secrets never
// reach them: bearer tokens, API keys, passwords at sign-up and sign-in, the
// OAuth code, PKCE verifier and tokens, session cookies.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/auth/caller.js';
import { createLogger } from '../../src/logger.js';
import { userWithKey } from '../helpers/users.js';
import { authorizeThroughPages, Browser, signUpThroughPages } from '../oauth/browser.js';
import { authorizationRequest, discover, exchangeCode, refresh, register } from '../oauth/client.js';
import { apiUrl, oauthServer } from '../oauth/server.js';
import { postMcp, toolCallRequest } from '../mcp/clients.js';

let env: Awaited<ReturnType<typeof oauthServer>>;
const lines: string[] = [];
const person = { email: 'logs@example.com', password: 'never-in-logs-9f3a' };

beforeAll(async () => {
  env = await oauthServer();
  // The real logger (with its redaction), writing to memory at the most verbose level.
  const sink = new Writable({
    write: (chunk, _enc, done) => {
      lines.push(String(chunk));
      done();
    },
  });
  (env.ctx as { logger: unknown }).logger = createLogger('debug', sink);
});
afterAll(async () => {
  await env?.close();
});

describe('request logs', () => {
  const secrets: string[] = [person.password];

  it('carry no secret through sign-up, sign-in, the OAuth code exchange and API calls', async () => {
    const browser = new Browser(env.server.url);
    await signUpThroughPages(browser, person.email, person.password);
    const as = await discover(env.server.url);
    const client = await register(as);
    const pending = await authorizationRequest(as, client, { resource: apiUrl(env.server), scope: 'account:read' });
    const { callback } = await authorizeThroughPages(browser, pending.url, person);
    const code = callback!.searchParams.get('code')!;
    const tokens = await exchangeCode(as, client, pending, callback!);
    const rotated = await refresh(as, client, tokens.refresh_token!);
    const maker = await userWithKey(env.ctx, [...SCOPES]);
    secrets.push(code, pending.verifier, tokens.access_token, tokens.refresh_token!, rotated.access_token, maker.key);
    for (const cookie of ['lb_session', 'lb_csrf']) if (browser.cookie(cookie)) secrets.push(browser.cookie(cookie)!);

    expect(
      (await fetch(`${apiUrl(env.server)}/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status,
    ).toBe(200);
    expect((await fetch(`${apiUrl(env.server)}/me`, { headers: maker.auth })).status).toBe(200);
    expect(
      (await fetch(`${apiUrl(env.server)}/me`, { headers: { authorization: `Bearer ${maker.key}x` } })).status,
    ).toBe(401);
    await postMcp(`${env.server.url}/mcp`, toolCallRequest('get_account'), { authorization: `Bearer ${maker.key}` });

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of secrets)
      expect(log, `a secret (${secret.slice(0, 6)}…) reached the log`).not.toContain(secret);
  });

  it('are one JSON object per line with the request id, method, path, status and duration', async () => {
    // The query string (where a careless client may put a secret) is never logged.
    const res = await fetch(`${apiUrl(env.server)}/site?secret_query=abc123`);
    const id = res.headers.get('x-request-id')!;
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const entry = entries.find((e) => e.req_id === id)!;
    expect(entry).toMatchObject({ level: 30, msg: 'request', method: 'GET', path: '/api/v1/site', status: 400 }); // an unknown query parameter
    expect(typeof entry.ms).toBe('number');
    expect(JSON.stringify(entry)).not.toContain('abc123');
  });

  it('log capability links by their route, not their token', async () => {
    const token = 'Zx9_secretInviteToken_0123456789abcdef';
    await fetch(`${env.server.url}/invites/${token}`);
    await fetch(`${env.server.url}/no/such/${token}`);
    expect(lines.join('')).not.toContain(token);
  });
});

describe('the logger', () => {
  it('redacts secrets by key wherever a logged object carries them', () => {
    const out: string[] = [];
    const logger = createLogger(
      'info',
      new Writable({
        write: (chunk, _enc, done) => {
          out.push(String(chunk));
          done();
        },
      }),
    );
    logger.info(
      {
        req: { headers: { authorization: 'Bearer lb_abc', cookie: 'lb_session=s3ss', 'set-cookie': 'x=cookie-v' } },
        password: 'hunter2-pw',
        form: { new_password: 'pw-two', client_secret: 'cs-1', code_verifier: 'cv-1' },
        tokens: { access_token: 'at-1', refresh_token: 'rt-1', api_key: 'ak-1' },
        payment: { card: { number: '4242424242424242' }, cvc: '123x' },
      },
      'everything secret',
    );
    const line = out.join('');
    for (const secret of [
      'lb_abc',
      's3ss',
      'cookie-v',
      'hunter2-pw',
      'pw-two',
      'cs-1',
      'cv-1',
      'at-1',
      'rt-1',
      'ak-1',
      '4242424242424242',
      '123x',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(JSON.parse(line).password).toBe('[redacted]');
  });
});
