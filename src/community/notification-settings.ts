// What a person is told of, and which of it also comes by mail.
// Every kind always reaches the bell and the notifications page; mail is per
// kind, on or off, with a default for people who never chose (a missing row
// in notification_settings). The one-click unsubscribe link of a mail turns
// its kind off here.
import type { Context } from '../context.js';

/** What a person can be told of. */
// In the order the settings page lists them: about one's listings, then about oneself.
export const NOTIFICATION_KINDS = ['review', 'comment', 'follow', 'vote', 'reply', 'listing_update', 'order'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface KindInfo {
  /** Names the kind on the settings page and in unsubscribe pages ("mail about …"). */
  label: string;
  /** A short tag shown beside each notification. */
  tag: string;
  /** Why a person gets such mail, said at the foot of it ("You get this mail because …"). */
  reason: string;
  /** Mail unless the person chose otherwise. */
  mailByDefault: boolean;
  /** What it is about: the person's listings (makers), or the person themself. */
  about: 'listings' | 'you';
}

export const KIND_INFO: Record<NotificationKind, KindInfo> = {
  listing_update: {
    label: 'Updates from listings you follow',
    tag: 'Update',
    reason: 'you follow this listing',
    mailByDefault: true,
    about: 'you',
  },
  review: {
    label: 'Reviews of your listings',
    tag: 'Review',
    reason: 'you make this listing',
    mailByDefault: true,
    about: 'listings',
  },
  comment: {
    label: 'Comments on your listings',
    tag: 'Comment',
    reason: 'you make this listing',
    mailByDefault: true,
    about: 'listings',
  },
  reply: {
    label: 'Replies to your comments',
    tag: 'Reply',
    reason: 'someone replied to you',
    mailByDefault: true,
    about: 'you',
  },
  follow: {
    label: 'New followers of your listings',
    tag: 'Follower',
    reason: 'you make this listing',
    mailByDefault: true,
    about: 'listings',
  },
  // Votes come in batches already (vote-digest.ts); mail for them is a choice, not a default.
  vote: {
    label: 'New votes on your listings (an hourly summary)',
    tag: 'Votes',
    reason: 'you make this listing',
    mailByDefault: false,
    about: 'listings',
  },
  order: {
    label: 'Your orders, when applying one takes a while (receipts always come)',
    tag: 'Order',
    reason: 'you placed this order',
    mailByDefault: true,
    about: 'you',
  },
};

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);

export type MailSettings = Record<NotificationKind, boolean>;

/** The person's choice per kind, defaults filled in. */
export async function mailSettingsOf(ctx: Context, userId: number): Promise<MailSettings> {
  const rows = await ctx.db
    .selectFrom('notification_settings')
    .select(['kind', 'mail'])
    .where('user_id', '=', userId)
    .execute();
  const settings = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, KIND_INFO[k].mailByDefault])) as MailSettings;
  for (const r of rows) if (isNotificationKind(r.kind)) settings[r.kind] = Number(r.mail) === 1;
  return settings;
}

/** Of these people, the ones who want mail of this kind. */
export async function wantingMail(
  ctx: Context,
  userIds: readonly number[],
  kind: NotificationKind,
): Promise<Set<number>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Set();
  const chosen = new Map<number, boolean>();
  // Chunked: a listing's followers may outnumber a statement's parameters.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await ctx.db
      .selectFrom('notification_settings')
      .select(['user_id', 'mail'])
      .where('kind', '=', kind)
      .where('user_id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) chosen.set(Number(r.user_id), Number(r.mail) === 1);
  }
  return new Set(ids.filter((id) => chosen.get(id) ?? KIND_INFO[kind].mailByDefault));
}

/** Sets mail on or off for the kinds given (others keep their setting). */
export async function setMailSettings(
  ctx: Context,
  userId: number,
  changes: Partial<Record<NotificationKind, boolean>>,
): Promise<void> {
  const now = ctx.clock.now().toISOString();
  const values = Object.entries(changes)
    .filter(([kind, mail]) => isNotificationKind(kind) && typeof mail === 'boolean')
    .map(([kind, mail]) => ({ user_id: userId, kind, mail: mail ? 1 : 0, updated_at: now }));
  if (values.length === 0) return;
  await ctx.db
    .insertInto('notification_settings')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind']).doUpdateSet((eb) => ({
        mail: eb.ref('excluded.mail'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}
