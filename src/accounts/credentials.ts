// What the sign-up, sign-in, email-verification and password-reset pages do,
// apart from HTTP: create the account and mail its verification link, check a
// password, and use up mailed links. Sign-in failures say nothing about which
// half was wrong, and a reset request never reveals whether an address has an
// account.
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { revokeUserGrants } from '../oauth/store.js';
import { sendMail } from '../platform/mail.js';
import { createUser, hashPassword, normalizeEmail, verifyPassword } from './users.js';
import { consumeEmailToken, createEmailToken } from './email-tokens.js';
import { endAllSessions } from '../auth/sessions.js';

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 200;

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD || password.length > MAX_PASSWORD) {
    throw new AppError('invalid', `The password must have ${MIN_PASSWORD} to ${MAX_PASSWORD} characters.`, {
      errors: [{ path: 'password', message: `${MIN_PASSWORD} to ${MAX_PASSWORD} characters` }],
    });
  }
}

export async function signUp(ctx: Context, args: { email: string; password: string; name?: string }): Promise<number> {
  checkPassword(args.password);
  const name = args.name?.trim().slice(0, 120) || undefined;
  const userId = await createUser(ctx.db, { email: args.email, password: args.password, name, now: ctx.clock.now() });
  await sendVerificationMail(ctx, userId);
  return userId;
}

export async function sendVerificationMail(ctx: Context, userId: number): Promise<void> {
  const user = await ctx.db.selectFrom('users').select(['email', 'email_verified_at']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (user.email_verified_at) return;
  const token = await createEmailToken(ctx, userId, 'verify');
  const link = `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await sendMail(ctx, {
    to: user.email,
    subject: 'Confirm your email address for Launchboard',
    text: `Welcome to Launchboard.\n\nConfirm your email address by opening this link within 48 hours:\n\n${link}\n\nIf you did not sign up, ignore this message.\n`,
  });
}

/** The user a correct email and password belong to, or null (the same answer for either half wrong). */
export async function checkCredentials(ctx: Context, email: string, password: string): Promise<number | null> {
  let normalized: string;
  try {
    normalized = normalizeEmail(email);
  } catch {
    return null;
  }
  const user = await ctx.db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', normalized).executeTakeFirst();
  // Hash anyway when the account is unknown, so timing does not tell which half was wrong.
  const stored = user?.password_hash ?? 'scrypt$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(86);
  const ok = password.length <= MAX_PASSWORD && (await verifyPassword(password, stored));
  return ok && user?.password_hash ? user.id : null;
}

export async function verifyEmail(ctx: Context, token: string): Promise<boolean> {
  const userId = await consumeEmailToken(ctx, token, 'verify');
  if (userId === null) return false;
  await ctx.db.updateTable('users').set({ email_verified_at: ctx.clock.now().toISOString() }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
  return true;
}

/** Mails a reset link when the address has an account; silent otherwise. */
export async function requestPasswordReset(ctx: Context, email: string): Promise<void> {
  let normalized: string;
  try {
    normalized = normalizeEmail(email);
  } catch {
    return;
  }
  const user = await ctx.db.selectFrom('users').select(['id', 'email']).where('email', '=', normalized).executeTakeFirst();
  if (!user) return;
  const token = await createEmailToken(ctx, user.id, 'reset');
  const link = `${ctx.config.publicUrl}/password-reset/confirm?token=${encodeURIComponent(token)}`;
  await sendMail(ctx, {
    to: user.email,
    subject: 'Reset your Launchboard password',
    text: `Someone asked to reset the password of your Launchboard account.\n\nChoose a new password within one hour here:\n\n${link}\n\nIf it was not you, ignore this message; your password stays the same.\n`,
  });
}

/**
 * Sets a new password from a reset link. The link also proves the address,
 * so it counts as verified. Every session and OAuth grant of the account
 * ends: whoever knew the old password is signed out.
 */
export async function resetPassword(ctx: Context, token: string, password: string): Promise<number | null> {
  checkPassword(password);
  const userId = await consumeEmailToken(ctx, token, 'reset');
  if (userId === null) return null;
  const now = ctx.clock.now().toISOString();
  await ctx.db.updateTable('users').set({ password_hash: await hashPassword(password) }).where('id', '=', userId).execute();
  await ctx.db.updateTable('users').set({ email_verified_at: now }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
  await endAllSessions(ctx, userId);
  await revokeUserGrants(ctx.db, userId, now);
  return userId;
}
