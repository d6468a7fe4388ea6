// GET/POST /sign-in and POST /sign-out. Signing in starts a new session and
// continues at `return_to` (a path on this site, e.g. the authorize request
// that sent the person here), first casting the vote a signed-out visitor
// pressed (`vote`, a listing's slug). Attempts are throttled per address and
// per IP.
import express, { type Response, type Router } from 'express';
import type { Context } from '../../context.js';
import { checkCredentials } from '../../accounts/credentials.js';
import { createSession, endSession, sessionFromCookie } from '../../auth/sessions.js';
import { field, queryString, safeReturnTo, staleFormPage, tooManyPage, withinBudget } from '../ui/forms.js';
import { csrfField, errorBox, html, noticeBox, sendPage } from '../ui/html.js';
import { clearSessionCookie, csrfValid, setSessionCookie, webOf } from '../ui/session.js';
import { isSlug } from '../ui/public-page.js';
import { voteAfterSignIn } from '../votes.js';

/** The listing a signed-out visitor pressed Upvote on, when it is a slug. */
const voteOf = (value: string) => (value && isSlug(value) ? value : undefined);

const NOTICES: Record<string, string> = {
  'signed-out': 'You are signed out.',
  'password-reset': 'Your password was changed. Sign in with the new one.',
};

function form(
  res: Response,
  opts: { returnTo: string; vote?: string; email?: string; error?: string; notice?: string; status?: number },
) {
  const web = webOf(res);
  const notice = opts.notice ?? (opts.vote ? 'Sign in and your vote is cast.' : undefined);
  sendPage(res, {
    status: opts.status,
    title: 'Sign in',
    csrfToken: web.csrfToken,
    signedInAs: web.session?.email,
    body: html`${errorBox(opts.error)}${noticeBox(notice)}
<form method="post" action="/sign-in">
${csrfField(web.csrfToken)}
<input type="hidden" name="return_to" value="${opts.returnTo}">
${opts.vote ? html`<input type="hidden" name="vote" value="${opts.vote}">` : ''}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${opts.email ?? ''}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200">
<button type="submit">Sign in</button>
</form>
<p><a href="/password-reset">Forgot your password?</a> · New here? <a href="/sign-up?return_to=${encodeURIComponent(opts.returnTo)}">Create an account</a>.</p>`,
  });
}

export function signInRoutes(ctx: Context): Router {
  const router = express.Router();
  router.get('/sign-in', (req, res) => {
    const returnTo = safeReturnTo(ctx, queryString(req, 'return_to') || '/account');
    if (webOf(res).session) return res.redirect(303, returnTo);
    form(res, {
      returnTo,
      vote: voteOf(queryString(req, 'vote', 200)),
      notice: NOTICES[queryString(req, 'notice', 40)],
    });
  });

  router.post('/sign-in', async (req, res, next) => {
    try {
      if (!csrfValid(req, res)) return staleFormPage(res);
      const returnTo = safeReturnTo(ctx, field(req, 'return_to', 4096));
      const vote = voteOf(field(req, 'vote', 200));
      const email = field(req, 'email', 254);
      if (
        !(await withinBudget(ctx, `sign-in-ip:${req.ip}`, 30)) ||
        !(await withinBudget(ctx, `sign-in-email:${email.trim().toLowerCase()}`, 10))
      ) {
        return tooManyPage(res);
      }
      const userId = await checkCredentials(ctx, email, field(req, 'password', 1000));
      if (userId === null)
        return form(res, { returnTo, vote, email, error: 'The email or password is not right.', status: 401 });
      await endSession(ctx, webOf(res).sessionCookie);
      const session = await createSession(ctx, userId);
      setSessionCookie(ctx, res, session.cookieValue, session.expiresAt);
      const signedIn = vote ? await sessionFromCookie(ctx, session.cookieValue) : null;
      res.redirect(
        303,
        signedIn && vote ? await voteAfterSignIn(ctx, signedIn, { slug: vote, back: returnTo, ip: req.ip }) : returnTo,
      );
    } catch (err) {
      next(err);
    }
  });

  router.post('/sign-out', async (req, res, next) => {
    try {
      if (!csrfValid(req, res)) return staleFormPage(res);
      await endSession(ctx, webOf(res).sessionCookie);
      clearSessionCookie(ctx, res);
      res.redirect(303, '/sign-in?notice=signed-out');
    } catch (err) {
      next(err);
    }
  });
  return router;
}
