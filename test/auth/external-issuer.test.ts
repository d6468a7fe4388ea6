// OAUTH_ISSUER: with an external identity provider configured, the embedded
// authorization server is off, the protected resource metadata names the
// provider, and the provider's JWTs (keys from its metadata's jwks_uri) are
// accepted for the resource they are issued for. People are matched by
// (issuer, sub), linked by their verified email on first sight.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/accounts/users.js';
import { oauthServer } from '../oauth/server.js';
import { postMcp, toolCallRequest } from '../mcp/clients.js';

let idp: Server;
let issuer: string;
let signingKey: CryptoKey;
let env: Awaited<ReturnType<typeof oauthServer>>;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'idp-1', alg: 'RS256', use: 'sig' };
  idp = createServer((req, res) => {
    if (req.url === '/.well-known/oauth-authorization-server')
      return res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
    if (req.url === '/jwks')
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => idp.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  env = await oauthServer({ oauthIssuer: issuer });
});
afterAll(async () => {
  await env?.close();
  await new Promise((r) => idp?.close(r));
});

async function externalToken(
  claims: Record<string, unknown>,
  opts: { audience?: string; issuer?: string; key?: CryptoKey; ttl?: number } = {},
) {
  const now = Math.floor(env.ctx.clock.now().getTime() / 1000);
  return new SignJWT({ scope: 'account:read', client_id: 'idp-client', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'idp-1' })
    .setIssuer(opts.issuer ?? issuer)
    .setAudience(opts.audience ?? `${env.server.url}/mcp`)
    .setIssuedAt(now)
    .setExpirationTime(now + (opts.ttl ?? 600))
    .sign(opts.key ?? signingKey);
}

const getAccount = (token: string) =>
  postMcp(`${env.server.url}/mcp`, toolCallRequest('get_account'), { authorization: `Bearer ${token}` });

describe('an external issuer', () => {
  it('is named by the protected resource metadata, and the embedded server is off', async () => {
    const prm = await (await fetch(`${env.server.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(prm.authorization_servers).toEqual([issuer]);
    expect((await fetch(`${env.server.url}/.well-known/oauth-authorization-server`)).status).toBe(404);
    expect((await fetch(`${env.server.url}/oauth/token`, { method: 'POST' })).status).toBe(404);
  });

  it("accepts the provider's token and links the person by verified email, then by subject", async () => {
    const existing = await createUser(env.ctx.db, { email: 'linked@example.com', now: env.ctx.clock.now() });
    const res = await getAccount(
      await externalToken({ sub: 'idp|42', email: 'Linked@example.com', email_verified: true }),
    );
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain('linked@example.com');
    expect(body).toContain('"kind":"oauth"');
    const again = await getAccount(await externalToken({ sub: 'idp|42' }));
    expect(await again.text()).toContain(`"id":${existing}`);
  });

  it('creates an account for a new person with a verified email', async () => {
    expect((await getAccount(await externalToken({ sub: 'idp|new', email: 'new@example.com' }))).status).toBe(200);
    const user = await env.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'new@example.com')
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toBeNull();
    expect(user.email_verified_at).not.toBeNull();
  });

  it.each([
    ['for another audience', { sub: 'idp|42' }, { audience: 'https://elsewhere.example/mcp' }],
    ['from another issuer', { sub: 'idp|42' }, { issuer: 'https://other-idp.example' }],
    ['expired', { sub: 'idp|42' }, { ttl: -10 }],
    ['of an unknown person without an email', { sub: 'idp|anonymous' }, {}],
    ['with an unverified email', { sub: 'idp|unverified', email: 'u@example.com', email_verified: false }, {}],
  ])('refuses a token %s', async (_name, claims, opts) => {
    expect((await getAccount(await externalToken(claims, opts))).status).toBe(401);
  });

  it('refuses a token signed by another key', async () => {
    const other = await generateKeyPair('RS256');
    expect((await getAccount(await externalToken({ sub: 'idp|42' }, { key: other.privateKey }))).status).toBe(401);
  });

  it('still accepts API keys', async () => {
    const { userWithKey } = await import('../helpers/users.js');
    const maker = await userWithKey(env.ctx, ['account:read']);
    expect((await getAccount(maker.key)).status).toBe(200);
  });
});
