// POST /listings/:slug/vote and /unvote: a signed-in person's upvote and its
// undo, from any page's vote button (ui/vote-button.ts). The rules are the
// services' (castVote, withdrawVote: a confirmed email, not one's own listing,
// live listings only, every change in the audit log); here a session, its
// CSRF token, a same-site request and a per-person budget are checked. A form
// post is sent back to the page it came from (a path on this site, else the
// listing) with the outcome beside the listing; the vote itself is the
// website's operation cast_vote or withdraw_vote (tools/web); site.js asks for JSON instead
// and gets `{ voted, votes, message }`, or a problem with a message to show.
import express, { type Request, type Response, type Router } from 'express';
import type { WebSession } from '../auth/sessions.js';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { publicListingBySlug } from '../listings/profile.js';
import { perform } from './ui/act.js';
import { field, safeReturnTo, staleFormPage, tooManyPage, withinBudget } from './ui/forms.js';
import { pageMiddleware } from './ui/page.js';
import { csrfValid, webOf } from './ui/session.js';
import {
  NOTICE_ID,
  OUTCOME_PARAM,
  OUTCOME_SLUG_PARAM,
  signInToVote,
  VOTE_MESSAGES,
  type VoteOutcome,
} from './ui/vote-button.js';
import { isSlug, listingPath } from './ui/public-page.js';

/** Votes and withdrawals per person per minute. */
export const VOTES_PER_MINUTE = 30;

/** The longest `return_to` read from a form (the button never writes a longer one). */
const RETURN_TO_MAX = 1000;

const STALE_FORM = 'This page is out of date: reload it and try again.';
const TOO_MANY = 'Too many votes at once. Wait a minute and try again.';

/** Where a form post goes back to: a path on this site, or the listing page. */
function backTo(ctx: Context, raw: string, fallback: string): string {
  return raw ? safeReturnTo(ctx, raw, fallback) : fallback;
}

/** The page to go back to, with the outcome and the listing it is about, scrolled to the notice. */
function withOutcome(back: string, code: VoteOutcome, slug: string): string {
  const url = new URL(back, 'http://site.invalid');
  url.searchParams.set(OUTCOME_PARAM, code);
  url.searchParams.set(OUTCOME_SLUG_PARAM, slug);
  return `${url.pathname}${url.search}#${NOTICE_ID}`;
}

/** The service's refusal, in the words the pages use. */
function refusalOf(err: AppError, session: WebSession | null): VoteOutcome {
  if (err.kind === 'forbidden') return session?.emailVerified ? 'own-listing' : 'verify-email';
  return 'not-live';
}

/** True when the script asked for JSON (a plain form post accepts HTML). */
const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json';

/** A refusal for the script: problem details with the message to show, and a link where one helps. */
function sendRefusal(res: Response, status: number, code: string, message: string, href?: string): void {
  res
    .status(status)
    .setHeader('Cache-Control', 'no-store')
    .type('application/problem+json')
    .send(JSON.stringify({ title: message, status, code, detail: message, ...(href ? { href } : {}) }));
}

/**
 * The vote a person asked for before signing in, cast as them now: where to
 * go next, the page they came from with the outcome beside the listing.
 */
export async function voteAfterSignIn(
  ctx: Context,
  session: WebSession,
  args: { slug: string; back: string; ip?: string },
): Promise<string> {
  let listing: Awaited<ReturnType<typeof publicListingBySlug>>;
  try {
    listing = await publicListingBySlug(ctx, args.slug);
  } catch (err) {
    if (err instanceof AppError && err.kind === 'not_found') return args.back;
    throw err;
  }
  try {
    await perform(ctx, session, 'cast_vote', { listing_id: listing.id }, { ip: args.ip });
    return withOutcome(args.back, 'voted', listing.slug);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return withOutcome(args.back, refusalOf(err, session), listing.slug);
  }
}

export function voteRouter(ctx: Context): Router {
  const router = express.Router();

  const route = (action: 'vote' | 'unvote') =>
    router.post(`/listings/:slug/${action}`, ...pageMiddleware(ctx), async (req: Request<{ slug: string }>, res) => {
      const json = wantsJson(req);
      const web = webOf(res);
      const back = backTo(
        ctx,
        field(req, 'return_to', RETURN_TO_MAX),
        isSlug(req.params.slug) ? listingPath(req.params.slug) : '/',
      );
      if (!web.session) {
        const signIn =
          action === 'vote' && isSlug(req.params.slug)
            ? signInToVote(back, req.params.slug)
            : `/sign-in?return_to=${encodeURIComponent(back)}`;
        return json ? sendRefusal(res, 401, 'sign-in', 'Sign in to vote.', signIn) : res.redirect(303, signIn);
      }
      // The token is the defence; a browser that says the post came from another site is refused as well.
      if (req.headers['sec-fetch-site'] === 'cross-site' || !csrfValid(req, res))
        return json ? sendRefusal(res, 403, 'stale-form', STALE_FORM) : staleFormPage(res);
      if (!(await withinBudget(ctx, `vote:${web.session.userId}`, VOTES_PER_MINUTE))) {
        res.setHeader('Retry-After', '60');
        return json ? sendRefusal(res, 429, 'too-many', TOO_MANY) : tooManyPage(res);
      }
      let listing: Awaited<ReturnType<typeof publicListingBySlug>>;
      try {
        listing = await publicListingBySlug(ctx, req.params.slug);
      } catch (err) {
        if (!(err instanceof AppError && err.kind === 'not_found')) throw err;
        return json
          ? sendRefusal(res, 404, 'not-found', 'No such listing.')
          : res.status(404).type('text/plain').send('No such listing.');
      }
      let state: { voted: boolean; votes: number };
      try {
        state = await perform(
          ctx,
          web.session,
          action === 'vote' ? 'cast_vote' : 'withdraw_vote',
          {
            listing_id: listing.id,
          },
          { ip: req.ip },
        );
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.kind === 'unauthenticated')
          return json ? sendRefusal(res, 401, 'sign-in', 'Sign in to vote.') : res.redirect(303, '/sign-in');
        const code = refusalOf(err, web.session);
        return json
          ? sendRefusal(res, err.status, code, VOTE_MESSAGES[code], code === 'verify-email' ? '/account' : undefined)
          : res.redirect(303, withOutcome(back, code, listing.slug));
      }
      const outcome: VoteOutcome = state.voted ? 'voted' : 'unvoted';
      if (json) return res.setHeader('Cache-Control', 'no-store').json({ ...state, message: VOTE_MESSAGES[outcome] });
      res.redirect(303, withOutcome(back, outcome, listing.slug));
    });

  route('vote');
  route('unvote');
  return router;
}
