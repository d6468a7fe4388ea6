// Review moderation: the latest reviews (or only the flagged ones), each with
// a button to flag it (it leaves the genuine rating and the public list) or
// to take the flag back.
import express, { type Request, type Response, type Router } from 'express';
import type { Context } from '../../context.js';
import { recentReviews } from '../../community/reviews.js';
import { field } from '../ui/forms.js';
import { csrfField, html, plural } from '../ui/html.js';
import { adminGet, adminOf, adminPost, noticeOf, positiveId, sendAdminPage, when, scrollTable } from './common.js';
import { perform } from '../ui/act.js';

const NOTICES = {
  flagged: () => 'Review flagged: it no longer counts in the rating and is hidden from the listing page.',
  unflagged: () => 'Flag removed: the review counts again.',
};

const flaggedView = (req: Request) =>
  req.query.view === 'flagged' || (req.method === 'POST' && field(req, 'view', 10) === 'flagged');

export function reviewRoutes(ctx: Context): Router {
  const router = express.Router();

  const render = async (req: Request, res: Response, opts: { error?: string; status?: number } = {}) => {
    const admin = adminOf(res);
    const onlyFlagged = flaggedView(req);
    const reviews = await recentReviews(ctx, { limit: 100, flaggedOnly: onlyFlagged });
    const viewField = onlyFlagged ? html`<input type="hidden" name="view" value="flagged">` : '';
    const rows = reviews.map(
      (r) => html`<tr><th scope="row">#${r.id}</th><td><a href="/listings/${r.listing.slug}">${r.listing.name}</a></td>
<td>${r.rating} of 5</td><td>${r.body || html`<span class="muted">(no text)</span>`}</td><td>${r.author}</td><td>${when(r.created_at)}</td>
<td>${r.flagged ? html`<strong>flagged</strong>` : 'counted'}</td>
<td><form class="inline" method="post" action="/admin/reviews/${r.id}/${r.flagged ? 'unflag' : 'flag'}">${csrfField(admin.csrfToken)}${viewField}
<button type="submit" aria-label="${r.flagged ? 'Unflag' : 'Flag'} review #${r.id}">${r.flagged ? 'Unflag' : 'Flag'}</button></form></td></tr>`,
    );
    sendAdminPage(res, {
      path: '/admin/reviews',
      title: onlyFlagged ? 'Flagged reviews' : 'Reviews',
      status: opts.status,
      error: opts.error,
      notice: noticeOf(req, NOTICES),
      body: html`<p>Flag a review that is not genuine (paid, fake, by someone tied to the product): it stays stored, leaves the community rating and the listing page. ${
        onlyFlagged
          ? html`<a href="/admin/reviews">Show all recent reviews</a>.`
          : html`<a href="/admin/reviews?view=flagged">Show only flagged reviews</a>.`
      }</p>
${
  reviews.length === 0
    ? html`<p>${onlyFlagged ? 'No flagged reviews.' : 'No reviews yet.'}</p>`
    : scrollTable(
        'Reviews',
        html`<table><caption>The latest ${plural(reviews.length, onlyFlagged ? 'flagged review' : 'review')}, newest first</caption>
<thead><tr><th scope="col">Review</th><th scope="col">Listing</th><th scope="col">Rating</th><th scope="col">Text</th><th scope="col">By</th><th scope="col">Written</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
<tbody>${rows}</tbody></table>`,
      )
}`,
    });
  };

  router.get('/admin/reviews', adminGet(render));

  for (const [action, flagged] of [
    ['flag', true],
    ['unflag', false],
  ] as const) {
    router.post(
      `/admin/reviews/:id/${action}`,
      adminPost(render, async (req, _res, admin) => {
        await perform(ctx, admin.session, 'set_review_flag', {
          review_id: positiveId(req.params.id, 'review'),
          flagged,
        });
        return `/admin/reviews?${flaggedView(req) ? 'view=flagged&' : ''}done=${flagged ? 'flagged' : 'unflagged'}`;
      }),
    );
  }
  return router;
}
