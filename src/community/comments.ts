// Discussion on a listing: comments from signed-in people with a
// confirmed email, one level of replies (a reply to a reply joins the same
// top-level thread), the listing's makers marked and free to answer on their
// own listing, edits within a short window, and hiding by the site team.
// Written only on the site, like votes; read by the listing page and the
// public list_comments tool. Comment text is plain text: pages escape it and
// link only the http(s) URLs in it.
import { sql } from 'kysely';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { inTransaction, lockUser, type PageRequest, pageWithTotal } from '../platform/db.js';
import { webLink } from '../platform/links.js';
import { ellipsize, textProblem } from '../platform/text.js';
import { type NewNotification, notify } from './notifications.js';
import { emitListingEvent } from '../webhooks/events.js';

export const COMMENT_BODY_MAX = 2000;
/** Links one comment may carry: enough to point at a source, too few to be worth spamming. */
export const COMMENT_LINKS_MAX = 2;
/** How long after posting its author may still change a comment. */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60_000;
/** Comments one person may post in a minute and in a day, over all listings. */
export const COMMENT_RATE = { perMinute: 5, perDay: 50 } as const;
export const HIDE_REASON_MAX = 200;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 3600_000;

/** One comment as shown. A hidden comment kept as a placeholder (it has replies) has no author and no body. */
export interface CommentView {
  id: number;
  /** The author's account, for the page (their own comments get an edit form); never in the public API. */
  user_id: number | null;
  /** The author's display name; their email is never shown. */
  author: string | null;
  /** Written by the listing's owner or one of its co-founders. */
  is_maker: boolean;
  body: string | null;
  created_at: string;
  edited_at: string | null;
  /** Hidden by the site team; kept in place only because it has replies. */
  hidden: boolean;
}

/** A top-level comment and its replies, oldest reply first. */
export interface CommentThread extends CommentView {
  replies: CommentView[];
}

interface Span {
  start: number;
  end: number;
  url: string;
}

const URL_START = /\bhttps?:\/\/[^\s<>"]+/gi;

/** Trailing characters that end a sentence rather than a URL, and closing brackets the URL did not open. */
function trimUrl(raw: string): string {
  let url = raw;
  for (;;) {
    const last = url.at(-1) ?? '';
    const unbalanced = (open: string, close: string) =>
      last === close && url.split(open).length < url.split(close).length;
    if (".,;:!?'*".includes(last) || unbalanced('(', ')') || unbalanced('[', ']')) url = url.slice(0, -1);
    else return url;
  }
}

/** The http(s) links in comment text, where they stand; the same ones the page turns into links. */
export function commentLinks(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(URL_START)) {
    const written = trimUrl(m[0]);
    const url = webLink(written);
    if (url) spans.push({ start: m.index, end: m.index + written.length, url });
  }
  return spans;
}

const bodyError = (message: string, detail: string) =>
  new AppError('invalid', detail, { errors: [{ path: 'body', message }] });

/** The comment text as stored (trimmed, line breaks normalised), or an `invalid` naming `body`. */
export function validateCommentBody(body: unknown): string {
  const text = typeof body === 'string' ? body.replace(/\r\n?/g, '\n').trim() : '';
  if (text.length === 0) throw bodyError('required: write your comment', 'Write your comment first: it is empty.');
  if (text.length > COMMENT_BODY_MAX)
    throw bodyError(
      `at most ${COMMENT_BODY_MAX} characters (it has ${text.length}): shorten it`,
      `Keep the comment under ${COMMENT_BODY_MAX} characters; it has ${text.length}.`,
    );
  const problem = textProblem(text);
  if (problem) throw bodyError(problem, `The comment ${problem}.`);
  const links = commentLinks(text).length;
  if (links > COMMENT_LINKS_MAX)
    throw bodyError(
      `at most ${COMMENT_LINKS_MAX} links (it has ${links}): remove some`,
      `A comment may carry at most ${COMMENT_LINKS_MAX} links; this one has ${links}. Remove some and post again.`,
    );
  return text;
}

const displayName = (name: string | null | undefined) => name?.trim() || 'A member';
const snippet = (text: string) => ellipsize(text.replace(/\s+/g, ' '), 140);

/** The people the page marks "Maker": the listing's owner and the co-founders who accepted an invite. */
export async function listingMakers(
  ctx: Context,
  listing: { id: number; owner_id: number | null },
): Promise<Set<number>> {
  const rows = await ctx.db
    .selectFrom('listing_founders as lf')
    .innerJoin('founders as f', 'f.id', 'lf.founder_id')
    .select('f.user_id')
    .where('lf.listing_id', '=', listing.id)
    .where('f.user_id', 'is not', null)
    .execute();
  const makers = new Set(rows.map((r) => Number(r.user_id)));
  if (listing.owner_id !== null) makers.add(listing.owner_id);
  return makers;
}

/** Refuses a post past the per-person limits (the web page also throttles its form); `tx` holds lockUser. */
async function checkRate(tx: Context, userId: number, now: number): Promise<void> {
  const since = (ms: number) =>
    tx.db
      .selectFrom('comments')
      .select(sql<number>`count(*)`.as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>', new Date(now - ms).toISOString())
      .executeTakeFirstOrThrow();
  const [minute, day] = await Promise.all([since(MINUTE_MS), since(DAY_MS)]);
  if (Number(minute.n) >= COMMENT_RATE.perMinute)
    throw new AppError(
      'rate_limited',
      `You have posted ${COMMENT_RATE.perMinute} comments in the last minute, the most allowed. Wait a minute and post again.`,
      { headers: { 'Retry-After': '60' } },
    );
  if (Number(day.n) >= COMMENT_RATE.perDay)
    throw new AppError(
      'rate_limited',
      `You have posted ${COMMENT_RATE.perDay} comments in the last 24 hours, the most allowed. Try again tomorrow.`,
      { headers: { 'Retry-After': '3600' } },
    );
}

/**
 * Posts a comment on a live listing, or a reply (`parentId`): a reply to a
 * reply joins its top-level thread. Tells the listing's owner and the people
 * replied to, never the author themself.
 */
export async function postComment(
  ctx: Context,
  args: { userId: number; listingId: number; parentId?: number | null; body: unknown },
): Promise<{ id: number; threadId: number }> {
  const body = validateCommentBody(args.body);
  const now = ctx.clock.now();
  const user = await ctx.db
    .selectFrom('users')
    .select(['name', 'email_verified_at'])
    .where('id', '=', args.userId)
    .executeTakeFirst();
  if (!user?.email_verified_at)
    throw new AppError('forbidden', 'Confirm your email address before commenting (the link is in your sign-up mail).');
  const listing = await ctx.db
    .selectFrom('listings')
    .select(['id', 'name', 'slug', 'owner_id', 'status'])
    .where('id', '=', args.listingId)
    .executeTakeFirst();
  if (listing?.status !== 'live') throw new AppError('not_found', 'Only live listings take comments.');

  let parent: { id: number; user_id: number; top: number; topAuthor: number } | null = null;
  if (args.parentId != null) {
    const row = await ctx.db
      .selectFrom('comments as c')
      .leftJoin('comments as top', 'top.id', 'c.parent_id')
      .select(['c.id', 'c.user_id', 'c.listing_id', 'c.parent_id', 'c.hidden_at', 'top.user_id as top_user_id'])
      .where('c.id', '=', args.parentId)
      .executeTakeFirst();
    if (!row || row.listing_id !== listing.id || row.hidden_at !== null)
      throw new AppError('not_found', 'The comment you are replying to is gone.', {
        errors: [{ path: 'parent_id', message: 'no visible comment of this listing by that id' }],
      });
    parent = {
      id: row.id,
      user_id: row.user_id,
      top: row.parent_id ?? row.id,
      topAuthor: row.top_user_id ?? row.user_id,
    };
  }
  // Counted and posted in one transaction holding the person's lock: concurrent posts cannot all pass the count.
  const inserted = await inTransaction(ctx, async (tx) => {
    await lockUser(tx.db, tx.dialect, args.userId);
    await checkRate(tx, args.userId, now.getTime());
    const row = await tx.db
      .insertInto('comments')
      .values({
        listing_id: listing.id,
        user_id: args.userId,
        parent_id: parent?.top ?? null,
        body,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await emitListingEvent(tx, 'comment.created', listing.id, {
      comment: {
        id: row.id,
        parent_id: parent?.top ?? null,
        author: displayName(user.name),
        body,
        url: `${ctx.config.publicUrl}/listings/${listing.slug}#comment-${row.id}`,
      },
    });
    return row;
  });

  const who = displayName(user.name);
  const about = {
    listingId: listing.id,
    link: `/listings/${listing.slug}#comment-${inserted.id}`,
    actorId: args.userId,
  };
  const told = new Set<number>([args.userId]);
  const notes: NewNotification[] = [];
  for (const recipient of parent ? [parent.user_id, parent.topAuthor] : []) {
    if (told.has(recipient)) continue;
    told.add(recipient);
    notes.push({
      userId: recipient,
      kind: 'reply',
      ...about,
      title: `${who} replied to your comment on ${listing.name}`,
      body: snippet(body),
    });
  }
  if (listing.owner_id !== null && !told.has(listing.owner_id))
    notes.push({
      userId: listing.owner_id,
      kind: 'comment',
      ...about,
      title: `${who} commented on ${listing.name}`,
      body: snippet(body),
    });
  await notify(ctx, notes);
  return { id: inserted.id, threadId: parent?.top ?? inserted.id };
}

/** Whether the person may still edit the comment: their own, not hidden, within the window. */
export function canEdit(
  comment: { user_id: number | null; created_at: string; hidden: boolean },
  userId: number | null,
  now: Date,
): boolean {
  return (
    userId !== null &&
    comment.user_id === userId &&
    !comment.hidden &&
    now.getTime() - Date.parse(comment.created_at) <= COMMENT_EDIT_WINDOW_MS
  );
}

/** Changes the text of one's own comment within the edit window; marks it edited. */
export async function editComment(
  ctx: Context,
  args: { userId: number; commentId: number; body: unknown },
): Promise<{ listingSlug: string; threadId: number }> {
  const row = await ctx.db
    .selectFrom('comments as c')
    .innerJoin('listings as l', 'l.id', 'c.listing_id')
    .select(['c.id', 'c.user_id', 'l.slug', 'c.parent_id', 'c.body', 'c.created_at', 'c.hidden_at'])
    .where('c.id', '=', args.commentId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'No such comment.');
  if (row.user_id !== args.userId) throw new AppError('forbidden', 'You can only edit your own comments.');
  if (row.hidden_at !== null)
    throw new AppError('conflict', 'The site team hid this comment: it can no longer be edited.');
  const now = ctx.clock.now();
  if (!canEdit({ user_id: row.user_id, created_at: row.created_at, hidden: false }, args.userId, now))
    throw new AppError(
      'conflict',
      `A comment can be edited for ${COMMENT_EDIT_WINDOW_MS / MINUTE_MS} minutes after it is posted; this one is older.`,
    );
  const body = validateCommentBody(args.body);
  if (body !== row.body)
    await ctx.db.updateTable('comments').set({ body, edited_at: now.toISOString() }).where('id', '=', row.id).execute();
  return { listingSlug: row.slug, threadId: row.parent_id ?? row.id };
}

/** Hides a comment (with the reason the team gives) or shows it again. */
export async function setCommentHidden(
  ctx: Context,
  args: { commentId: number; adminId: number; hidden: boolean; reason?: unknown },
): Promise<void> {
  let reason: string | null = null;
  if (args.hidden) {
    reason = typeof args.reason === 'string' ? args.reason.trim() : '';
    if (reason.length === 0 || reason.length > HIDE_REASON_MAX)
      throw new AppError('invalid', `Give the reason for hiding, in at most ${HIDE_REASON_MAX} characters.`, {
        errors: [{ path: 'reason', message: `required, 1 to ${HIDE_REASON_MAX} characters` }],
      });
  }
  const result = await ctx.db
    .updateTable('comments')
    .set(
      args.hidden
        ? { hidden_at: ctx.clock.now().toISOString(), hidden_reason: reason, hidden_by: args.adminId }
        : { hidden_at: null, hidden_reason: null, hidden_by: null },
    )
    .where('id', '=', args.commentId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('not_found', 'No such comment.');
}

type Row = {
  id: number;
  user_id: number;
  name: string | null;
  body: string;
  created_at: string;
  edited_at: string | null;
  hidden_at: string | null;
};

const toView = (r: Row, makers: Set<number>): CommentView =>
  r.hidden_at !== null
    ? {
        id: r.id,
        user_id: null,
        author: null,
        is_maker: false,
        body: null,
        created_at: r.created_at,
        edited_at: null,
        hidden: true,
      }
    : {
        id: r.id,
        user_id: r.user_id,
        author: displayName(r.name),
        is_maker: makers.has(r.user_id),
        body: r.body,
        created_at: r.created_at,
        edited_at: r.edited_at,
        hidden: false,
      };

const COLUMNS = ['c.id', 'c.user_id', 'u.name', 'c.body', 'c.created_at', 'c.edited_at', 'c.hidden_at'] as const;

/**
 * A page of a listing's discussion: top-level comments newest first, each
 * with its replies oldest first. A hidden top-level comment stays as a
 * placeholder while it has visible replies; hidden replies are left out.
 * `comments` counts every visible comment, replies included.
 */
export async function listingThreads(
  ctx: Context,
  listing: { id: number; owner_id: number | null },
  page: { page: number; per_page: number },
): Promise<{ items: CommentThread[]; total: number; comments: number }> {
  const shownTopLevel = ctx.db
    .selectFrom('comments as c')
    .where('c.listing_id', '=', listing.id)
    .where('c.parent_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb('c.hidden_at', 'is', null),
        eb.exists(
          eb
            .selectFrom('comments as r')
            .select('r.id')
            .whereRef('r.parent_id', '=', 'c.id')
            .where('r.hidden_at', 'is', null),
        ),
      ]),
    );
  const [makers, rows, total, visible] = await Promise.all([
    listingMakers(ctx, listing),
    shownTopLevel
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(COLUMNS)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page)
      .execute(),
    shownTopLevel.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('comments')
      .select(sql<number>`count(*)`.as('n'))
      .where('listing_id', '=', listing.id)
      .where('hidden_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  const replies =
    rows.length === 0
      ? []
      : await ctx.db
          .selectFrom('comments as c')
          .innerJoin('users as u', 'u.id', 'c.user_id')
          .select([...COLUMNS, 'c.parent_id'])
          .where(
            'c.parent_id',
            'in',
            rows.map((r) => r.id),
          )
          .where('c.hidden_at', 'is', null)
          .orderBy('c.created_at', 'asc')
          .orderBy('c.id', 'asc')
          .execute();
  return {
    items: rows.map((r) => ({
      ...toView(r, makers),
      replies: replies.filter((x) => x.parent_id === r.id).map((x) => toView(x, makers)),
    })),
    total: Number(total.n),
    comments: Number(visible.n),
  };
}

/** A comment for the moderation pages. */
export interface ModeratedComment {
  id: number;
  listing: { slug: string; name: string };
  author: string;
  author_email: string;
  is_reply: boolean;
  body: string;
  created_at: string;
  edited_at: string | null;
  hidden_at: string | null;
  hidden_reason: string | null;
}

/** The latest comments on any listing (or only the hidden ones), newest first, a page at a time. */
export async function recentComments(
  ctx: Context,
  opts: PageRequest & { hiddenOnly?: boolean },
): Promise<{ items: ModeratedComment[]; total: number }> {
  let filtered = ctx.db
    .selectFrom('comments as c')
    .innerJoin('listings as l', 'l.id', 'c.listing_id')
    .innerJoin('users as u', 'u.id', 'c.user_id');
  if (opts.hiddenOnly) filtered = filtered.where('c.hidden_at', 'is not', null);
  const { rows, total } = await pageWithTotal(
    filtered,
    (query) =>
      query
        .select([
          'c.id',
          'l.slug',
          'l.name as listing_name',
          'u.name',
          'u.email',
          'c.parent_id',
          'c.body',
          'c.created_at',
          'c.edited_at',
          'c.hidden_at',
          'c.hidden_reason',
        ])
        .orderBy('c.id', 'desc'),
    opts,
  );
  const items = rows.map((r) => ({
    id: r.id,
    listing: { slug: r.slug, name: r.listing_name },
    author: displayName(r.name),
    author_email: r.email,
    is_reply: r.parent_id !== null,
    body: r.body,
    created_at: r.created_at,
    edited_at: r.edited_at,
    hidden_at: r.hidden_at,
    hidden_reason: r.hidden_reason,
  }));
  return { items, total };
}

/** The listing a comment belongs to (reports of comments link to it). */
export async function commentListing(
  ctx: Context,
  commentId: number,
): Promise<{ listingId: number; slug: string } | null> {
  const row = await ctx.db
    .selectFrom('comments as c')
    .innerJoin('listings as l', 'l.id', 'c.listing_id')
    .select(['c.listing_id', 'l.slug'])
    .where('c.id', '=', commentId)
    .executeTakeFirst();
  return row ? { listingId: row.listing_id, slug: row.slug } : null;
}
