// Web sessions for people signed in on the pages. The cookie holds a random
// id; the table holds only its SHA-256, with a per-session CSRF secret and an
// expiry (30 days). Signing in always starts a new session.
import type { Context } from '../context.js';
import { randomSecret, sha256Hex } from './secrets.js';

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export interface WebSession {
  userId: number;
  email: string;
  name: string | null;
  emailVerified: boolean;
  /** One of the site's admins: the header links the admin area (the admin pages check again). */
  isAdmin: boolean;
  /** The token every form of this session must send back. */
  csrfToken: string;
}

export async function createSession(ctx: Context, userId: number): Promise<{ cookieValue: string; expiresAt: Date }> {
  const cookieValue = randomSecret();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await ctx.db
    .insertInto('web_sessions')
    .values({
      id_hash: sha256Hex(cookieValue),
      user_id: userId,
      csrf_secret: randomSecret(),
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    })
    .execute();
  return { cookieValue, expiresAt };
}

export async function sessionFromCookie(ctx: Context, cookieValue: string | undefined): Promise<WebSession | null> {
  if (!cookieValue || cookieValue.length > 200) return null;
  const row = await ctx.db
    .selectFrom('web_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 's.csrf_secret', 's.expires_at', 'u.email', 'u.name', 'u.email_verified_at', 'u.role'])
    .where('s.id_hash', '=', sha256Hex(cookieValue))
    // A disabled account has no session, whatever cookie it still holds.
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.expires_at <= ctx.clock.now().toISOString()) return null;
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    emailVerified: row.email_verified_at !== null,
    isAdmin: row.role === 'admin',
    csrfToken: row.csrf_secret,
  };
}

export async function endSession(ctx: Context, cookieValue: string | undefined): Promise<void> {
  if (!cookieValue) return;
  await ctx.db.deleteFrom('web_sessions').where('id_hash', '=', sha256Hex(cookieValue)).execute();
}

/** Signs a person out everywhere (after a password reset). */
export async function endAllSessions(ctx: Context, userId: number): Promise<void> {
  await ctx.db.deleteFrom('web_sessions').where('user_id', '=', userId).execute();
}
