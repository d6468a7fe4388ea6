// The people pages for accounts: sign-up, sign-in, sign-out, email
// confirmation, password reset, the account page, its API keys and webhooks. Form
// bodies are parsed and sessions loaded only on these paths.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';
import { accountRoutes } from './account.js';
import { apiKeyRoutes } from './api-keys.js';
import { notificationRoutes } from './notifications.js';
import { passwordResetRoutes } from './password-reset.js';
import { signInRoutes } from './sign-in.js';
import { signUpRoutes } from './sign-up.js';
import { verifyEmailRoutes } from './verify-email.js';
import { webhookRoutes } from './webhooks.js';
import { pageErrorHandler, pageMiddleware } from '../ui/page.js';

export const WEB_AUTH_PATHS = ['/sign-up', '/sign-in', '/sign-out', '/verify-email', '/password-reset', '/account'];

export function webAuthRouter(ctx: Context): Router {
  const router = express.Router();
  router.use(WEB_AUTH_PATHS, ...pageMiddleware(ctx));
  router.use(
    signUpRoutes(ctx),
    signInRoutes(ctx),
    verifyEmailRoutes(ctx),
    passwordResetRoutes(ctx),
    accountRoutes(ctx),
    apiKeyRoutes(ctx),
    webhookRoutes(ctx),
    notificationRoutes(ctx),
  );
  router.use(WEB_AUTH_PATHS, pageErrorHandler(ctx));
  return router;
}
