// Secrets the server keeps to itself and signs links with (the unsubscribe
// links of mail): random, made on first use, stored in site_secrets so every
// instance and every restart signs alike. A signature is an HMAC-SHA256 over
// a purpose-tagged message, so a signature made for one purpose never passes
// for another.
import { createHmac } from 'node:crypto';
import type { Context } from '../context.js';
import { randomSecret, safeEqual } from './secrets.js';

/** The named secret, made (once, whoever comes first) when it is first asked for. */
export async function siteSecret(ctx: Context, name: string): Promise<string> {
  const read = () => ctx.db.selectFrom('site_secrets').select('secret').where('name', '=', name).executeTakeFirst();
  const existing = await read();
  if (existing) return existing.secret;
  await ctx.db
    .insertInto('site_secrets')
    .values({ name, secret: randomSecret(), created_at: ctx.clock.now().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const made = await read();
  if (!made) throw new Error(`site secret ${name} could not be stored`);
  return made.secret;
}

/** The signature of `parts` for `purpose` with `secret` (base64url). */
export function sign(secret: string, purpose: string, parts: readonly (string | number)[]): string {
  return createHmac('sha256', secret)
    .update([purpose, ...parts].join('\n'))
    .digest('base64url');
}

/** True when `signature` is that of `parts` for `purpose` (constant-time). */
export function signatureValid(
  secret: string,
  purpose: string,
  parts: readonly (string | number)[],
  signature: string,
): boolean {
  return safeEqual(sign(secret, purpose, parts), signature);
}
