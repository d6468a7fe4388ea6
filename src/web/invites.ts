// The page behind a co-founder invite link: sign up or in (as the invited
// address), then add your own founder profile, which appears on the draft and
// on its listing.
import express, { type Request, type Response, type Router } from 'express';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { openInvite } from '../drafts/invites.js';
import { perform } from './ui/act.js';
import { csrfField, errorBox, html, sendPage } from './ui/html.js';
import { field, OPERATION_FIELD_MAX } from './ui/forms.js';
import { pageErrorHandler, pageMiddleware } from './ui/page.js';
import { csrfValid, webOf } from './ui/session.js';

function form(
  res: Response,
  token: string,
  opts: { product: string; name?: string; title?: string; bio?: string; error?: string; status?: number },
) {
  const web = webOf(res);
  sendPage(res, {
    status: opts.status,
    title: `Add your founder profile to ${opts.product}`,
    csrfToken: web.csrfToken,
    signedInAs: web.session?.email,
    body: html`${errorBox(opts.error)}
<p>You were invited as a co-founder of <strong>${opts.product}</strong>. Your profile is shown on its listing; write it in your own words.</p>
<form method="post" action="/invites/${token}">${csrfField(web.csrfToken)}
<label for="name">Name</label><input id="name" name="name" type="text" required maxlength="160" value="${opts.name ?? web.session?.name ?? ''}">
<label for="title">Role (optional)</label><input id="title" name="title" type="text" maxlength="160" value="${opts.title ?? ''}">
<label for="bio">Short bio (optional)</label><textarea id="bio" name="bio" maxlength="3000" rows="6">${opts.bio ?? ''}</textarea>
<button type="submit">Add my profile</button></form>`,
  });
}

export function invitesRouter(ctx: Context): Router {
  const router = express.Router();
  router.use('/invites', ...pageMiddleware(ctx));

  const load = async (req: Request, res: Response) => {
    const token = String(req.params.token ?? '');
    const invite = await openInvite(ctx, token);
    if (!invite) {
      sendPage(res, {
        status: 404,
        title: 'Invite not found',
        csrfToken: webOf(res).csrfToken,
        body: html`<p>This invite link is not valid. A newer invite may have replaced it: check your latest email.</p>`,
      });
      return null;
    }
    if (!webOf(res).session) {
      res.redirect(303, `/sign-in?return_to=${encodeURIComponent(`/invites/${token}`)}`);
      return null;
    }
    return { token, invite };
  };

  router.get('/invites/:token', async (req, res) => {
    const found = await load(req, res);
    if (found) form(res, found.token, { product: found.invite.domain });
  });

  router.post('/invites/:token', async (req, res) => {
    const found = await load(req, res);
    if (!found) return;
    const session = webOf(res).session!;
    const profile = {
      name: field(req, 'name', OPERATION_FIELD_MAX),
      title: field(req, 'title', OPERATION_FIELD_MAX),
      bio: field(req, 'bio', OPERATION_FIELD_MAX),
    };
    const again = (error: string, status = 400) =>
      form(res, found.token, { product: found.invite.domain, ...profile, error, status });
    if (!csrfValid(req, res)) return again('The form expired. Please send it again.', 403);
    let founderSlug: string;
    try {
      ({ founder_slug: founderSlug } = await perform<{ founder_slug: string }>(ctx, session, 'accept_invite', {
        token: found.token,
        ...profile,
      }));
    } catch (err) {
      if (err instanceof AppError) return again(err.errors[0]?.message ?? err.message, err.status);
      throw err;
    }
    sendPage(res, {
      title: 'Profile added',
      csrfToken: webOf(res).csrfToken,
      signedInAs: session.email,
      body: html`<p>Thank you. Your founder profile is on ${found.invite.domain}'s draft and will show on its listing.</p><p><a href="/founders/${founderSlug}">Your founder page</a></p>`,
    });
  });

  router.use('/invites', pageErrorHandler(ctx));
  return router;
}
