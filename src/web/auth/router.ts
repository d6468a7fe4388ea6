// The people pages for accounts: sign-up, sign-in, sign-out, email
// confirmation, password reset, the account page and its API keys. Form
// bodies are parsed and sessions loaded only on these paths.
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { randomUUID } from 'node:crypto';
import type { Context } from '../../context.js';
import { accountRoutes } from './account.js';
import { apiKeyRoutes } from './api-keys.js';
import { html, sendPage } from '../ui/html.js';
import { notificationRoutes } from './notifications.js';
import { passwordResetRoutes } from './password-reset.js';
import { signInRoutes } from './sign-in.js';
import { signUpRoutes } from './sign-up.js';
import { verifyEmailRoutes } from './verify-email.js';
import { webSession } from '../ui/session.js';

export const WEB_AUTH_PATHS = ['/sign-up', '/sign-in', '/sign-out', '/verify-email', '/password-reset', '/account'];

/** Form parsing and the session, for any router of people pages (the authorize endpoint uses it too). */
export function pageMiddleware(ctx: Context) {
  return [express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 50 }), webSession(ctx)];
}

/** Unexpected failures on a page: logged with a correlation id, a plain page without details. */
export function pageErrorHandler(ctx: Context) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const correlationId = (res.locals.requestId as string | undefined) ?? randomUUID();
    const type = (err as { type?: string })?.type;
    if (type === 'entity.too.large' || type === 'entity.parse.failed' || type === 'parameters.too.many') {
      res.status(400).type('text/plain').send('The form could not be read. Go back and try again.');
      return;
    }
    ctx.logger.error({ err, correlationId }, 'page failed');
    if (res.headersSent) return res.end();
    sendPage(res, {
      status: 500,
      title: 'Something went wrong',
      csrfToken: '',
      body: html`<p class="error" role="alert">Something went wrong on our side. Quote ${correlationId} if you report it.</p>`,
    });
  };
}

export function webAuthRouter(ctx: Context): Router {
  const router = express.Router();
  router.use(WEB_AUTH_PATHS, ...pageMiddleware(ctx));
  router.use(signUpRoutes(ctx), signInRoutes(ctx), verifyEmailRoutes(ctx), passwordResetRoutes(ctx), accountRoutes(ctx), apiKeyRoutes(ctx), notificationRoutes(ctx));
  router.use(WEB_AUTH_PATHS, pageErrorHandler(ctx));
  return router;
}
