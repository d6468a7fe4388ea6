// GET/POST /sign-up: create an account with email and password, mail the
// verification link, and sign the person in.
import express, { type Response, type Router } from 'express';
import type { Context } from '../../context.js';
import { signUp, MIN_PASSWORD } from '../../accounts/credentials.js';
import { createSession, endSession } from '../../auth/sessions.js';
import { AppError } from '../../errors.js';
import { field, queryString, safeReturnTo, staleFormPage, tooManyPage, withinBudget } from '../ui/forms.js';
import { csrfField, errorBox, html, sendPage } from '../ui/html.js';
import { csrfValid, setSessionCookie, webOf } from '../ui/session.js';

function form(
  res: Response,
  opts: { returnTo: string; email?: string; name?: string; error?: string; status?: number },
) {
  const web = webOf(res);
  sendPage(res, {
    status: opts.status,
    title: 'Create your account',
    csrfToken: web.csrfToken,
    signedInAs: web.session?.email,
    body: html`${errorBox(opts.error)}
<form method="post" action="/sign-up">
${csrfField(web.csrfToken)}
<input type="hidden" name="return_to" value="${opts.returnTo}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${opts.email ?? ''}">
<label for="name">Name (optional)</label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="120" value="${opts.name ?? ''}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD}" maxlength="200" aria-describedby="password-hint">
<p id="password-hint">At least ${MIN_PASSWORD} characters.</p>
<p class="hint">By creating an account you accept the <a href="/terms">Terms</a>; the <a href="/privacy">Privacy</a> page says what we keep.</p>
<button type="submit">Create account</button>
</form>
<p>Already have an account? <a href="/sign-in?return_to=${encodeURIComponent(opts.returnTo)}">Sign in</a>.</p>`,
  });
}

export function signUpRoutes(ctx: Context): Router {
  const router = express.Router();
  router.get('/sign-up', (req, res) => {
    const returnTo = safeReturnTo(ctx, queryString(req, 'return_to') || '/account');
    if (webOf(res).session) return res.redirect(303, returnTo);
    form(res, { returnTo });
  });
  router.post('/sign-up', async (req, res, next) => {
    try {
      if (!csrfValid(req, res)) return staleFormPage(res);
      if (!(await withinBudget(ctx, `sign-up:${req.ip}`, 10))) return tooManyPage(res);
      const returnTo = safeReturnTo(ctx, field(req, 'return_to', 4096));
      const email = field(req, 'email', 254);
      const name = field(req, 'name', 120);
      try {
        const userId = await signUp(ctx, { email, password: field(req, 'password', 1000), name });
        await endSession(ctx, webOf(res).sessionCookie);
        // A taken address (null) gets the same answer; its owner was mailed.
        if (userId !== null) {
          const session = await createSession(ctx, userId);
          setSessionCookie(ctx, res, session.cookieValue, session.expiresAt);
        }
        res.redirect(303, returnTo);
      } catch (err) {
        if (err instanceof AppError && err.kind === 'invalid')
          return form(res, { returnTo, email, name, error: err.message, status: err.status });
        throw err;
      }
    } catch (err) {
      next(err);
    }
  });
  return router;
}
