// Who is calling: nobody (public tools) or a user acting through an API key or
// an OAuth access token, with the scopes that credential carries.
import { AppError } from '../errors.js';

export const SCOPES = ['account:read', 'listings:write', 'orders:write'] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * What a maker's journey needs (drafts, listings, claims, launches), asked
 * for together at the first sign-in so no client widens its grant mid-task:
 * paying (orders:write) is asked for only when a call needs it.
 */
export const MAKER_SCOPES: readonly Scope[] = ['account:read', 'listings:write'];

/**
 * The scopes a challenge asks for: with no credential, the tool's and the
 * maker's journey; with one, the tool's added to what it already carries,
 * so signing in again never narrows the grant.
 */
export function scopesToAsk(needed: Scope, held: readonly Scope[] | null): Scope[] {
  const wanted = new Set<Scope>([...(held ?? MAKER_SCOPES), needed]);
  return SCOPES.filter((s) => wanted.has(s));
}

export type Caller =
  | { kind: 'anonymous'; ip: string }
  | {
      kind: 'user';
      userId: number;
      scopes: Scope[];
      via: 'api_key' | 'oauth' | 'web_session';
      credentialId: string;
      /** Where a person on the website is (votes note their network); unset for programs. */
      ip?: string;
    };

export const anonymous = (ip = 'local'): Caller => ({ kind: 'anonymous', ip });

/**
 * A person acting on the website: every scope, since the session is the
 * person themself (an API key or a token is access they handed to a program).
 */
export const webCaller = (userId: number, ip?: string): Caller => ({
  kind: 'user',
  userId,
  scopes: [...SCOPES],
  via: 'web_session',
  credentialId: `web#${userId}`,
  ...(ip ? { ip } : {}),
});

/** The key rate limits and idempotency records are scoped by. */
export function callerKey(caller: Caller): string {
  return caller.kind === 'anonymous' ? `ip:${caller.ip}` : `${caller.via}:${caller.credentialId}`;
}

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** The signed-in user's id; invokeTool has already refused anonymous callers of signed-in tools. */
export function signedInUserId(caller: Caller): number {
  if (caller.kind !== 'user') throw new Error('a signed-in tool was reached without a signed-in caller');
  return caller.userId;
}

/** The person signed in on the website, and where they are; anyone else (a key, a token, nobody) is refused. */
export function webPerson(caller: Caller): { userId: number; ip: string | undefined } {
  if (caller.kind !== 'user' || caller.via !== 'web_session')
    throw new AppError('unauthenticated', 'Sign in on the website to do this: it has no API.');
  return { userId: caller.userId, ip: caller.ip };
}

export const webUserId = (caller: Caller): number => webPerson(caller).userId;
