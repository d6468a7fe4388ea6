// GET /verify-email?token=… uses up a mailed verification link;
// POST /account/verify-email mails a fresh one to the signed-in person.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';
import { sendVerificationMail, verifyEmail } from '../../accounts/credentials.js';
import { queryString, staleFormPage, tooManyPage, withinBudget } from '../ui/forms.js';
import { html, sendPage } from '../ui/html.js';
import { csrfValid, webOf } from '../ui/session.js';

export function verifyEmailRoutes(ctx: Context): Router {
  const router = express.Router();
  router.get('/verify-email', async (req, res, next) => {
    try {
      const web = webOf(res);
      const ok = await verifyEmail(ctx, queryString(req, 'token', 200));
      sendPage(res, {
        status: ok ? 200 : 400,
        title: ok ? 'Email address confirmed' : 'This link does not work',
        csrfToken: web.csrfToken,
        signedInAs: web.session?.email,
        body: ok
          ? html`<p role="status">Thank you, your email address is confirmed.</p><p><a href="/account">Go to your account</a></p>`
          : html`<p class="error" role="alert">The confirmation link is unknown, used already or older than 48 hours.</p><p>Sign in and ask for a new one on <a href="/account">your account page</a>.</p>`,
      });
    } catch (err) {
      next(err);
    }
  });

  router.post('/account/verify-email', async (req, res, next) => {
    try {
      if (!csrfValid(req, res)) return staleFormPage(res);
      const session = webOf(res).session;
      if (!session) return res.redirect(303, '/sign-in?return_to=/account');
      if (!(await withinBudget(ctx, `verify-mail:${session.userId}`, 3))) return tooManyPage(res);
      await sendVerificationMail(ctx, session.userId);
      res.redirect(303, '/account?notice=verification-sent');
    } catch (err) {
      next(err);
    }
  });
  return router;
}
