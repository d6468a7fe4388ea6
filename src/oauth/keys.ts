// ES256 signing keys for access tokens. The first key is generated on first
// use and stored in signing_keys, so every instance (and every restart) signs
// and verifies with the same keys. Public halves are published at
// /oauth/jwks.json. A key store instance caches what it has read.
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import type { Context } from '../context.js';

export const SIGNING_ALG = 'ES256';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

export interface KeyStore {
  /** The key new tokens are signed with; generated and stored on first use. */
  current(): Promise<SigningKey>;
  /**
   * Public keys of every key still in service. `refresh` re-reads the table:
   * a token names a kid we have not seen (another instance made the key).
   */
  jwks(opts?: { refresh?: boolean }): Promise<JSONWebKeySet>;
}

export function createKeyStore(ctx: Pick<Context, 'db' | 'clock'>): KeyStore {
  let current: Promise<SigningKey> | null = null;
  let published: JSONWebKeySet | null = null;

  async function loadPublic(): Promise<JSONWebKeySet> {
    const rows = await ctx.db
      .selectFrom('signing_keys')
      .select(['kid', 'public_jwk'])
      .where('retired_at', 'is', null)
      .orderBy('created_at')
      .execute();
    return {
      keys: rows.map((r) => ({ ...(JSON.parse(r.public_jwk) as JWK), kid: r.kid, alg: SIGNING_ALG, use: 'sig' })),
    };
  }

  async function loadOrCreate(): Promise<SigningKey> {
    const newest = await ctx.db
      .selectFrom('signing_keys')
      .select(['kid', 'private_jwk'])
      .where('retired_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('kid', 'desc')
      .executeTakeFirst();
    if (newest)
      return {
        kid: newest.kid,
        privateKey: (await importJWK(JSON.parse(newest.private_jwk) as JWK, SIGNING_ALG)) as CryptoKey,
      };
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    // Two instances starting at once may both insert a key; both stay valid (the JWKS lists every key).
    await ctx.db
      .insertInto('signing_keys')
      .values({
        kid,
        alg: SIGNING_ALG,
        private_jwk: JSON.stringify(await exportJWK(privateKey)),
        public_jwk: JSON.stringify(publicJwk),
        created_at: ctx.clock.now().toISOString(),
        retired_at: null,
      })
      .onConflict((oc) => oc.column('kid').doNothing())
      .execute();
    published = null;
    return { kid, privateKey };
  }

  return {
    current() {
      current ??= loadOrCreate().catch((err) => {
        current = null;
        throw err;
      });
      return current;
    },
    async jwks(opts = {}) {
      if (!published || opts.refresh) published = await loadPublic();
      return published;
    },
  };
}
