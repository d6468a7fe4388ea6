// What the sign-up, sign-in, email-verification and password-reset pages do,
// apart from HTTP: create the account and mail its verification link, check a
// password, and use up mailed links. Sign-in failures say nothing about which
// half was wrong, and neither sign-up nor a reset request reveals whether an
// address has an account: the owner of a taken address is mailed instead.
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { revokeUserGrants } from '../oauth/store.js';
import { inTransaction } from '../platform/db.js';
import { sendMail } from '../platform/mail.js';
import { revokeAllApiKeys } from './api-key-list.js';
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

/**
 * Creates the account and mails its confirmation link; the new user's id.
 * For an address that already has an account it changes nothing, mails its
 * owner that someone tried (at most once a minute), and answers null after
 * the same work (a password hash), so the answer does not tell.
 */
export async function signUp(
  ctx: Context,
  args: { email: string; password: string; name?: string },
): Promise<number | null> {
  checkPassword(args.password);
  const name = args.name?.trim().slice(0, 120) || undefined;
  try {
    const userId = await createUser(ctx.db, { email: args.email, password: args.password, name, now: ctx.clock.now() });
    await sendVerificationMail(ctx, userId);
    return userId;
  } catch (err) {
    if (!(err instanceof AppError && err.kind === 'conflict')) throw err;
    await hashPassword(args.password);
    await mailTakenAddress(ctx, normalizeEmail(args.email));
    return null;
  }
}

async function mailTakenAddress(ctx: Context, email: string): Promise<void> {
  const owner = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (!owner) return;
  const budget = await ctx.rateLimiter.hit(`mail:sign-up-taken:${owner.id}`, 1, ctx.clock.now().getTime());
  if (!budget.allowed) return;
  const base = ctx.config.publicUrl;
  await sendMail(ctx, {
    to: email,
    subject: 'Someone tried to sign up to Launchboard with your address',
    text: `Someone tried to create a Launchboard account with this email address, which already has one.\n\nIf it was you, sign in here:\n\n${base}/sign-in\n\nForgot the password? Choose a new one here:\n\n${base}/password-reset\n\nIf it was not you, ignore this message; nothing changed.\n`,
  });
}

export async function sendVerificationMail(ctx: Context, userId: number): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.email_verified_at) return;
  const token = await createEmailToken(ctx, userId, 'verify');
  const link = `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await sendMail(ctx, {
    to: user.email,
    subject: 'Confirm your email address for Launchboard',
    text: `Welcome to Launchboard.\n\nConfirm your email address by opening this link within 48 hours:\n\n${link}\n\nIf you did not sign up, ignore this message.\n`,
  });
}

/**
 * The user a correct email and password belong to, or null (the same answer
 * for either half wrong); a `forbidden` AppError when an admin disabled them.
 */
export async function checkCredentials(ctx: Context, email: string, password: string): Promise<number | null> {
  let normalized: string;
  try {
    normalized = normalizeEmail(email);
  } catch {
    return null;
  }
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'disabled_at'])
    .where('email', '=', normalized)
    .executeTakeFirst();
  // Hash anyway when the account is unknown, so timing does not tell which half was wrong.
  const stored = user?.password_hash ?? `scrypt$AAAAAAAAAAAAAAAAAAAAAA$${'A'.repeat(86)}`;
  const ok = password.length <= MAX_PASSWORD && (await verifyPassword(password, stored));
  if (!ok || !user?.password_hash) return null;
  // Said only to whoever knows the password: the account is there, and shut.
  if (user.disabled_at)
    throw new AppError(
      'forbidden',
      'This account has been disabled by the site team, so it cannot sign in. Reply to any mail from us if you think this is a mistake.',
    );
  return user.id;
}

export async function verifyEmail(ctx: Context, token: string): Promise<boolean> {
  const userId = await consumeEmailToken(ctx, token, 'verify');
  if (userId === null) return false;
  await ctx.db
    .updateTable('users')
    .set({ email_verified_at: ctx.clock.now().toISOString() })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .execute();
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
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', normalized)
    .executeTakeFirst();
  if (!user) return;
  const token = await createEmailToken(ctx, user.id, 'reset');
  const link = `${ctx.config.publicUrl}/password-reset/confirm?token=${encodeURIComponent(token)}`;
  await sendMail(ctx, {
    to: user.email,
    subject: 'Reset your Launchboard password',
    text: `Someone asked to reset the password of your Launchboard account.\n\nChoose a new password within one hour here:\n\n${link}\n\nA new password signs you out everywhere, disconnects the apps you allowed in (OAuth) and revokes your API keys: whoever knew the old password loses access. Create new keys afterwards on your account's API keys page.\n\nIf it was not you, ignore this message; your password stays the same.\n`,
  });
}

/**
 * Sets a new password from a reset link. The link also proves the address,
 * so it counts as verified. Every session, OAuth grant and API key of the
 * account ends, in the same transaction: whoever knew the old password (and
 * may have made a key with it) loses access.
 */
export async function resetPassword(ctx: Context, token: string, password: string): Promise<number | null> {
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  return inTransaction(ctx, async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'reset');
    if (userId === null) return null;
    const now = tx.clock.now().toISOString();
    await tx.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await tx.db
      .updateTable('users')
      .set({ email_verified_at: now })
      .where('id', '=', userId)
      .where('email_verified_at', 'is', null)
      .execute();
    await endAllSessions(tx, userId);
    await revokeUserGrants(tx.db, userId, now);
    await revokeAllApiKeys(tx, userId);
    return userId;
  });
}
