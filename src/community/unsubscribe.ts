// Unsubscribe links of activity mail (RFC 8058 one-click): a token naming one
// person and one kind of notification, signed with the site's secret, so no
// table of tokens is needed and a link can neither be forged nor turned to
// another person or kind. It never expires: an old mail's link keeps working.
import { signatureValid, sign, siteSecret } from '../auth/site-secrets.js';
import type { Context } from '../context.js';
import { isNotificationKind, type NotificationKind, setMailSettings } from './notification-settings.js';

const SECRET_NAME = 'mail_links';
const PURPOSE = 'unsubscribe';

/** The key unsubscribe tokens are signed with (read once per batch of mail). */
export const unsubscribeKey = (ctx: Context): Promise<string> => siteSecret(ctx, SECRET_NAME);

/** `u1.<user id>.<kind>.<signature>`. */
export function unsubscribeToken(key: string, userId: number, kind: NotificationKind): string {
  return `u1.${userId}.${kind}.${sign(key, PURPOSE, [userId, kind])}`;
}

/** The link a mail carries, in its text and its List-Unsubscribe header. */
export function unsubscribeUrl(ctx: Context, token: string): string {
  return `${ctx.config.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** Who and what a token names, or null for anything malformed, tampered with or signed by another key. */
export async function readUnsubscribeToken(
  ctx: Context,
  token: unknown,
): Promise<{ userId: number; kind: NotificationKind } | null> {
  if (typeof token !== 'string' || token.length > 200) return null;
  const match = /^u1\.([1-9][0-9]{0,15})\.([a-z_]{1,30})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, kind, signature] = match;
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || !isNotificationKind(kind)) return null;
  if (!signatureValid(await unsubscribeKey(ctx), PURPOSE, [userId, kind], signature)) return null;
  const user = await ctx.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return user ? { userId, kind } : null;
}

/** Turns off the mail a valid token names; null (and nothing changed) for any other token. */
export async function unsubscribe(ctx: Context, token: unknown): Promise<{ kind: NotificationKind } | null> {
  const named = await readUnsubscribeToken(ctx, token);
  if (!named) return null;
  await setMailSettings(ctx, named.userId, { [named.kind]: false });
  return { kind: named.kind };
}
