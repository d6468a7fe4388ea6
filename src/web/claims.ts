// The page behind the link a claim by email sends (GET /claims/verify/{token}):
// opening it verifies the claim (SPEC Part 3: "person opens the emailed link
// → verified"), moving the listing to the claimant. The token is the secret
// only that mailbox received; it is stored hashed.
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Context } from '../context.js';
import { verifyEmailLink } from '../claims/claims.js';
import { errorBox, html, noticeBox, sendPage } from './ui/html.js';
import { isVisitorFailure, pageErrorHandler } from './ui/page.js';

export function claimsRouter(ctx: Context): Router {
  const router = express.Router();

  router.get('/claims/verify/:token', async (req: Request<{ token: string }>, res) => {
    const result = await verifyEmailLink(ctx, req.params.token);
    const profile = (slug: string) => `${ctx.config.publicUrl}/listings/${slug}`;
    switch (result.outcome) {
      case 'verified':
      case 'already_verified':
        return sendPage(res, {
          title: 'Claim verified',
          csrfToken: '',
          body: html`${noticeBox(`You now manage ${result.listing.name} (${result.listing.domain}).`)}
<p>The account that made the claim owns the listing: edit it from the account area or through the API (list_my_listings). Verifying does not change its plan.</p>
<p><a href="${profile(result.listing.slug)}">View the listing</a></p>`,
        });
      case 'expired':
        return sendPage(res, {
          status: 410,
          title: 'This link has expired',
          csrfToken: '',
          body: html`${errorBox(`Claims expire after 14 days. Start a new claim of ${result.listing.name} to get a fresh link.`)}`,
        });
      case 'closed':
        return sendPage(res, {
          status: 409,
          title: 'This claim is closed',
          csrfToken: '',
          body: html`${errorBox(`Someone else has already verified ownership of ${result.listing.name}, so this claim is closed.`)}`,
        });
      case 'unknown':
        return sendPage(res, {
          status: 404,
          title: 'Link not found',
          csrfToken: '',
          body: html`${errorBox('This verification link is not valid. If you asked for a new link, use the newest email.')}`,
        });
    }
  });

  router.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    if (isVisitorFailure(err)) return pageErrorHandler(ctx)(err, req, res, next);
    ctx.logger.error({ err, path: req.path }, 'claim link failed');
    sendPage(res, {
      status: 500,
      title: 'Something went wrong',
      csrfToken: '',
      body: html`${errorBox('The claim could not be checked. Try the link again in a minute.')}`,
    });
  });

  return router;
}
