// Random secrets handed to people and programs (session ids, codes, refresh
// tokens, email links) and the hashes stored in their place.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** `prefix` + 32 random bytes, base64url. */
export function randomSecret(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time string comparison (different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
