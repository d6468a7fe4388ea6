// The upvote button where people are: on every listing card of every list and,
// large, at the top of a listing's page. For a signed-in person it is a form
// (CSRF token, the page to come back to) that votes, or takes the vote back
// when they already voted (aria-pressed); site.js posts it in place. A
// visitor gets a link to sign in and come back; the owner sees the count only.
// What a page needs to draw them, `VoteViewer`, costs one query per page.
import type { Request, Response } from 'express';
import type { Context } from '../../context.js';
import { votedAmong } from '../../community/votes.js';
import { slug as slugSchema } from '../../../tools/schemas.js';
import { csrfField, html, type SafeHtml } from './html.js';
import { webOf } from './session.js';

/** What a vote post comes back with: a notice, or why it was refused (the same words with and without JS). */
export const VOTE_MESSAGES = {
  voted: 'Your vote is in. Thank you!',
  unvoted: 'Your vote was taken back.',
  'verify-email':
    'Confirm your email address first: only confirmed accounts vote and review. The link is in the mail we sent; your account page can send a new one.',
  'own-listing': 'This is your own listing: makers cannot vote for or review their own products.',
  'not-live': 'Only live listings take votes.',
} as const;
export type VoteOutcome = keyof typeof VOTE_MESSAGES;

/** Outcomes that are refusals (shown as errors, not notices). */
const REFUSALS: ReadonlySet<VoteOutcome> = new Set(['verify-email', 'own-listing', 'not-live']);
export const isRefusal = (code: VoteOutcome) => REFUSALS.has(code);

/** The sign-in page that casts the vote for `slug` once the person is signed in, then goes back to `returnTo`. */
export const signInToVote = (returnTo: string, slug: string) =>
  `/sign-in?return_to=${encodeURIComponent(returnTo)}&vote=${encodeURIComponent(slug)}`;

/** The query parameters a vote post comes back with: the outcome and the listing it was about. */
export const OUTCOME_PARAM = 'vote';
export const OUTCOME_SLUG_PARAM = 'vote_on';
/** The id of the outcome's notice, which the redirect's fragment scrolls to. */
export const NOTICE_ID = 'vote-notice';

/** Longest page address a form carries back; longer ones fall back to the path alone. */
const RETURN_MAX = 1000;

export interface VoteViewer {
  signedIn: boolean;
  csrfToken: string;
  /** The page the forms and the sign-in link come back to: this page's path and query. */
  returnTo: string;
  /** Slugs of the listings on the page the person voted for, and of those they own. */
  voted: ReadonlySet<string>;
  own: ReadonlySet<string>;
  /** The vote post that brought the person here, shown beside its listing. */
  outcome: { slug: string; code: VoteOutcome } | null;
  /** Set once the outcome's notice is on the page: a listing in two lists gets it once. */
  noticeShown: boolean;
}

/** A listing as its vote button needs it. */
export interface Votable {
  slug: string;
  status: string;
  votes: number;
  name?: string;
}

/** This page's path and query without a previous vote's outcome: where the forms come back to. */
export function returnPathOf(req: Request): string {
  const url = new URL(req.originalUrl, 'http://site.invalid');
  url.searchParams.delete(OUTCOME_PARAM);
  url.searchParams.delete(OUTCOME_SLUG_PARAM);
  const path = `${url.pathname}${url.search}`;
  return path.length <= RETURN_MAX && path.startsWith('/') && !path.startsWith('//') ? path : url.pathname;
}

/** The outcome named by this page's query, when it is one of ours about a real slug. */
export function outcomeOf(req: Request): VoteViewer['outcome'] {
  const code = req.query[OUTCOME_PARAM];
  const slug = req.query[OUTCOME_SLUG_PARAM];
  if (typeof code !== 'string' || typeof slug !== 'string' || !Object.hasOwn(VOTE_MESSAGES, code)) return null;
  return slugSchema.safeParse(slug).success ? { slug, code: code as VoteOutcome } : null;
}

/**
 * Who is looking at these listings, for their vote buttons: which of them they
 * voted for and own (one query, none for a visitor who is not signed in).
 */
export async function voteViewer(
  ctx: Context,
  req: Request,
  res: Response,
  listings: readonly { slug: string }[],
): Promise<VoteViewer> {
  const web = webOf(res);
  const session = web?.session ?? null;
  const marks = session
    ? await votedAmong(
        ctx,
        session.userId,
        listings.map((l) => l.slug),
      )
    : { voted: new Set<string>(), own: new Set<string>() };
  return {
    signedIn: session !== null,
    csrfToken: web?.csrfToken ?? '',
    returnTo: returnPathOf(req),
    voted: marks.voted,
    own: marks.own,
    outcome: session ? outcomeOf(req) : null,
    noticeShown: false,
  };
}

const unit = (n: number) => (n === 1 ? ' vote' : ' votes');
const arrow = html`<span class="vote-arrow" aria-hidden="true"></span>`;

/** The count, with the words a screen reader says around it. */
function countParts(listing: Votable, large: boolean): SafeHtml {
  return html`<span class="vote-count"${large ? html` id="vote-count" data-votes="${listing.votes}"` : ''}>${listing.votes}</span><span class="visually-hidden vote-unit">${unit(listing.votes)}</span>`;
}

/**
 * The vote button of a listing for this viewer: a form that votes or takes
 * the vote back, a link to sign in, the count alone on the owner's listing,
 * or nothing before the listing is live. `large` is the listing page's.
 */
export function voteButton(listing: Votable, viewer: VoteViewer, size: 'card' | 'large' = 'card'): SafeHtml | string {
  if (listing.status !== 'live') return '';
  const large = size === 'large';
  const name = listing.name ?? 'this product';
  const sizeClass = large ? ' vote-large' : '';
  const word = (text: string) => (large ? html`<span class="vote-word" aria-hidden="true">${text}</span>` : '');
  if (!viewer.signedIn)
    return html`<a class="vote-button${sizeClass}" href="${signInToVote(viewer.returnTo, listing.slug)}" title="Sign in to vote">${arrow}${word('Upvote')}<span class="visually-hidden">Sign in to upvote ${name}, </span>${countParts(listing, large)}</a>`;
  if (viewer.own.has(listing.slug))
    return html`<span class="vote-button own${sizeClass}" title="Your listing: makers cannot vote for their own products">${arrow}${word('Votes')}<span class="visually-hidden">Your listing ${name} has </span>${countParts(listing, large)}</span>`;
  const voted = viewer.voted.has(listing.slug);
  return html`<form class="vote${sizeClass}" method="post" action="/listings/${listing.slug}/${voted ? 'unvote' : 'vote'}" data-vote="${listing.slug}">${csrfField(viewer.csrfToken)}<input type="hidden" name="return_to" value="${viewer.returnTo}">
<button type="submit" class="vote-button${sizeClass}" aria-pressed="${voted ? 'true' : 'false'}">${arrow}${
    large
      ? html`<span class="vote-word" aria-hidden="true" data-on="Upvoted" data-off="Upvote">${voted ? 'Upvoted' : 'Upvote'}</span>`
      : ''
  }<span class="visually-hidden">Upvote ${name}, </span>${countParts(listing, large)}</button></form>`;
}

/**
 * The notice of the vote post that brought the person here, once per page,
 * beside the listing it was about (the redirect's fragment scrolls to it).
 */
export function voteNotice(slug: string, viewer: VoteViewer): SafeHtml | string {
  const outcome = viewer.outcome;
  if (!outcome || outcome.slug !== slug || viewer.noticeShown) return '';
  viewer.noticeShown = true;
  const message = VOTE_MESSAGES[outcome.code];
  if (!isRefusal(outcome.code))
    return html`<p class="notice vote-notice" role="status" id="${NOTICE_ID}" tabindex="-1">${message}</p>`;
  return html`<p class="error vote-notice" role="alert" id="${NOTICE_ID}" tabindex="-1">${message}${
    outcome.code === 'verify-email' ? html` <a href="/account">Your account</a>` : ''
  }</p>`;
}
