// The moderation queue: reports people filed about listings, reviews and
// comments, oldest open report first. An admin resolves one (acted on it) or
// dismisses it (nothing to do); a reported comment can be hidden from here,
// which resolves every open report about it. Closed reports stay browsable.
import express, { type Request, type Response, type Router } from 'express';
import type { Context } from '../../context.js';
import { REPORT_REASON_LABELS, reportQueue, type ReportView } from '../../community/reports.js';
import { field, OPERATION_FIELD_MAX } from '../ui/forms.js';
import { csrfField, html, type SafeHtml, plural } from '../ui/html.js';
import { hideCommentForm } from './comments.js';
import { adminGet, adminOf, adminPost, noticeOf, positiveId, sendAdminPage, when } from './common.js';
import { perform } from '../ui/act.js';

const STATUSES = ['open', 'resolved', 'dismissed'] as const;
type Status = (typeof STATUSES)[number];

const NOTICES = {
  resolved: () => 'Report resolved.',
  dismissed: () => 'Report dismissed.',
  hidden: (n: number) => `Comment hidden; ${plural(n, 'open report')} about it resolved.`,
};

const statusOf = (req: Request): Status =>
  (STATUSES as readonly unknown[]).includes(req.query.status) ? (req.query.status as Status) : 'open';
const reasonLabel = (reason: string) =>
  Object.hasOwn(REPORT_REASON_LABELS, reason)
    ? REPORT_REASON_LABELS[reason as keyof typeof REPORT_REASON_LABELS]
    : reason;

function target(r: ReportView, csrfToken: string): SafeHtml {
  const listing = r.listing
    ? html`<a href="/listings/${r.listing.slug}">${r.listing.name}</a>`
    : html`<span class="muted">a removed listing</span>`;
  if (r.target_kind === 'listing') return html`Listing ${listing}`;
  if (r.target_kind === 'comment') {
    if (r.comment === null)
      return html`Comment #${r.target_id} on ${listing} <span class="muted">(comment removed)</span>`;
    return html`Comment #${r.target_id} on ${listing}: <q>${r.comment.body}</q> ${
      r.comment.hidden
        ? html`<strong>hidden</strong>`
        : r.status === 'open'
          ? hideCommentForm({
              csrfToken,
              action: `/admin/reports/${r.id}/hide-comment`,
              commentId: r.target_id,
              reason: reasonLabel(r.reason),
            })
          : ''
    }`;
  }
  return html`Review #${r.target_id} of ${listing}${
    r.review_body === null
      ? html` <span class="muted">(review removed)</span>`
      : html`: <q>${r.review_body}</q> <a href="/admin/reviews">moderate reviews</a>`
  }`;
}

export function reportRoutes(ctx: Context): Router {
  const router = express.Router();

  const render = async (req: Request, res: Response, opts: { error?: string; status?: number } = {}) => {
    const admin = adminOf(res);
    const status = req.method === 'GET' ? statusOf(req) : 'open';
    const reports = await reportQueue(ctx, { status, limit: 100 });
    const open = status === 'open';
    const rows = reports.map(
      (
        r,
      ) => html`<tr><th scope="row">#${r.id}</th><td>${target(r, admin.csrfToken)}</td><td>${reasonLabel(r.reason)}</td><td>${r.details || html`<span class="muted">(none)</span>`}</td>
<td>${r.reporter ?? html`<span class="muted">a deleted account</span>`}</td><td>${when(r.created_at)}</td>
<td>${
        open
          ? html`<form class="inline" method="post" action="/admin/reports/${r.id}/resolve">${csrfField(admin.csrfToken)}<button type="submit" aria-label="Resolve report #${r.id}">Resolve</button></form>
<form class="inline" method="post" action="/admin/reports/${r.id}/dismiss">${csrfField(admin.csrfToken)}<button type="submit" aria-label="Dismiss report #${r.id}">Dismiss</button></form>`
          : html`${r.status} ${when(r.resolved_at)}`
      }</td></tr>`,
    );
    sendAdminPage(res, {
      path: '/admin/reports',
      title: 'Reports',
      status: opts.status,
      error: opts.error,
      notice: noticeOf(req, NOTICES),
      body: html`<nav aria-label="Report status"><p>${STATUSES.map(
        (s, i) =>
          html`${i ? ' · ' : ''}${s === status ? html`<strong aria-current="page">${s}</strong>` : html`<a href="/admin/reports?status=${s}">${s}</a>`}`,
      )}</p></nav>
<p>Resolve a report once you have acted on it (fixed the listing, flagged the review, hidden the comment); dismiss it when there is nothing to do.</p>
${
  reports.length === 0
    ? html`<p>No ${status} reports.</p>`
    : html`<table><caption>${plural(reports.length, `${status} report`)}, ${open ? 'oldest first' : 'newest first'}</caption>
<thead><tr><th scope="col">Report</th><th scope="col">About</th><th scope="col">Reason</th><th scope="col">Details</th><th scope="col">Reported by</th><th scope="col">Filed</th><th scope="col">${open ? 'Action' : 'Closed'}</th></tr></thead>
<tbody>${rows}</tbody></table>`
}`,
    });
  };

  router.get('/admin/reports', adminGet(render));

  router.post(
    '/admin/reports/:id/hide-comment',
    adminPost(render, async (req, _res, admin) => {
      const { reports_resolved } = await perform<{ reports_resolved: number }>(
        ctx,
        admin.session,
        'hide_reported_comment',
        { report_id: positiveId(req.params.id, 'report'), reason: field(req, 'reason', OPERATION_FIELD_MAX) },
      );
      return `/admin/reports?done=hidden&n=${reports_resolved}`;
    }),
  );

  for (const [action, outcome] of [
    ['resolve', 'resolved'],
    ['dismiss', 'dismissed'],
  ] as const) {
    router.post(
      `/admin/reports/:id/${action}`,
      adminPost(render, async (req, _res, admin) => {
        await perform(ctx, admin.session, 'close_report', { report_id: positiveId(req.params.id, 'report'), outcome });
        return `/admin/reports?done=${outcome}`;
      }),
    );
  }
  return router;
}
