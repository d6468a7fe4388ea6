// What people are told: makers of votes (batched by
// vote-digest.ts), reviews, comments, follows and their orders; commenters of
// replies; followers of a listing's updates. `notify` writes the rows the bell
// and the notifications page show, and mails each person who wants that kind
// by mail (notification-settings.ts), every mail with a one-click unsubscribe
// link (unsubscribe.ts). Also the public feed of the latest updates.
import { sql } from 'kysely';
import type { Context } from '../context.js';
import { sendMail } from '../platform/mail.js';
import { KIND_INFO, type NotificationKind, wantingMail } from './notification-settings.js';
import { unsubscribeKey, unsubscribeToken, unsubscribeUrl } from './unsubscribe.js';
import { ellipsize } from '../platform/text.js';

export type { NotificationKind } from './notification-settings.js';

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  listingId: number | null;
  title: string;
  body: string;
  /** A site-relative path to what it is about (`/my/orders/…`); default: the listing's page. */
  link?: string;
  /** Who caused it: a person is never told of their own action. */
  actorId?: number | null;
  /** false: the bell only, never mail (the order's receipt is its mail). Default: as the person chose. */
  mail?: boolean;
}

/** A body longer than this is cut (with an ellipsis) in the row and the mail. */
export const NOTIFICATION_BODY_MAX = 5000;
const TITLE_MAX = 300;

/** Only a path on this site (no scheme, no other host) is kept as a link. */
export const isSitePath = (link: unknown): link is string =>
  typeof link === 'string' && /^\/(?![/\\])[^\s]*$/.test(link) && link.length <= 500;

/**
 * Tells people something: one row each (the bell and the notifications page),
 * and a mail to each who wants that kind by mail. Works inside a transaction
 * when given its Context (inTransaction): rows and outbox mail then commit or
 * roll back with the caller's work; delivery is a job that runs afterwards.
 */
export async function notify(
  ctx: Context,
  items: readonly NewNotification[],
): Promise<{ notified: number; mailed: number }> {
  const told = items
    .filter((n) => n.actorId == null || n.actorId !== n.userId)
    .map((n) => ({
      ...n,
      title: ellipsize(n.title.replace(/\s+/g, ' ').trim(), TITLE_MAX),
      body: ellipsize(n.body, NOTIFICATION_BODY_MAX),
      link: isSitePath(n.link) ? n.link : undefined,
    }));
  if (told.length === 0) return { notified: 0, mailed: 0 };
  const now = ctx.clock.now().toISOString();
  for (let i = 0; i < told.length; i += 200) {
    await ctx.db
      .insertInto('notifications')
      .values(
        told.slice(i, i + 200).map((n) => ({
          user_id: n.userId,
          kind: n.kind,
          listing_id: n.listingId,
          title: n.title,
          body: n.body,
          link: n.link ?? null,
          created_at: now,
        })),
      )
      .execute();
  }
  return { notified: told.length, mailed: await mailNotifications(ctx, told) };
}

/** Mails the notifications whose people want them by mail; returns how many were mailed. */
async function mailNotifications(ctx: Context, items: readonly NewNotification[]): Promise<number> {
  const candidates = items.filter((n) => n.mail !== false);
  if (candidates.length === 0) return 0;
  const wanting = new Map<NotificationKind, Set<number>>();
  for (const kind of new Set(candidates.map((n) => n.kind)))
    wanting.set(
      kind,
      await wantingMail(
        ctx,
        candidates.filter((n) => n.kind === kind).map((n) => n.userId),
        kind,
      ),
    );
  const mailed = candidates.filter((n) => wanting.get(n.kind)?.has(n.userId));
  if (mailed.length === 0) return 0;
  const emails = new Map<number, string>();
  const ids = [...new Set(mailed.map((n) => n.userId))];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await ctx.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', 'in', ids.slice(i, i + 500))
      // Activity mail only to confirmed addresses: a sign-up with someone else's address must not make us mail them.
      .where('email_verified_at', 'is not', null)
      .execute();
    for (const r of rows) emails.set(Number(r.id), r.email);
  }
  const slugs = await listingSlugs(
    ctx,
    mailed.filter((n) => !n.link && n.listingId !== null).map((n) => n.listingId as number),
  );
  const key = await unsubscribeKey(ctx);
  let count = 0;
  for (const n of mailed) {
    const to = emails.get(n.userId);
    if (!to) continue;
    const path =
      n.link ?? (n.listingId !== null && slugs.has(n.listingId) ? `/listings/${slugs.get(n.listingId)}` : null);
    const unsubscribe = unsubscribeUrl(ctx, unsubscribeToken(key, n.userId, n.kind));
    await sendMail(ctx, {
      to,
      // Our words open the subject: a title can start with someone's display name ("Launchboard Security: verify…").
      subject: `${KIND_INFO[n.kind].tag}: ${n.title}`,
      text: activityMailText(ctx, n, path, unsubscribe),
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    count += 1;
  }
  return count;
}

function activityMailText(ctx: Context, n: NewNotification, path: string | null, unsubscribe: string): string {
  const base = ctx.config.publicUrl;
  const info = KIND_INFO[n.kind];
  return [
    n.title,
    '',
    ...(n.body ? [n.body, ''] : []),
    ...(path ? [`${base}${path}`, ''] : []),
    '--',
    `You get this mail because ${info.reason} on Launchboard.`,
    `Stop mail about ${info.label.toLowerCase()}: ${unsubscribe}`,
    `Choose what mail you get: ${base}/account/notifications/settings`,
    '',
  ].join('\n');
}

async function listingSlugs(ctx: Context, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await ctx.db.selectFrom('listings').select(['id', 'slug']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [Number(r.id), r.slug]));
}

export interface NotificationView {
  id: number;
  kind: NotificationKind | string;
  title: string;
  body: string;
  listing_slug: string | null;
  /** Where it leads on this site: its own link, else its listing's page, else nowhere. */
  href: string | null;
  created_at: string;
  read: boolean;
}

/** The person's notifications, newest first (of one kind when asked). */
export async function notificationsOf(
  ctx: Context,
  userId: number,
  opts: { limit: number; kind?: NotificationKind },
): Promise<NotificationView[]> {
  let query = ctx.db
    .selectFrom('notifications as n')
    .leftJoin('listings as l', 'l.id', 'n.listing_id')
    .select(['n.id', 'n.kind', 'n.title', 'n.body', 'n.link', 'l.slug', 'n.created_at', 'n.read_at'])
    .where('n.user_id', '=', userId);
  if (opts.kind) query = query.where('n.kind', '=', opts.kind);
  const rows = await query.orderBy('n.id', 'desc').limit(opts.limit).execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    listing_slug: r.slug ?? null,
    href: isSitePath(r.link) ? r.link : r.slug ? `/listings/${r.slug}` : null,
    created_at: r.created_at,
    read: r.read_at !== null,
  }));
}

/** How many notifications the person has of each kind (for the page's kind filter). */
export async function notificationKindCounts(ctx: Context, userId: number): Promise<Map<string, number>> {
  const rows = await ctx.db
    .selectFrom('notifications')
    .select(['kind', sql<number>`count(*)`.as('n')])
    .where('user_id', '=', userId)
    .groupBy('kind')
    .execute();
  return new Map(rows.map((r) => [r.kind, Number(r.n)]));
}

/** The bell's number: one count on the (user_id, read_at) index. */
export async function unreadNotifications(ctx: Context, userId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('notifications')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks a person's unread notifications read; how many. */
export async function markNotificationsRead(ctx: Context, userId: number): Promise<number> {
  const result = await ctx.db
    .updateTable('notifications')
    .set({ read_at: ctx.clock.now().toISOString() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface UpdateView {
  title: string;
  body: string;
  created_at: string;
  listing: { slug: string; name: string };
}

/** The latest updates makers posted on live listings, newest first. */
export async function latestUpdates(
  ctx: Context,
  page: { page: number; per_page: number },
): Promise<{ items: UpdateView[]; total: number }> {
  const base = ctx.db
    .selectFrom('listing_updates as u')
    .innerJoin('listings as l', 'l.id', 'u.listing_id')
    .where('l.status', '=', 'live');
  const [rows, count] = await Promise.all([
    base
      .select(['u.title', 'u.body', 'u.created_at', 'l.slug', 'l.name'])
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id', 'desc')
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      title: r.title,
      body: r.body,
      created_at: r.created_at,
      listing: { slug: r.slug, name: r.name },
    })),
    total: Number(count.n),
  };
}
