// What people do on a listing page: vote (and take it back), follow, review,
// report a listing or a review. `communitySection` renders the part of the
// listing page these forms live in (and the large vote button at its top); the
// POST routes check the session and its CSRF token, throttle, run the
// website's operations (tools/web: follow, review, report) through the
// registry's invoke path and send the person back to the listing with a notice. Votes have their own
// routes (votes.ts), shared with every list's buttons. Only people on the site
// vote: there is no API for it.
import express, { type Request, type Response, type Router } from 'express';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { publicListingBySlug } from '../listings/profile.js';
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS } from '../community/reports.js';
import { REVIEW_BODY_MAX, listingReviews, type ReviewView } from '../community/reviews.js';
import { communityState, type CommunityState } from '../community/community.js';
import { perform } from './ui/act.js';
import { field, queryString, staleFormPage, tooManyPage, withinBudget, OPERATION_FIELD_MAX } from './ui/forms.js';
import { csrfField, errorBox, html, noticeBox, plural, SafeHtml } from './ui/html.js';
import { pageErrorHandler, pageMiddleware } from './ui/page.js';
import { csrfValid, webOf, type WebState } from './ui/session.js';
import { outcomeOf, VOTE_MESSAGES, voteButton, voteNotice, type VoteViewer } from './ui/vote-button.js';
import { voteRouter } from './votes.js';
import { isSlug, listingPath } from './ui/public-page.js';

/** Form posts per person per minute, for each kind of action. */
const BUDGET = { follow: 30, review: 10, report: 10 } as const;

const NOTICES: Record<string, string> = {
  followed: 'You follow this listing: you will be told when its maker posts an update.',
  unfollowed: 'You no longer follow this listing.',
  reviewed: 'Your review is saved.',
  reported: 'Thank you. The site team will look at your report.',
};

const ERRORS: Record<string, string> = {
  'verify-email': VOTE_MESSAGES['verify-email'],
  'own-listing': VOTE_MESSAGES['own-listing'],
  'not-live': 'Only live listings take votes and reviews.',
  'review-invalid': `A review needs a rating from 1 to 5 stars and at most ${REVIEW_BODY_MAX} characters of text.`,
  'report-invalid': `A report needs a reason (${REPORT_REASONS.map((r) => REPORT_REASON_LABELS[r]).join(', ')}) and at most ${REPORT_DETAILS_MAX} characters of details.`,
};

interface ListingRef {
  id: number;
  slug: string;
  owner_id: number | null;
  status: string;
  /** The product's name, for the vote button's accessible name. */
  name?: string;
}

interface Viewer extends CommunityState {
  web: WebState;
}

const stars = (n: number) => `${'★'.repeat(n)}${'☆'.repeat(5 - n)}`;

function reportForm(
  listing: ListingRef,
  viewer: Viewer,
  target: { kind: 'listing' | 'review'; id: number; label: string },
): SafeHtml | string {
  if (!viewer.web.session) return '';
  const idBase = `report-${target.kind}-${target.id}`;
  return html`<details><summary>Report ${target.label}</summary>
<form method="post" action="/reports">${csrfField(viewer.web.csrfToken)}
<input type="hidden" name="target_kind" value="${target.kind}"><input type="hidden" name="target_id" value="${target.id}"><input type="hidden" name="slug" value="${listing.slug}">
<label for="${idBase}-reason">Reason</label>
<select id="${idBase}-reason" name="reason">${REPORT_REASONS.map((r) => html`<option value="${r}">${REPORT_REASON_LABELS[r]}</option>`)}</select>
<label for="${idBase}-details">Details (optional)</label>
<textarea id="${idBase}-details" name="details" rows="3" maxlength="${REPORT_DETAILS_MAX}"></textarea>
<button type="submit">Send report</button></form></details>`;
}

/** The large vote button at the top of the listing page, with a word on why it cannot be pressed. */
function voteBox(listing: ListingRef, viewer: Viewer, req: Request): SafeHtml {
  const session = viewer.web.session;
  const own = session !== null && listing.owner_id === session.userId;
  const buttonViewer: VoteViewer = {
    signedIn: session !== null,
    csrfToken: viewer.web.csrfToken,
    // The page itself without its query: a badge's ?ref=badge is counted once, not again after a vote.
    returnTo: listingPath(listing.slug),
    voted: new Set(viewer.voted ? [listing.slug] : []),
    own: new Set(own ? [listing.slug] : []),
    outcome: session ? outcomeOf(req) : null,
    noticeShown: false,
  };
  const live = listing.status === 'live';
  const hint = !live
    ? 'Votes open when the listing goes live.'
    : !session
      ? 'Sign in to vote: one vote per person.'
      : own
        ? 'This is your listing: makers cannot vote for their own products.'
        : !session.emailVerified
          ? html`Confirm your email address first to vote. <a href="/account">Your account</a>`
          : '';
  return html`<div class="vote-panel" role="group" aria-label="Community votes">
${
  live
    ? voteButton({ ...listing, votes: viewer.votes }, buttonViewer, 'large')
    : html`<p class="vote-total"><span id="vote-count" data-votes="${viewer.votes}">${viewer.votes}</span> ${viewer.votes === 1 ? 'vote' : 'votes'}</p>`
}
${hint ? html`<p class="vote-hint">${hint}</p>` : ''}${voteNotice(listing.slug, buttonViewer)}</div>`;
}

function followBlock(listing: ListingRef, viewer: Viewer): SafeHtml | string {
  if (!viewer.web.session) return '';
  return html`<form method="post" action="/listings/${listing.slug}/${viewer.following ? 'unfollow' : 'follow'}">${csrfField(viewer.web.csrfToken)}
<button type="submit">${viewer.following ? 'Unfollow' : 'Follow for updates'}</button></form>`;
}

function reviewForm(listing: ListingRef, viewer: Viewer): SafeHtml | string {
  const session = viewer.web.session;
  if (listing.status !== 'live' || !session || listing.owner_id === session.userId || !session.emailVerified) return '';
  const mine = viewer.review;
  return html`<form method="post" action="/listings/${listing.slug}/reviews">${csrfField(viewer.web.csrfToken)}
<h4>${mine ? 'Edit your review' : 'Write a review'}</h4>
<fieldset><legend>Rating</legend>
${[5, 4, 3, 2, 1].map(
  (n) =>
    html`<label><input type="radio" name="rating" value="${n}" ${mine?.rating === n ? new SafeHtml('checked') : ''} required> ${n} ${n === 1 ? 'star' : 'stars'}</label>`,
)}</fieldset>
<label for="review-body">Your review</label>
<textarea id="review-body" name="body" rows="4" maxlength="${REVIEW_BODY_MAX}">${mine?.body ?? ''}</textarea>
<button type="submit">${mine ? 'Update review' : 'Publish review'}</button></form>`;
}

function reviewList(listing: ListingRef, viewer: Viewer, reviews: ReviewView[]): SafeHtml {
  if (reviews.length === 0) return html`<p class="muted">No reviews yet.</p>`;
  return html`<ul class="reviews">${reviews.map(
    (
      r,
    ) => html`<li><p><span aria-label="${r.rating} out of 5 stars">${stars(r.rating)}</span> by ${r.author}, <time datetime="${r.created_at}">${r.created_at.slice(0, 10)}</time></p>
${r.body ? html`<p>${r.body}</p>` : ''}${reportForm(listing, viewer, { kind: 'review', id: r.id, label: `this review by ${r.author}` })}</li>`,
  )}</ul>`;
}

/** What the listing page shows of the community: the vote box for its first screen, and the section below. */
export interface CommunityParts {
  /** The vote count and the vote button (or the way to sign in), where the page starts. */
  voteBox: SafeHtml;
  /** Follow, reviews and reports, under the profile. */
  section: SafeHtml;
}

/** The community parts of a listing page: the vote box at the top, then follows, reviews and reports. */
export async function communitySection(ctx: Context, listing: ListingRef, res: Response): Promise<CommunityParts> {
  const web = webOf(res);
  const [state, reviews] = await Promise.all([
    communityState(ctx, listing.id, web.session?.userId ?? null),
    listingReviews(ctx, listing.id, { limit: 50 }),
  ]);
  const viewer: Viewer = { ...state, web };
  const req = res.req as Request;
  const { votes, votes_discounted: discounted, followers } = state;
  const section = html`<h2 id="community">Community</h2>
${noticeBox(NOTICES[queryString(req, 'notice', 20)])}${errorBox(ERRORS[queryString(req, 'error', 20)])}
<p><strong data-vote-total="${listing.slug}">${plural(votes, 'vote')}</strong>${
    discounted > 0
      ? html` · <span id="votes-discounted">${plural(discounted, 'vote')} discounted by the site team</span> (<a href="/how-ranking-works">why</a>)`
      : ''
  } · ${plural(followers, 'follower')}</p>
${followBlock(listing, viewer)}
<h3>Reviews</h3>
${reviewList(listing, viewer, reviews)}
${reviewForm(listing, viewer)}
${reportForm(listing, viewer, { kind: 'listing', id: listing.id, label: 'this listing' })}`;
  return { voteBox: voteBox(listing, viewer, req), section };
}

/** Maps a service refusal to the message code the listing page shows. */
function errorCode(err: AppError, web: WebState, kind: 'follow' | 'review' | 'report'): string {
  if (err.kind === 'not_found') return 'not-live';
  if (err.kind === 'invalid') return kind === 'report' ? 'report-invalid' : 'review-invalid';
  if (err.kind === 'forbidden') return web.session?.emailVerified ? 'own-listing' : 'verify-email';
  return 'not-live';
}

export function communityRouter(ctx: Context): Router {
  const router = express.Router();
  const back = (slug: string, query: string) => `/listings/${slug}?${query}#community`;

  /** A form on the listing page: `operation` (tools/web) with the listing and what `input` reads from the form. */
  const post = (
    path: string,
    kind: keyof typeof BUDGET,
    notice: string,
    operation: string,
    input: (req: Request) => Record<string, unknown> = () => ({}),
  ) => {
    router.post(path, ...pageMiddleware(ctx), async (req: Request<{ slug: string }>, res: Response) => {
      const web = webOf(res);
      if (!web.session)
        return res.redirect(303, `/sign-in?return_to=${encodeURIComponent(`/listings/${req.params.slug}`)}`);
      if (!csrfValid(req, res)) return staleFormPage(res);
      if (!(await withinBudget(ctx, `${kind}:${web.session.userId}`, BUDGET[kind]))) return tooManyPage(res);
      let listing: Awaited<ReturnType<typeof publicListingBySlug>>;
      try {
        listing = await publicListingBySlug(ctx, req.params.slug);
      } catch (err) {
        if (err instanceof AppError && err.kind === 'not_found')
          return res.status(404).type('text/plain').send('No such listing.');
        throw err;
      }
      try {
        await perform(ctx, web.session, operation, { listing_id: listing.id, ...input(req) });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return res.redirect(303, back(listing.slug, `error=${errorCode(err, web, kind)}`));
      }
      res.redirect(303, back(listing.slug, `notice=${notice}`));
    });
  };

  router.use(voteRouter(ctx));
  post('/listings/:slug/follow', 'follow', 'followed', 'follow_listing');
  post('/listings/:slug/unfollow', 'follow', 'unfollowed', 'unfollow_listing');
  post('/listings/:slug/reviews', 'review', 'reviewed', 'write_review', (req) => ({
    rating: field(req, 'rating', OPERATION_FIELD_MAX),
    body: field(req, 'body', OPERATION_FIELD_MAX),
  }));

  router.post('/reports', ...pageMiddleware(ctx), async (req: Request, res: Response) => {
    const web = webOf(res);
    const slug = field(req, 'slug', 220);
    const returnTo = isSlug(slug) ? slug : null;
    if (!web.session)
      return res.redirect(
        303,
        `/sign-in${returnTo ? `?return_to=${encodeURIComponent(`/listings/${returnTo}`)}` : ''}`,
      );
    if (!csrfValid(req, res)) return staleFormPage(res);
    if (!(await withinBudget(ctx, `report:${web.session.userId}`, BUDGET.report))) return tooManyPage(res);
    try {
      await perform(ctx, web.session, 'file_report', {
        target_kind: field(req, 'target_kind', OPERATION_FIELD_MAX),
        target_id: field(req, 'target_id', OPERATION_FIELD_MAX),
        reason: field(req, 'reason', OPERATION_FIELD_MAX),
        details: field(req, 'details', OPERATION_FIELD_MAX),
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (!returnTo) return res.status(err.status).type('text/plain').send(err.message);
      return res.redirect(303, back(returnTo, `error=${errorCode(err, web, 'report')}`));
    }
    res.redirect(303, returnTo ? back(returnTo, 'notice=reported') : '/');
  });

  router.use(['/listings', '/reports'], pageErrorHandler(ctx));
  return router;
}
