// Comment moderation: the latest comments on any listing (or only the hidden
// ones), each with a form to hide it, giving the reason, or to show it again.
// A hidden comment leaves the listing page; one with replies stays there as
// a "[hidden by moderators]" placeholder.
import express, { type Request, type Response, type Router } from 'express';
import type { Context } from '../../context.js';
import { HIDE_REASON_MAX, recentComments } from '../../community/comments.js';
import { field } from '../ui/forms.js';
import { csrfField, html, plural, type SafeHtml } from '../ui/html.js';
import { adminGet, adminOf, adminPost, noticeOf, pageOf, pager, positiveId, sendAdminPage, when } from './common.js';
import { perform } from '../ui/act.js';
import { ellipsize } from '../../platform/text.js';

/** Comments a page: a screen or two of moderation, not a hundred rows. */
const PER_PAGE = 25;

const NOTICES = {
  hidden: () => 'Comment hidden: it no longer shows on the listing page.',
  shown: () => 'Comment shown again.',
};

const hiddenView = (req: Request) =>
  req.query.view === 'hidden' || (req.method === 'POST' && field(req, 'view', 10) === 'hidden');

/** The form that hides one comment, with the reason the team gives; `action` is where it posts. */
export function hideCommentForm(opts: {
  csrfToken: string;
  action: string;
  commentId: number;
  reason?: string;
  extra?: SafeHtml | string;
}): SafeHtml {
  const id = `hide-reason-${opts.commentId}`;
  return html`<form class="inline admin-hide" method="post" action="${opts.action}">${csrfField(opts.csrfToken)}${opts.extra ?? ''}
<label for="${id}">Reason<span class="visually-hidden"> for hiding comment #${opts.commentId}</span></label>
<input type="text" id="${id}" name="reason" value="${opts.reason ?? ''}" maxlength="${HIDE_REASON_MAX}" required>
<button type="submit" aria-label="Hide comment #${opts.commentId}">Hide</button></form>`;
}

export function commentRoutes(ctx: Context): Router {
  const router = express.Router();

  const render = async (req: Request, res: Response, opts: { error?: string; status?: number } = {}) => {
    const admin = adminOf(res);
    const onlyHidden = hiddenView(req);
    const page = pageOf(req);
    const { items: comments, total } = await recentComments(ctx, { page, per_page: PER_PAGE, hiddenOnly: onlyHidden });
    const viewField = onlyHidden ? html`<input type="hidden" name="view" value="hidden">` : '';
    // Who wrote it, where and when beside the text, so the text has the width to read in.
    const rows = comments.map(
      (
        c,
      ) => html`<tr><th scope="row">#${c.id}<span class="comment-meta">on <a href="/listings/${c.listing.slug}#comment-${c.id}">${c.listing.name}</a>${c.is_reply ? ' (a reply)' : ''}<br>by ${c.author} <span class="muted">${c.author_email}</span><br>${when(c.created_at)}${c.edited_at ? html`, <span class="muted">edited</span>` : ''}</span></th>
<td>${ellipsize(c.body, 300)}</td>
<td>${c.hidden_at ? html`<strong>hidden</strong> ${when(c.hidden_at)}: ${c.hidden_reason ?? ''}` : 'shown'}</td>
<td>${
        c.hidden_at
          ? html`<form class="inline" method="post" action="/admin/comments/${c.id}/unhide">${csrfField(admin.csrfToken)}${viewField}
<button type="submit" aria-label="Show again: comment #${c.id}">Show again</button></form>`
          : hideCommentForm({
              csrfToken: admin.csrfToken,
              action: `/admin/comments/${c.id}/hide`,
              commentId: c.id,
              extra: viewField,
            })
      }</td></tr>`,
    );
    sendAdminPage(res, {
      path: '/admin/comments',
      title: onlyHidden ? 'Hidden comments' : 'Comments',
      status: opts.status,
      error: opts.error,
      notice: noticeOf(req, NOTICES),
      body: html`<p>Hide a comment that breaks the rules (spam, abuse, off topic), saying why: it leaves the listing page, or stays as a “[hidden by moderators]” placeholder when others replied to it. ${
        onlyHidden
          ? html`<a href="/admin/comments">Show all recent comments</a>.`
          : html`<a href="/admin/comments?view=hidden">Show only hidden comments</a>.`
      }</p>
${
  comments.length === 0
    ? html`<p>${onlyHidden ? 'No hidden comments.' : 'No comments yet.'}</p>`
    : html`<div class="table-scroll comment-table" role="region" aria-label="Comments" tabindex="0"><table><caption>${plural(total, onlyHidden ? 'hidden comment' : 'comment')}, newest first</caption>
<thead><tr><th scope="col">Comment</th><th scope="col">Text</th><th scope="col">Status</th><th scope="col">Hide or show</th></tr></thead>
<tbody>${rows}</tbody></table></div>
${pager(req, page, PER_PAGE, total)}`
}`,
    });
  };

  router.get('/admin/comments', adminGet(render));

  router.post(
    '/admin/comments/:id/hide',
    adminPost(render, async (req, _res, admin) => {
      await perform(ctx, admin.session, 'set_comment_hidden', {
        comment_id: positiveId(req.params.id, 'comment'),
        hidden: true,
        reason: field(req, 'reason', HIDE_REASON_MAX * 2),
      });
      return `/admin/comments?${hiddenView(req) ? 'view=hidden&' : ''}done=hidden`;
    }),
  );
  router.post(
    '/admin/comments/:id/unhide',
    adminPost(render, async (req, _res, admin) => {
      await perform(ctx, admin.session, 'set_comment_hidden', {
        comment_id: positiveId(req.params.id, 'comment'),
        hidden: false,
        reason: '',
      });
      return `/admin/comments?${hiddenView(req) ? 'view=hidden&' : ''}done=shown`;
    }),
  );
  return router;
}
