// GET/POST /password-reset asks for a reset link by email (the answer is the
// same whether or not the address has an account); GET/POST
// /password-reset/confirm?token=… sets the new password and signs the
// account out everywhere.
import express, { type Response, type Router } from 'express';
import type { Context } from '../../context.js';
import { MIN_PASSWORD, requestPasswordReset, resetPassword } from '../../accounts/credentials.js';
import { peekEmailToken } from '../../accounts/email-tokens.js';
import { AppError } from '../../errors.js';
import { field, queryString, staleFormPage, tooManyPage, withinBudget } from '../ui/forms.js';
import { csrfField, errorBox, html, sendPage } from '../ui/html.js';
import { clearSessionCookie, csrfValid, webOf } from '../ui/session.js';

function confirmForm(res: Response, token: string, error?: string, status?: number) {
  const web = webOf(res);
  sendPage(res, {
    status,
    title: 'Choose a new password',
    csrfToken: web.csrfToken,
    signedInAs: web.session?.email,
    body: html`${errorBox(error)}
<form method="post" action="/password-reset/confirm">
${csrfField(web.csrfToken)}
<input type="hidden" name="token" value="${token}">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD}" maxlength="200" aria-describedby="password-hint">
<p id="password-hint">At least ${MIN_PASSWORD} characters.</p>
<button type="submit">Set password</button>
</form>`,
  });
}

function deadLink(res: Response) {
  const web = webOf(res);
  sendPage(res, {
    status: 400,
    title: 'This link does not work',
    csrfToken: web.csrfToken,
    signedInAs: web.session?.email,
    body: html`<p class="error" role="alert">The reset link is unknown, used already or older than one hour.</p><p><a href="/password-reset">Ask for a new link</a></p>`,
  });
}

export function passwordResetRoutes(ctx: Context): Router {
  const router = express.Router();
  router.get('/password-reset', (_req, res) => {
    const web = webOf(res);
    sendPage(res, {
      title: 'Reset your password',
      csrfToken: web.csrfToken,
      signedInAs: web.session?.email,
      body: html`<form method="post" action="/password-reset">
${csrfField(web.csrfToken)}
<label for="email">Email of your account</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254">
<button type="submit">Mail me a reset link</button>
</form>`,
    });
  });

  router.post('/password-reset', async (req, res, next) => {
    try {
      if (!csrfValid(req, res)) return staleFormPage(res);
      const email = field(req, 'email', 254);
      if (
        !(await withinBudget(ctx, `reset-ip:${req.ip}`, 10)) ||
        !(await withinBudget(ctx, `reset-email:${email.trim().toLowerCase()}`, 3))
      ) {
        return tooManyPage(res);
      }
      await requestPasswordReset(ctx, email);
      const web = webOf(res);
      sendPage(res, {
        title: 'Check your email',
        csrfToken: web.csrfToken,
        signedInAs: web.session?.email,
        body: html`<p role="status">If an account uses that address, a reset link is on its way. It works for one hour.</p>`,
      });
    } catch (err) {
      next(err);
    }
  });

  router.get('/password-reset/confirm', async (req, res, next) => {
    try {
      const token = queryString(req, 'token', 200);
      if ((await peekEmailToken(ctx, token, 'reset')) === null) return deadLink(res);
      confirmForm(res, token);
    } catch (err) {
      next(err);
    }
  });

  router.post('/password-reset/confirm', async (req, res, next) => {
    try {
      if (!csrfValid(req, res)) return staleFormPage(res);
      const token = field(req, 'token', 200);
      try {
        const userId = await resetPassword(ctx, token, field(req, 'password', 1000));
        if (userId === null) return deadLink(res);
      } catch (err) {
        if (err instanceof AppError && err.kind === 'invalid') return confirmForm(res, token, err.message, 400);
        throw err;
      }
      clearSessionCookie(ctx, res);
      res.redirect(303, '/sign-in?notice=password-reset');
    } catch (err) {
      next(err);
    }
  });
  return router;
}
