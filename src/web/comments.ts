// The discussion on a listing page: `discussionSection` renders the threads
// (top-level comments newest first, replies oldest first, makers marked) with
// the forms to comment, reply, edit one's own comment for a few minutes and
// report one (through the community router's /reports); the POST routes check
// the session and its CSRF token, throttle, call community/comments.ts and
// send the person back to their comment. A refused comment comes back on a
// page of its own with the text kept and the field's problem named.
// Comment text is plain text: escaped, paragraphs on blank lines, and only
// http(s) URLs become links, marked as user content nobody vouches for.
import express, { type Request, type Response, type Router } from 'express';
import type { Context } from '../context.js';
import { AppError, errorStatus } from '../errors.js';
import {
  COMMENT_BODY_MAX,
  COMMENT_EDIT_WINDOW_MS,
  COMMENT_LINKS_MAX,
  type CommentThread,
  type CommentView,
  canEdit,
  commentLinks,
  commentListing,
  listingThreads,
} from '../community/comments.js';
import { REPORT_REASON_LABELS, REPORT_DETAILS_MAX } from '../community/reports.js';
import { publicListingBySlug } from '../listings/profile.js';
import { initials, nameHue } from './ui/public-page.js';
import { field, staleFormPage, tooManyPage, withinBudget } from './ui/forms.js';
import { type Problem, perform } from './ui/act.js';
import { control, problemSummary } from './ui/fields.js';
import { csrfField, errorBox, html, plural, type SafeHtml, sendPage } from './ui/html.js';
import { pageErrorHandler, pageMiddleware } from './ui/page.js';
import { csrfValid, webOf, type WebState } from './ui/session.js';

/**
 * The longest comment text read from a form: above the form body limit, so
 * the typing always reaches post_comment, whose refusal shows it again.
 */
const FORM_BODY_MAX = 100_000;

/** Top-level comments per page of the discussion. */
const THREADS_PER_PAGE = 20;
/** Comment form posts per person per minute (the service also limits comments per minute and day). */
const FORM_BUDGET = 10;
/** The rel of every link in a comment: user content, no ranking credit, no opener. */
export const COMMENT_LINK_REL = 'ugc nofollow noopener';
/** Reasons offered when reporting a comment (a subset of the moderation queue's). */
const COMMENT_REPORT_REASONS = ['spam', 'misleading', 'other'] as const;

const NOTICES: Record<string, string> = {
  posted: 'Your comment is posted.',
  edited: 'Your comment is updated.',
};

const HINT = `Plain text: up to ${COMMENT_BODY_MAX} characters and ${COMMENT_LINKS_MAX} links; a blank line starts a new paragraph. Be kind and stay on topic.`;

interface ListingRef {
  id: number;
  slug: string;
  owner_id: number | null;
  status: string;
}

/** One line of comment text, its http(s) URLs made links. */
function linkedLine(line: string): SafeHtml {
  const parts: (string | SafeHtml)[] = [];
  let at = 0;
  for (const link of commentLinks(line)) {
    parts.push(line.slice(at, link.start));
    parts.push(html`<a href="${link.url}" rel="${COMMENT_LINK_REL}">${line.slice(link.start, link.end)}</a>`);
    at = link.end;
  }
  parts.push(line.slice(at));
  return html`${parts}`;
}

/** Comment text as HTML: escaped, a paragraph per blank-line-separated block, line breaks kept, links linked. */
export function commentTextHtml(text: string): SafeHtml {
  return html`${text
    .trim()
    .split(/\n\s*\n/)
    .map(
      (p) =>
        html`<p>${p
          .trim()
          .split('\n')
          .map((line, i) => html`${i > 0 ? html`<br>` : ''}${linkedLine(line)}`)}</p>`,
    )}`;
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", else the day. */
export function ago(iso: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  if (minutes < 24 * 60) return `${plural(Math.floor(minutes / 60), 'hour')} ago`;
  if (minutes < 7 * 24 * 60) return `${plural(Math.floor(minutes / 1440), 'day')} ago`;
  return iso.slice(0, 10);
}

const timeOf = (iso: string, now: Date) =>
  html`<time datetime="${iso}" title="${iso.slice(0, 16).replace('T', ' ')} UTC">${ago(iso, now)}</time>`;

interface View {
  listing: ListingRef;
  web: WebState;
  now: Date;
  /** The page of threads shown (forms send it back so the person returns to it). */
  page: number;
  /** Whether the visitor may write here: signed in, confirmed, the listing live. */
  canWrite: boolean;
  /** The notice for one comment after a redirect (`?comment=posted&at=ID`). */
  notice: { id: number; text: string } | null;
}

const pageField = (page: number) => (page > 1 ? html`<input type="hidden" name="comments_page" value="${page}">` : '');

/** A labelled comment textarea with its own hint. */
function bodyArea(id: string, label: string, value = '', rows = 3): SafeHtml {
  return html`<label for="${id}">${label}</label>
<p class="hint" id="${id}-hint">${HINT}</p>
<textarea id="${id}" name="body" rows="${rows}" maxlength="${COMMENT_BODY_MAX}" required aria-describedby="${id}-hint">${value}</textarea>`;
}

function replyForm(v: View, thread: CommentThread): SafeHtml | string {
  if (!v.canWrite || thread.hidden) return '';
  const to = thread.author;
  return html`<details class="comment-action"><summary>Reply<span class="visually-hidden"> to ${to}</span></summary>
<form method="post" action="/listings/${v.listing.slug}/comments">${csrfField(v.web.csrfToken)}
<input type="hidden" name="parent_id" value="${thread.id}">${pageField(v.page)}
${bodyArea(`reply-body-${thread.id}`, `Your reply to ${to}`)}
<button type="submit">Post reply</button></form></details>`;
}

function editForm(v: View, c: CommentView): SafeHtml | string {
  if (!canEdit(c, v.web.session?.userId ?? null, v.now)) return '';
  return html`<details class="comment-action"><summary>Edit<span class="visually-hidden"> your comment</span></summary>
<form method="post" action="/comments/${c.id}/edit">${csrfField(v.web.csrfToken)}${pageField(v.page)}
${bodyArea(`edit-body-${c.id}`, 'Your comment', c.body ?? '')}
<p class="hint">A comment can be edited for ${COMMENT_EDIT_WINDOW_MS / 60_000} minutes after it is posted.</p>
<button type="submit">Save changes</button></form></details>`;
}

function reportForm(v: View, c: CommentView): SafeHtml | string {
  const session = v.web.session;
  if (!session || c.user_id === session.userId) return '';
  const id = `report-comment-${c.id}`;
  return html`<details class="comment-action"><summary>Report<span class="visually-hidden"> the comment by ${c.author}</span></summary>
<form method="post" action="/reports">${csrfField(v.web.csrfToken)}
<input type="hidden" name="target_kind" value="comment"><input type="hidden" name="target_id" value="${c.id}"><input type="hidden" name="slug" value="${v.listing.slug}">
<label for="${id}-reason">Reason</label>
<select id="${id}-reason" name="reason">${COMMENT_REPORT_REASONS.map((r) => html`<option value="${r}">${REPORT_REASON_LABELS[r]}</option>`)}</select>
<label for="${id}-details">Details (optional)</label>
<textarea id="${id}-details" name="details" rows="2" maxlength="${REPORT_DETAILS_MAX}"></textarea>
<button type="submit">Send report</button></form></details>`;
}

function commentBlock(v: View, c: CommentView, thread: CommentThread | null): SafeHtml {
  if (c.hidden) return html`<div class="comment comment-hidden"><p>[hidden by moderators]</p></div>`;
  const author = c.author ?? '';
  const notice = v.notice?.id === c.id ? html`<p class="notice comment-notice" role="status">${v.notice.text}</p>` : '';
  const actions = html`${thread ? replyForm(v, thread) : ''}${editForm(v, c)}${reportForm(v, c)}`;
  return html`<div class="comment${c.is_maker ? ' by-maker' : ''}"><span class="monogram comment-avatar" style="--hue:${nameHue(author)}" aria-hidden="true">${initials(author)}</span>
<div class="comment-main">${notice}<p class="comment-meta"><strong class="comment-author">${author}</strong>${
    c.is_maker ? html` <span class="maker-badge">Maker</span>` : ''
  } <span class="muted">· ${timeOf(c.created_at, v.now)}${c.edited_at ? html` · <span title="Edited ${c.edited_at.slice(0, 16).replace('T', ' ')} UTC">edited</span>` : ''}</span></p>
<div class="comment-body">${commentTextHtml(c.body ?? '')}</div>
${actions.value ? html`<div class="comment-actions">${actions}</div>` : ''}</div></div>`;
}

function threadBlock(v: View, t: CommentThread): SafeHtml {
  return html`<li class="comment-thread" id="comment-${t.id}">${commentBlock(v, t, t)}${
    t.replies.length > 0
      ? html`<ul class="comment-replies" aria-label="${plural(t.replies.length, 'reply', 'replies')}">${t.replies.map(
          (r) => html`<li class="comment-reply" id="comment-${r.id}">${commentBlock(v, r, null)}</li>`,
        )}</ul>`
      : ''
  }</li>`;
}

function newCommentForm(v: View): SafeHtml {
  const session = v.web.session;
  const returnTo = encodeURIComponent(`/listings/${v.listing.slug}#discussion`);
  if (v.listing.status !== 'live') return html`<p class="muted">Comments open when the listing goes live.</p>`;
  if (!session)
    return html`<p><a href="/sign-in?return_to=${returnTo}">Sign in</a> or <a href="/sign-up">create an account</a> to join the discussion.</p>`;
  if (!session.emailVerified)
    return html`<p>Confirm your email address to comment: the link is in the mail we sent, and <a href="/account">your account page</a> can send a new one.</p>`;
  return html`<form class="comment-form" method="post" action="/listings/${v.listing.slug}/comments">${csrfField(v.web.csrfToken)}
${bodyArea('comment-body', session.userId === v.listing.owner_id ? 'Add a comment as the maker' : 'Add a comment', '', 4)}
<button type="submit">Post comment</button></form>`;
}

function threadNav(v: View, total: number): SafeHtml | string {
  const pages = Math.min(1000, Math.ceil(total / THREADS_PER_PAGE));
  if (pages <= 1) return '';
  const link = (p: number) => `/listings/${v.listing.slug}${p > 1 ? `?comments=${p}` : ''}#discussion`;
  return html`<nav aria-label="Discussion pages"><p>${v.page > 1 ? html`<a href="${link(v.page - 1)}" rel="prev">Newer comments</a> · ` : ''}Page ${v.page} of ${pages}${
    v.page < pages ? html` · <a href="${link(v.page + 1)}" rel="next">Older comments</a>` : ''
  }</p></nav>`;
}

const intParam = (value: unknown, max: number): number | null => {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= max ? n : null;
};

/** The listing page's discussion: its heading, the form to comment, and a page of threads. */
export async function discussionSection(ctx: Context, listing: ListingRef, res: Response): Promise<SafeHtml> {
  const req = res.req as Request;
  const web = webOf(res);
  const page = intParam(req.query.comments, 1000) ?? 1;
  const { items, total, comments } = await listingThreads(ctx, listing, { page, per_page: THREADS_PER_PAGE });
  const done = req.query.comment;
  const noticeText = typeof done === 'string' && Object.hasOwn(NOTICES, done) ? NOTICES[done] : undefined;
  const at = intParam(req.query.at, Number.MAX_SAFE_INTEGER);
  const v: View = {
    listing,
    web,
    now: ctx.clock.now(),
    page,
    canWrite: listing.status === 'live' && !!web.session?.emailVerified,
    notice: noticeText && at ? { id: at, text: noticeText } : null,
  };
  return html`<section class="discussion" aria-labelledby="discussion"><h2 id="discussion">Discussion</h2>
<p class="muted">${comments === 0 ? 'No comments yet.' : html`${plural(comments, 'comment')}, newest first.`}</p>
${newCommentForm(v)}
${items.length > 0 ? html`<ul class="comments">${items.map((t) => threadBlock(v, t))}</ul>` : ''}
${threadNav(v, total)}</section>`;
}

/** Where the person goes after posting or editing: the page of threads they were on, at their comment. */
function backTo(slug: string, page: number, notice: string, id: number): string {
  return `/listings/${slug}?${page > 1 ? `comments=${page}&` : ''}comment=${notice}&at=${id}#comment-${id}`;
}

/** A comment the service refused: the message, and the form again with the text kept when it can be fixed. */
function refusedPage(
  res: Response,
  opts: { err: AppError; title: string; action: string; text: string; slug: string | null; hidden: SafeHtml | string },
): void {
  const web = webOf(res);
  const fixable = opts.err.kind === 'invalid' || opts.err.kind === 'rate_limited';
  const problem: Problem = { status: opts.err.status, message: opts.err.message, errors: opts.err.errors };
  const back = opts.slug
    ? html`<p><a href="/listings/${opts.slug}#discussion">Back to the discussion</a></p>`
    : html`<p><a href="/">Back to the home page</a></p>`;
  if (opts.err.kind === 'rate_limited') res.setHeader('Retry-After', opts.err.headers['Retry-After'] ?? '60');
  sendPage(res, {
    status: errorStatus[opts.err.kind],
    title: opts.title,
    csrfToken: web.csrfToken,
    signedInAs: web.session?.email,
    body: html`${
      problem.errors.length > 0 ? problemSummary(problem, () => 'Your comment') : errorBox(opts.err.message)
    }${
      fixable
        ? html`<form class="comment-form" method="post" action="${opts.action}">${csrfField(web.csrfToken)}${opts.hidden}
${control({ path: 'body', label: 'Your comment', value: opts.text, hint: HINT, problem, kind: 'textarea', rows: 8, maxlength: COMMENT_BODY_MAX, required: true })}
<button type="submit">Try again</button></form>`
        : ''
    }${back}`,
  });
}

export function commentsRouter(ctx: Context): Router {
  const router = express.Router();

  /** Signed in, a valid CSRF token and within the form budget; otherwise answers and returns null. */
  const gate = async (req: Request, res: Response, returnTo: string) => {
    const web = webOf(res);
    if (!web.session) {
      res.redirect(303, `/sign-in?return_to=${encodeURIComponent(returnTo)}`);
      return null;
    }
    if (!csrfValid(req, res)) {
      staleFormPage(res);
      return null;
    }
    if (!(await withinBudget(ctx, `comment:${web.session.userId}`, FORM_BUDGET))) {
      tooManyPage(res);
      return null;
    }
    return web.session;
  };

  router.post('/listings/:slug/comments', ...pageMiddleware(ctx), async (req: Request<{ slug: string }>, res) => {
    const slug = req.params.slug;
    const session = await gate(req, res, `/listings/${slug}#discussion`);
    if (!session) return;
    const listing = await publicListingBySlug(ctx, slug);
    const page = intParam(req.body?.comments_page, 1000) ?? 1;
    const rawParent = typeof req.body?.parent_id === 'string' ? req.body.parent_id : '';
    const parentId = rawParent === '' ? null : intParam(rawParent, Number.MAX_SAFE_INTEGER);
    let text = '';
    try {
      if (parentId === null && rawParent !== '')
        throw new AppError('not_found', 'The comment you are replying to is gone.');
      text = field(req, 'body', FORM_BODY_MAX);
      const posted = await perform<{ id: number }>(ctx, session, 'post_comment', {
        listing_id: listing.id,
        parent_id: parentId,
        body: text,
      });
      ctx.logger.info({ userId: session.userId, listingId: listing.id, commentId: posted.id }, 'comment posted');
      res.redirect(303, backTo(listing.slug, parentId === null ? 1 : page, 'posted', posted.id));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refusedPage(res, {
        err,
        title: parentId === null ? 'Your comment was not posted' : 'Your reply was not posted',
        action: `/listings/${listing.slug}/comments`,
        text,
        slug: listing.slug,
        hidden: html`${parentId !== null ? html`<input type="hidden" name="parent_id" value="${parentId}">` : ''}${pageField(page)}`,
      });
    }
  });

  router.post('/comments/:id/edit', ...pageMiddleware(ctx), async (req: Request<{ id: string }>, res) => {
    const session = await gate(req, res, '/');
    if (!session) return;
    const id = intParam(req.params.id, Number.MAX_SAFE_INTEGER);
    const page = intParam(req.body?.comments_page, 1000) ?? 1;
    const where = id === null ? null : await commentListing(ctx, id);
    if (id === null || where === null) throw new AppError('not_found', 'No such comment.');
    let text = '';
    try {
      text = field(req, 'body', FORM_BODY_MAX);
      await perform(ctx, session, 'edit_comment', { comment_id: id, body: text });
      res.redirect(303, backTo(where.slug, page, 'edited', id));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refusedPage(res, {
        err,
        title: 'Your edit was not saved',
        action: `/comments/${id}/edit`,
        text,
        slug: where.slug,
        hidden: pageField(page),
      });
    }
  });

  router.use(['/listings', '/comments'], pageErrorHandler(ctx));
  return router;
}
