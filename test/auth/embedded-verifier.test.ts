// The embedded TokenVerifier: our ES256 at+jwt, checked for issuer, audience
// (the resource called), expiry by the injected clock, and a live grant.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier } from '../../src/auth/token-verifier.js';
import { issueAccessToken } from '../../src/oauth/access-token.js';
import { createKeyStore } from '../../src/oauth/keys.js';
import { revokeFamily, saveRefreshToken } from '../../src/oauth/store.js';
import { createUser } from '../../src/accounts/users.js';
import { testContext, type TestContext } from '../helpers/context.js';

let ctx: TestContext;
let userId: number;
const mcp = 'http://localhost:3000/mcp';

beforeAll(async () => {
  ctx = await testContext();
  userId = await createUser(ctx.db, { email: 'verifier@example.com', now: ctx.clock.now() });
});
afterAll(async () => {
  await ctx?.close();
});

async function grant(scopes = ['account:read']) {
  const familyId = randomUUID();
  const now = ctx.clock.now();
  await saveRefreshToken(
    ctx.db,
    randomUUID(),
    { familyId, clientId: 'c1', userId, scopes, resource: mcp },
    now,
    new Date(now.getTime() + 86_400_000),
  );
  return familyId;
}

describe('the embedded token verifier', () => {
  const keys = () => createKeyStore(ctx);
  /** An access token of client c1 for the MCP endpoint, in the grant `familyId`. */
  const accessToken = async (familyId: string, scopes = ['account:read']) =>
    (await issueAccessToken(ctx, keys(), { userId, clientId: 'c1', scopes, resource: mcp, familyId })).token;

  it('turns a valid token into an OAuth caller with its scopes', async () => {
    const familyId = await grant();
    const token = await accessToken(familyId, ['account:read', 'bogus']);
    const caller = await createTokenVerifier(ctx).verify(token, mcp);
    expect(caller).toEqual({
      kind: 'user',
      userId,
      scopes: ['account:read'],
      via: 'oauth',
      credentialId: `c1#${userId}`,
    });
  });

  it('verifies with keys created by another key store (another instance)', async () => {
    const familyId = await grant();
    const verifier = createTokenVerifier(ctx, { keys: keys() });
    const token = await accessToken(familyId);
    expect(await verifier.verify(token, mcp)).not.toBeNull();
  });

  it('refuses another audience, an expired token and a revoked grant', async () => {
    const familyId = await grant();
    const token = await accessToken(familyId);
    const verifier = createTokenVerifier(ctx);
    expect(await verifier.verify(token, 'http://localhost:3000/api/v1')).toBeNull();
    ctx.clock.advance(3600_000);
    expect(await verifier.verify(token, mcp)).toBeNull();
    ctx.clock.advance(-3600_000);
    expect(await verifier.verify(token, mcp)).not.toBeNull();
    await revokeFamily(ctx.db, familyId, ctx.clock.now().toISOString());
    expect(await verifier.verify(token, mcp)).toBeNull();
  });

  it('refuses a token of our key without the at+jwt type, or with another issuer', async () => {
    const familyId = await grant();
    const { kid, privateKey } = await keys().current();
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    const base = () =>
      new SignJWT({ scope: 'account:read', client_id: 'c1', sid: familyId })
        .setSubject(String(userId))
        .setAudience(mcp)
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .setJti(randomUUID());
    const verifier = createTokenVerifier(ctx);
    const untyped = await base()
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuer(ctx.config.publicUrl)
      .sign(privateKey);
    expect(await verifier.verify(untyped, mcp)).toBeNull();
    const foreign = await base()
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' })
      .setIssuer('https://evil.example')
      .sign(privateKey);
    expect(await verifier.verify(foreign, mcp)).toBeNull();
    const good = await base()
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' })
      .setIssuer(ctx.config.publicUrl)
      .sign(privateKey);
    expect(await verifier.verify(good, mcp)).not.toBeNull();
  });

  it('refuses garbage', async () => {
    const verifier = createTokenVerifier(ctx);
    for (const token of ['not-a-jwt', 'a.b.c', '']) expect(await verifier.verify(token, mcp)).toBeNull();
  });

  it('stores one signing key and publishes only its public half', async () => {
    await keys().current();
    const rows = await ctx.db.selectFrom('signing_keys').selectAll().execute();
    expect(rows).toHaveLength(1);
    const jwks = await keys().jwks();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: rows[0].kid });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});
