// What people are told: notifications of updates from listings they follow
// (written by listing-content.ts when a maker posts), and the public feed of
// the latest updates across live listings.
import { sql } from 'kysely';
import type { Context } from '../context.js';

export interface NotificationView {
  id: number;
  kind: string;
  title: string;
  body: string;
  listing_slug: string | null;
  created_at: string;
  read: boolean;
}

export async function notificationsOf(
  ctx: Context,
  userId: number,
  opts: { limit: number },
): Promise<NotificationView[]> {
  const rows = await ctx.db
    .selectFrom('notifications as n')
    .leftJoin('listings as l', 'l.id', 'n.listing_id')
    .select(['n.id', 'n.kind', 'n.title', 'n.body', 'l.slug', 'n.created_at', 'n.read_at'])
    .where('n.user_id', '=', userId)
    .orderBy('n.id', 'desc')
    .limit(opts.limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    listing_slug: r.slug ?? null,
    created_at: r.created_at,
    read: r.read_at !== null,
  }));
}

export async function unreadNotifications(ctx: Context, userId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('notifications')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markNotificationsRead(ctx: Context, userId: number): Promise<void> {
  await ctx.db
    .updateTable('notifications')
    .set({ read_at: ctx.clock.now().toISOString() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
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
